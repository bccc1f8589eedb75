package httpclient

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestRetryAfterIsBoundedByRetryWaitMax: a service that answers 429 with
// Retry-After of an hour is retried after RetryWaitMax, not after an hour.
func TestRetryAfterIsBoundedByRetryWaitMax(t *testing.T) {
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
	defer srv.Close()
	c := New(Options{RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond})
	// The context only stops the test from hanging if the bound is missing.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
	require.NoError(t, err)
	resp, err := c.Do(req)
	require.NoError(t, err, "the retry came within the context")
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.EqualValues(t, 2, calls.Load())
}

func TestBoundedBackoff(t *testing.T) {
	resp := &http.Response{StatusCode: http.StatusServiceUnavailable, Header: http.Header{"Retry-After": {"120"}}}
	require.Equal(t, 10*time.Second, boundedBackoff(time.Second, 10*time.Second, 1, resp))
	resp.Header.Set("Retry-After", "2")
	require.Equal(t, 2*time.Second, boundedBackoff(time.Second, 10*time.Second, 1, resp), "a shorter Retry-After is kept")
	require.Equal(t, 4*time.Second, boundedBackoff(time.Second, 10*time.Second, 2, nil))
}
