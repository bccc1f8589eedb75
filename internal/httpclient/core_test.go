package httpclient

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type testError struct {
	status int
	Code   string `json:"code"`
}

func (e *testError) Error() string { return fmt.Sprintf("%d %s", e.status, e.Code) }

func TestCoreDo(t *testing.T) {
	var seen *http.Request
	var seenBody string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = r
		b, _ := io.ReadAll(r.Body)
		seenBody = string(b)
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/ok":
			_, _ = io.WriteString(w, `{"data":{"name":"x"}}`)
		case "/gone":
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `{"code":"NOT_FOUND"}`)
		}
	}))
	defer srv.Close()
	base, err := url.Parse(srv.URL)
	require.NoError(t, err)
	c := Core{
		Service:   "test API",
		Base:      base,
		HTTP:      New(Options{RetryMax: 1}),
		UserAgent: "agent/1",
		Authorize: func(r *http.Request) { r.Header.Set("Authorization", "Bearer t") },
		DecodeError: func(status int, body []byte) error {
			e := &testError{status: status}
			_ = json.Unmarshal(body, e)
			return e
		},
		Result: func(body []byte) (json.RawMessage, error) {
			var env struct {
				Data json.RawMessage `json:"data"`
			}
			err := json.Unmarshal(body, &env)
			return env.Data, err
		},
	}
	ctx := context.Background()

	var out struct {
		Name string `json:"name"`
	}
	err = c.Do(ctx, Request{Method: http.MethodPost, Path: "/ok", Query: url.Values{"a": {"1"}}, Body: map[string]int{"n": 1}}, &out)
	require.NoError(t, err)
	assert.Equal(t, "x", out.Name)
	assert.Equal(t, "Bearer t", seen.Header.Get("Authorization"))
	assert.Equal(t, "agent/1", seen.Header.Get("User-Agent"))
	assert.Equal(t, "application/json", seen.Header.Get("Content-Type"))
	assert.Equal(t, "1", seen.URL.Query().Get("a"))
	assert.JSONEq(t, `{"n":1}`, seenBody)

	err = c.Do(ctx, Request{Method: http.MethodGet, Path: "/gone"}, &out)
	var te *testError
	require.ErrorAs(t, err, &te)
	assert.Equal(t, http.StatusNotFound, te.status)
	assert.Equal(t, "NOT_FOUND", te.Code)
}
