package httpx

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// faultServer serves a handler that counts the requests it ran, behind
// faults, and collects the fault log lines.
type faultServer struct {
	url    string
	ran    atomic.Int64
	fi     *FaultInjector
	mu     sync.Mutex
	logged []string
}

func (s *faultServer) lines() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.logged...)
}

func startFaultServer(t *testing.T, f Faults) *faultServer {
	t.Helper()
	s := &faultServer{}
	f.Logf = func(format string, args ...any) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.logged = append(s.logged, fmt.Sprintf(format, args...))
	}
	s.fi = NewFaultInjector("test", f)
	srv := httptest.NewServer(s.fi.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.ran.Add(1)
		WriteJSON(w, http.StatusCreated, map[string]string{"ok": "yes"})
	})))
	t.Cleanup(srv.Close)
	s.url = srv.URL
	return s
}

// outcome sends one POST on a fresh connection (so that the transport
// replays nothing by itself) and names what came back.
func outcome(t *testing.T, url string) string {
	t.Helper()
	c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := c.Post(url+"/things", "application/json", strings.NewReader(`{}`))
	if err != nil {
		return "no answer"
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	if resp.StatusCode == http.StatusTooManyRequests {
		require.NotEmpty(t, resp.Header.Get("Retry-After"), "a 429 says when to retry")
	}
	return fmt.Sprint(resp.StatusCode)
}

func TestFaultsAreInjectedAtTheirRates(t *testing.T) {
	s := startFaultServer(t, Faults{Seed: 7, ErrorRate: 0.2, ThrottleRate: 0.1, DropRate: 0.1, LostRate: 0.1})
	const n = 400
	got := map[string]int{}
	for range n {
		got[outcome(t, s.url)]++
	}
	inj := s.fi.Injected()
	// Every fault was counted and logged once.
	logged := s.lines()
	assert.Equal(t, int64(len(logged)), s.fi.Total())
	assert.Equal(t, int(inj[FaultThrottle]), got["429"])
	assert.Equal(t, int(inj[FaultError]), got["500"]+got["502"]+got["503"])
	assert.Equal(t, int(inj[FaultDrop]+inj[FaultLost]), got["no answer"])
	assert.Equal(t, n-int(s.fi.Total()), got["201"])
	// Dropped requests never reached the handler; lost ones did.
	assert.Equal(t, int64(got["201"])+inj[FaultLost], s.ran.Load())
	for kind, want := range map[string]float64{FaultError: 0.2, FaultThrottle: 0.1, FaultDrop: 0.1, FaultLost: 0.1} {
		assert.InDelta(t, want*n, float64(inj[kind]), 0.06*n, kind)
	}
	for _, line := range logged {
		assert.Contains(t, line, "test: fault injected: ")
		assert.Contains(t, line, "POST /things")
		assert.Contains(t, line, "(seed 7)")
	}
}

func TestFaultsReplayWithTheSameSeed(t *testing.T) {
	run := func(seed uint64) []string {
		s := startFaultServer(t, Faults{Seed: seed, ErrorRate: 0.25, ThrottleRate: 0.25, LostRate: 0.25})
		var out []string
		for range 60 {
			out = append(out, outcome(t, s.url))
		}
		return out
	}
	first := run(42)
	assert.Equal(t, first, run(42), "same seed, same requests: same faults")
	assert.NotEqual(t, first, run(43), "another seed gives other faults")
}

func TestFaultsDependOnEachPathsOwnSequence(t *testing.T) {
	// Interleaving requests to another path does not change the faults of
	// this one, so that concurrent clients replay too.
	fa := NewFaultInjector("a", Faults{Seed: 1, ErrorRate: 0.5})
	fb := NewFaultInjector("b", Faults{Seed: 1, ErrorRate: 0.5})
	var a, b []string
	for i := range 50 {
		k, _, _ := fa.draw(httptest.NewRequest(http.MethodGet, "/x", nil))
		a = append(a, k)
		if i%3 == 0 {
			fb.draw(httptest.NewRequest(http.MethodGet, "/other", nil))
		}
		k, _, _ = fb.draw(httptest.NewRequest(http.MethodGet, "/x", nil))
		b = append(b, k)
	}
	assert.Equal(t, a, b)
}

func TestFaultLatencyHasJitterWithinBounds(t *testing.T) {
	fi := NewFaultInjector("t", Faults{Seed: 3, Latency: 10 * time.Millisecond, Jitter: 5 * time.Millisecond})
	seen := map[time.Duration]bool{}
	for range 50 {
		kind, _, d := fi.draw(httptest.NewRequest(http.MethodGet, "/", nil))
		assert.Empty(t, kind)
		assert.GreaterOrEqual(t, d, 10*time.Millisecond)
		assert.LessOrEqual(t, d, 15*time.Millisecond)
		seen[d] = true
	}
	assert.Greater(t, len(seen), 10, "the jitter varies")
}

func TestNoFaultsLeavesTheHandlerAlone(t *testing.T) {
	h := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	fi := NewFaultInjector("t", Faults{Seed: 9})
	assert.False(t, Faults{Seed: 9}.Enabled())
	assert.NotNil(t, fi.Wrap(h))
	var nilInjector *FaultInjector
	assert.NotNil(t, nilInjector.Wrap(h))
}

func TestFaultsValidate(t *testing.T) {
	require.NoError(t, Faults{ErrorRate: 0.2, LostRate: 0.05}.Validate())
	require.ErrorContains(t, Faults{ErrorRate: 1.5}.Validate(), "error rate")
	require.ErrorContains(t, Faults{ErrorRate: 0.6, DropRate: 0.6}.Validate(), "add up")
	require.ErrorContains(t, Faults{Latency: -time.Second}.Validate(), "negative")
}

func TestFaultDropOverTLS(t *testing.T) {
	// Sandbox services speak TLS; a dropped connection is an error there too.
	srv := httptest.NewUnstartedServer(NewFaultInjector("t", Faults{DropRate: 1, Logf: t.Logf}).Wrap(http.NotFoundHandler()))
	srv.EnableHTTP2 = true
	srv.StartTLS()
	defer srv.Close()
	resp, err := srv.Client().Get(srv.URL)
	if err == nil {
		resp.Body.Close()
	}
	require.Error(t, err)
}
