package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type body struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func bodyError(status int, code, msg string) *Error {
	return &Error{Status: status, Body: body{Code: code, Message: msg}, Message: msg}
}

func testService() *Service {
	s := NewService("test", testErrors)
	s.Handle("GET /ok", func(w http.ResponseWriter, r *http.Request) error {
		WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
		return nil
	})
	s.Handle("GET /conflict", func(w http.ResponseWriter, r *http.Request) error {
		e := bodyError(http.StatusTooManyRequests, "SLOW_DOWN", "wait")
		e.RetryAfter = 1500 * time.Millisecond
		return fmt.Errorf("in a transaction: %w", e)
	})
	s.Handle("GET /broken", func(w http.ResponseWriter, r *http.Request) error { return errors.New("disk on fire") })
	s.Handle("GET /panic", func(w http.ResponseWriter, r *http.Request) error { panic("boom") })
	noContent := func(w http.ResponseWriter, r *http.Request) error { w.WriteHeader(http.StatusNoContent); return nil }
	s.Handle("DELETE /methods", noContent)
	s.Handle("GET /methods", noContent)
	s.Handle("GET /guarded/{id}", noContent)
	s.Guard("/guarded/", func(h HandlerFunc) HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) error {
			if r.Header.Get("X-Key") != "open" {
				return bodyError(http.StatusUnauthorized, "NO_KEY", "no key")
			}
			return h(w, r)
		}
	})
	return s
}

func do(t *testing.T, h http.Handler, method, path string) (*httptest.ResponseRecorder, map[string]any) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
	var m map[string]any
	if rec.Body.Len() > 0 {
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &m), rec.Body.String())
	}
	return rec, m
}

func TestServiceAnswersEveryErrorInTheServiceBody(t *testing.T) {
	s := testService()
	for _, tc := range []struct {
		method, path string
		status       int
		code         string
		header       map[string]string
	}{
		{http.MethodGet, "/ok", http.StatusOK, "", nil},
		{http.MethodGet, "/conflict", http.StatusTooManyRequests, "SLOW_DOWN", map[string]string{"Retry-After": "2"}},
		{http.MethodGet, "/broken", http.StatusInternalServerError, "INTERNAL", nil},
		{http.MethodGet, "/panic", http.StatusInternalServerError, "INTERNAL", nil},
		{http.MethodGet, "/nowhere", http.StatusNotFound, "NOT_FOUND", nil},
		{http.MethodPost, "/ok", http.StatusMethodNotAllowed, "METHOD", map[string]string{"Allow": "GET, HEAD"}},
		{http.MethodPost, "/methods", http.StatusMethodNotAllowed, "METHOD", map[string]string{"Allow": "GET, HEAD, DELETE"}},
		{http.MethodDelete, "/methods", http.StatusNoContent, "", nil},
		// A guard answers before routing: the same for every path and
		// method under its prefix.
		{http.MethodGet, "/guarded/1", http.StatusUnauthorized, "NO_KEY", nil},
		{http.MethodDelete, "/guarded/1", http.StatusUnauthorized, "NO_KEY", nil},
		{http.MethodGet, "/guarded/1/nowhere", http.StatusUnauthorized, "NO_KEY", nil},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			rec, m := do(t, s, tc.method, tc.path)
			require.Equal(t, tc.status, rec.Code, rec.Body.String())
			if tc.code != "" {
				assert.Equal(t, tc.code, m["code"])
				assert.Equal(t, "application/json", rec.Header().Get("Content-Type"))
			}
			for k, v := range tc.header {
				assert.Equal(t, v, rec.Header().Get(k), k)
			}
		})
	}
}

func TestRateLimiterDefaultBurst(t *testing.T) {
	l := NewRateLimiter(0.001, 0)
	ok, _ := l.Allow("a")
	require.True(t, ok, "the first request of a key passes")
	ok, wait := l.Allow("a")
	require.False(t, ok)
	assert.Positive(t, wait)
	ok, _ = l.Allow("b")
	assert.True(t, ok, "keys are limited separately")

	ok, _ = NewRateLimiter(0, 0).Allow("a")
	assert.True(t, ok, "a zero rate disables limiting")
}

// testErrors are the error bodies of the test services.
var testErrors = Errors{
	NotFound: func(r *http.Request) *Error { return bodyError(http.StatusNotFound, "NOT_FOUND", "no "+r.URL.Path) },
	MethodNotAllowed: func(r *http.Request, allowed string) *Error {
		return bodyError(http.StatusMethodNotAllowed, "METHOD", NotAllowedMessage(r, allowed))
	},
	Internal: func(*http.Request, error) *Error {
		return bodyError(http.StatusInternalServerError, "INTERNAL", "internal error")
	},
}

func TestGuardPassesTheRequestOn(t *testing.T) {
	s := testService()
	for _, tc := range []struct {
		method, path string
		status       int
	}{
		{http.MethodGet, "/guarded/1", http.StatusNoContent},
		{http.MethodDelete, "/guarded/1", http.StatusMethodNotAllowed},
		{http.MethodGet, "/guarded/1/nowhere", http.StatusNotFound},
	} {
		req := httptest.NewRequest(tc.method, tc.path, nil)
		req.Header.Set("X-Key", "open")
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		assert.Equal(t, tc.status, rec.Code, "%s %s: %s", tc.method, tc.path, rec.Body.String())
	}
}
