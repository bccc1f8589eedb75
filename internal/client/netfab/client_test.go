package netfab

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/wait"
)

// fakeAPI is a tiny stand-in server for behaviours the real sandbox does not
// produce on demand (token expiry of one second, scripted 429/5xx answers).
type fakeAPI struct {
	tokenTTL     int64
	tokenCalls   atomic.Int64
	productCalls atomic.Int64
	product      func(call int64) (int, any, http.Header)
}

func (f *fakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/oauth2/token":
		user, pass, ok := r.BasicAuth()
		if !ok || user != "ak" || pass != "sk" {
			httpx.WriteJSON(w, http.StatusUnauthorized, api.ErrorBody{Code: api.CodeUnauthorized, Message: "bad credentials"})
			return
		}
		n := f.tokenCalls.Add(1)
		httpx.WriteJSON(w, http.StatusOK, api.TokenResponse{AccessToken: "tok" + string(rune('0'+n)), TokenType: "Bearer", ExpiresIn: f.tokenTTL})
	case "/v3/products/p1":
		if httpx.BearerToken(r) == "" {
			httpx.WriteJSON(w, http.StatusUnauthorized, api.ErrorBody{Code: api.CodeUnauthorized, Message: "no token"})
			return
		}
		status, body, hdr := f.product(f.productCalls.Add(1))
		for k, v := range hdr {
			w.Header()[k] = v
		}
		httpx.WriteJSON(w, status, body)
	default:
		http.NotFound(w, r)
	}
}

func newFake(t *testing.T, f *fakeAPI) *Client {
	t.Helper()
	if f.tokenTTL == 0 {
		f.tokenTTL = 3600
	}
	url := sandboxtest.Serve(t, f)
	c, err := New(Config{
		BaseURL: url, AccessKey: "ak", SecretKey: "sk",
		PollBackoff: wait.Backoff{Initial: time.Millisecond, Factor: 2, Max: 5 * time.Millisecond},
	})
	require.NoError(t, err)
	return c
}

func product(status string) api.Envelope[api.Product] {
	return api.Envelope[api.Product]{Data: api.Product{ProductUID: "p1", ProvisioningStatus: status}}
}

func TestTokenIsCachedAndRefreshedWhenExpired(t *testing.T) {
	live := func(int64) (int, any, http.Header) { return 200, product(api.StatusLive), nil }
	for _, tc := range []struct {
		ttl        int64
		wantTokens int64
	}{
		{ttl: 3600, wantTokens: 1}, // cached for every call
		{ttl: 1, wantTokens: 3},    // already within the refresh margin: fetched anew
	} {
		f := &fakeAPI{tokenTTL: tc.ttl, product: live}
		c := newFake(t, f)
		for i := 0; i < 3; i++ {
			if _, err := c.Product(context.Background(), "p1"); err != nil {
				t.Fatal(err)
			}
		}
		if got := f.tokenCalls.Load(); got != tc.wantTokens {
			t.Errorf("ttl %ds: %d token requests, want %d", tc.ttl, got, tc.wantTokens)
		}
	}
}

func TestRetriesRateLimitAndServerErrors(t *testing.T) {
	f := &fakeAPI{product: func(call int64) (int, any, http.Header) {
		switch call {
		case 1:
			return 429, api.ErrorBody{Code: api.CodeRateLimited, Message: "slow down"}, http.Header{"Retry-After": {"1"}}
		case 2:
			return 503, api.ErrorBody{Code: api.CodeInternal, Message: "busy"}, nil
		default:
			return 200, product(api.StatusLive), nil
		}
	}}
	c := newFake(t, f)
	p, err := c.Product(context.Background(), "p1")
	require.NoError(t, err)
	require.Equal(t, api.StatusLive, p.ProvisioningStatus, "got %+v after %d calls, want LIVE after 3", p, f.productCalls.Load())
	require.EqualValues(t, 3, f.productCalls.Load(), "got %+v after %d calls, want LIVE after 3", p, f.productCalls.Load())
}

func TestErrorBodyIsDecoded(t *testing.T) {
	f := &fakeAPI{product: func(int64) (int, any, http.Header) {
		return 400, api.ErrorBody{Code: api.CodeValidationFailed, Field: "portSpeed", Message: "portSpeed: must be one of 1000"}, nil
	}}
	_, err := newFake(t, f).Product(context.Background(), "p1")
	var apiErr *APIError
	require.True(t, errors.As(err, &apiErr), "err = %#v, want a decoded 400 naming portSpeed", err)
	require.EqualValues(t, 400, apiErr.StatusCode, "err = %#v, want a decoded 400 naming portSpeed", err)
	require.Equal(t, "portSpeed", apiErr.Field, "err = %#v, want a decoded 400 naming portSpeed", err)
	require.Equal(t, api.CodeValidationFailed, apiErr.Code, "err = %#v, want a decoded 400 naming portSpeed", err)
	require.EqualValues(t, 1, f.productCalls.Load(), "a 400 was retried %d times", f.productCalls.Load()-1)
}

func TestIsNotFound(t *testing.T) {
	f := &fakeAPI{product: func(int64) (int, any, http.Header) {
		return 404, api.ErrorBody{Code: api.CodeNotFound, Message: "no such product"}, nil
	}}
	_, err := newFake(t, f).Product(context.Background(), "p1")
	require.True(t, IsNotFound(err), "IsNotFound(%v) = false", err)
}

func TestWaitForProvisioned(t *testing.T) {
	statuses := []string{api.StatusDeployable, api.StatusDeployable, api.StatusConfigured}
	f := &fakeAPI{product: func(call int64) (int, any, http.Header) {
		return 200, product(statuses[min(int(call), len(statuses))-1]), nil
	}}
	p, err := newFake(t, f).WaitForProvisioned(context.Background(), "p1", time.Minute)
	if err != nil || p.ProvisioningStatus != api.StatusConfigured || f.productCalls.Load() != 3 {
		t.Fatalf("got %q, %v after %d polls; want CONFIGURED after 3", p.ProvisioningStatus, err, f.productCalls.Load())
	}
}

func TestWaitForProvisionedTimesOutWithLastState(t *testing.T) {
	f := &fakeAPI{product: func(int64) (int, any, http.Header) { return 200, product(api.StatusDeployable), nil }}
	p, err := newFake(t, f).WaitForProvisioned(context.Background(), "p1", 30*time.Millisecond)
	require.True(t, errors.Is(err, wait.ErrTimeout), "got %q, %v; want DEPLOYABLE and a timeout", p.ProvisioningStatus, err)
	require.Equal(t, api.StatusDeployable, p.ProvisioningStatus, "got %q, %v; want DEPLOYABLE and a timeout", p.ProvisioningStatus, err)
}

func TestWaitForProvisionedFailsOnCancelledProduct(t *testing.T) {
	f := &fakeAPI{product: func(int64) (int, any, http.Header) { return 200, product(api.StatusCancelled), nil }}
	_, err := newFake(t, f).WaitForProvisioned(context.Background(), "p1", time.Minute)
	if err == nil || errors.Is(err, wait.ErrTimeout) {
		t.Fatalf("err = %v, want a cancelled-product error", err)
	}
}

func TestCancelledContextStopsRetries(t *testing.T) {
	f := &fakeAPI{product: func(int64) (int, any, http.Header) {
		return 503, api.ErrorBody{Code: api.CodeInternal, Message: "down"}, http.Header{"Retry-After": {"30"}}
	}}
	c := newFake(t, f)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for f.productCalls.Load() == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	_, err := c.Product(ctx, "p1")
	require.True(t, errors.Is(err, context.Canceled), "err = %v, want context.Canceled", err)
}

func TestNewRejectsBadConfig(t *testing.T) {
	for _, cfg := range []Config{
		{BaseURL: "not a url", AccessKey: "a", SecretKey: "s"},
		{BaseURL: "https://127.0.0.1:1", AccessKey: "", SecretKey: "s"},
		{BaseURL: "https://127.0.0.1:1", AccessKey: "a", SecretKey: ""},
	} {
		if _, err := New(cfg); err == nil {
			t.Errorf("New(%+v) accepted a bad configuration", cfg)
		}
	}
}
