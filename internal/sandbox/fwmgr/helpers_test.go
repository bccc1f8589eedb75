package fwmgr_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

// These tests speak raw HTTP with JSON written by hand, so that a wire type
// that is wrong on both the client's and the sandbox's side cannot hide.

type answer struct {
	status int
	header http.Header
	body   map[string]any
	raw    string
}

// post sends body to path (below the sandbox URL) with the session ID sid
// ("" sends none).
func post(t *testing.T, sb *fwmgrtest.Sandbox, path, sid, body string) answer {
	t.Helper()
	return do(t, sb, http.MethodPost, path, sid, body)
}

func do(t *testing.T, sb *fwmgrtest.Sandbox, method, path, sid, body string) answer {
	t.Helper()
	req, err := http.NewRequest(method, sb.URL+path, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	if sid != "" {
		req.Header.Set("X-chkp-sid", sid)
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	var raw json.RawMessage
	require.NoError(t, json.NewDecoder(res.Body).Decode(&raw), "%s %s answers JSON", method, path)
	a := answer{status: res.StatusCode, header: res.Header, raw: string(raw)}
	require.NoError(t, json.Unmarshal(raw, &a.body), "%s %s answers a JSON object: %s", method, path, raw)
	return a
}

// login logs in with the default password and returns the sid.
func login(t *testing.T, sb *fwmgrtest.Sandbox, extra string) string {
	t.Helper()
	body := fmt.Sprintf(`{"user": %q, "password": %q%s}`, fwmgr.DefaultUser, fwmgr.DefaultPassword, extra)
	a := post(t, sb, "/os_api/v1.8/login", "", body)
	require.Equal(t, http.StatusOK, a.status, a.raw)
	sid, _ := a.body["sid"].(string)
	require.NotEmpty(t, sid)
	return sid
}

// show calls an OS show command and requires a 200.
func show(t *testing.T, sb *fwmgrtest.Sandbox, sid, command, body string) map[string]any {
	t.Helper()
	a := post(t, sb, "/os_api/v1.8/"+command, sid, body)
	require.Equal(t, http.StatusOK, a.status, "%s %s: %s", command, body, a.raw)
	return a.body
}

// requireError checks the status and the error body's code, and that the
// message contains each of words.
func requireError(t *testing.T, a answer, status int, code string, words ...string) {
	t.Helper()
	require.Equal(t, status, a.status, a.raw)
	require.Equal(t, code, a.body["code"], a.raw)
	msg, _ := a.body["message"].(string)
	for _, w := range words {
		require.Contains(t, msg, w, a.raw)
	}
}

func objects(t *testing.T, body map[string]any, key string) []map[string]any {
	t.Helper()
	list, ok := body[key].([]any)
	require.True(t, ok, "%s is a list: %v", key, body[key])
	out := make([]map[string]any, len(list))
	for i, x := range list {
		out[i], ok = x.(map[string]any)
		require.True(t, ok, "%s[%d] is an object", key, i)
	}
	return out
}

func num(v any) int64 {
	f, _ := v.(float64)
	return int64(f)
}
