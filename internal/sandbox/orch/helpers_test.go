package orch_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// env talks raw HTTP to a test controller, with JSON written by hand, so that
// a wire type that is wrong on both sides cannot hide.
type env struct {
	t     *testing.T
	ctl   *orchtest.Controller
	token string
}

func start(t *testing.T, opts orchtest.Options) *env {
	t.Helper()
	e := &env{t: t, ctl: orchtest.Start(t, opts)}
	e.token = e.login("admin", orchtest.AdminPassword)
	return e
}

// as is the same controller seen by another user.
func (e *env) as(user, password string) *env {
	return &env{t: e.t, ctl: e.ctl, token: e.login(user, password)}
}

func (e *env) login(user, password string) string {
	e.t.Helper()
	status, body := e.raw("", http.MethodPost, "/v1/login", fmt.Sprintf(`{"username": %q, "password": %q}`, user, password))
	require.Equal(e.t, http.StatusOK, status, "login as %s: %v", user, body)
	return body["token"].(string)
}

// raw sends a request with the given token (none when empty) and decodes an
// object answer.
func (e *env) raw(token, method, path, body string) (int, map[string]any) {
	e.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.ctl.URL+path, rd)
	require.NoError(e.t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := e.ctl.Client.Do(req)
	require.NoError(e.t, err)
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	require.NoError(e.t, err)
	var out map[string]any
	if len(data) > 0 {
		require.NoError(e.t, json.Unmarshal(data, &out), "answer of %s %s: %s", method, path, data)
	}
	return res.StatusCode, out
}

func (e *env) do(method, path, body string) (int, map[string]any) {
	e.t.Helper()
	return e.raw(e.token, method, path, body)
}

// must sends a request and requires the status.
func (e *env) must(status int, method, path, body string) map[string]any {
	e.t.Helper()
	got, out := e.do(method, path, body)
	require.Equal(e.t, status, got, "%s %s %s: %v", method, path, body, out)
	return out
}

// fails sends a request and requires an error answer with the status, code
// and field, and a message holding each of the fragments.
func (e *env) fails(status int, code, field, method, path, body string, fragments ...string) map[string]any {
	e.t.Helper()
	out := e.must(status, method, path, body)
	require.Equal(e.t, code, out["code"], "code of %v", out)
	if field != "" {
		require.Equal(e.t, field, out["field"], "field of %v", out)
		require.True(e.t, strings.HasPrefix(out["message"].(string), field+": "), "message names the field: %v", out)
	}
	for _, f := range fragments {
		require.Contains(e.t, out["message"], f)
	}
	return out
}

// get reads a dotted path ("charm.revision", "units.0.name") of a decoded
// answer.
func get(v any, path string) any {
	for _, p := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			v = x[p]
		case []any:
			i, err := strconv.Atoi(p)
			if err != nil || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

func str(v any, path string) string {
	s, _ := get(v, path).(string)
	return s
}

func num(v any, path string) int {
	f, _ := get(v, path).(float64)
	return int(f)
}

func items(v map[string]any) []any {
	l, _ := v["items"].([]any)
	return l
}

func strs(v any, path string) []string {
	l, _ := get(v, path).([]any)
	out := []string{}
	for _, x := range l {
		out = append(out, x.(string))
	}
	return out
}

// clock is a test clock that moves only when told.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// model adds a model and returns its UUID.
func (e *env) model(name, cloud string) string {
	e.t.Helper()
	body := fmt.Sprintf(`{"name": %q}`, name)
	if cloud != "" {
		body = fmt.Sprintf(`{"name": %q, "cloud": %q}`, name, cloud)
	}
	return str(e.must(http.StatusCreated, http.MethodPost, "/v1/models", body), "uuid")
}

// quote renders s as a JSON string.
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

func stringsReader(s string) io.Reader { return strings.NewReader(s) }
