package httpclient

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// restartingService is a service that makes an object for every new key and
// remembers the keys it has answered, as the sandboxes do, and that can be
// killed right after it made an object (before it answers) and started again
// on the same address.
type restartingService struct {
	t    *testing.T
	addr string
	// keyOf tells the key of a request: its Idempotency-Key or requestId.
	keyOf func(*http.Request) string

	mu       sync.Mutex
	ln       net.Listener
	srv      *http.Server
	made     map[string]int // key -> number of objects made with it
	requests int
	killed   bool
}

func newRestartingService(t *testing.T, keyOf func(*http.Request) string) *restartingService {
	t.Helper()
	s := &restartingService{t: t, keyOf: keyOf, made: map[string]int{}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	s.addr = ln.Addr().String()
	s.serve(ln)
	t.Cleanup(s.stop)
	return s
}

func (s *restartingService) serve(ln net.Listener) {
	s.ln = ln
	s.srv = &http.Server{Handler: http.HandlerFunc(s.handle), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = s.srv.Serve(ln) }()
}

func (s *restartingService) handle(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.requests++
	key := s.keyOf(r)
	if _, seen := s.made[key]; !seen || key == "" {
		s.made[key]++
	}
	kill := !s.killed
	s.killed = true
	s.mu.Unlock()
	if !kill {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"id":"object-1"}`))
		return
	}
	// The object is made; the service dies before it answers, and stays
	// down until start. The listener closes first, so that the client's
	// next try, which follows the connection's end, is refused.
	conn, _, err := w.(http.Hijacker).Hijack()
	s.mu.Lock()
	_ = s.ln.Close()
	s.mu.Unlock()
	if err == nil {
		_ = conn.Close()
	}
}

// start serves again on the same address.
func (s *restartingService) start() {
	ln, err := net.Listen("tcp", s.addr)
	require.NoError(s.t, err)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.serve(ln)
}

func (s *restartingService) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	_ = s.srv.Close()
}

func (s *restartingService) objects() (made, requests int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, n := range s.made {
		made += n
	}
	return made, s.requests
}

// countingTransport counts the connections dialled, and calls onDial(n)
// before the nth.
func countingTransport(dials *atomic.Int64, onDial func(n int64)) *http.Transport {
	var d net.Dialer
	return &http.Transport{
		DisableKeepAlives: true,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			n := dials.Add(1)
			if onDial != nil {
				onDial(n)
			}
			return d.DialContext(ctx, network, addr)
		},
	}
}

const replayRetryMax = 3 // tries of one round: 1 + replayRetryMax

func replayCore(t *testing.T, addr string, transport http.RoundTripper) *Core {
	t.Helper()
	base, err := url.Parse("http://" + addr)
	require.NoError(t, err)
	return &Core{
		Service:     "test API",
		Base:        base,
		HTTP:        New(Options{RetryMax: replayRetryMax, RetryWaitMin: time.Millisecond, RetryWaitMax: 2 * time.Millisecond, Transport: transport}),
		DecodeError: func(status int, body []byte) error { return fmt.Errorf("status %d: %s", status, body) },
		pause:       time.Millisecond,
	}
}

// TestKeyedCreateOutlivesARestart: the service makes the object, dies before
// it answers, and is down for longer than a round of retries. The create is
// sent again with the same key once the service is back, and so the object
// is made once, for both kinds of key. (Before, the call failed after the
// round, and the next apply ordered the object again under a new key.)
func TestKeyedCreateOutlivesARestart(t *testing.T) {
	for name, tc := range map[string]struct {
		keyOf func(*http.Request) string
		core  func(*Core)
		req   Request
	}{
		"Idempotency-Key": {
			keyOf: func(r *http.Request) string { return r.Header.Get(IdempotencyKeyHeader) },
			core:  func(c *Core) { c.IdempotentPOST = true },
			req:   Request{Method: http.MethodPost, Path: "/v3/orders", Body: map[string]string{"name": "p"}},
		},
		"requestId": {
			keyOf: func(r *http.Request) string { return r.URL.Query().Get("requestId") },
			core:  func(c *Core) { c.RequestIDParam = "requestId" },
			req:   Request{Method: http.MethodPost, Path: "/v1/jobs", Query: url.Values{"requestId": {"req-1"}}, Body: map[string]string{"name": "j"}},
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc := newRestartingService(t, tc.keyOf)
			var dials atomic.Int64
			// Dial 1 carries the request the service dies on; dials 2 to
			// 1+replayRetryMax+1 are the rest of that round, refused; the
			// service is back for the first dial of the next round.
			c := replayCore(t, svc.addr, countingTransport(&dials, func(n int64) {
				if n == replayRetryMax+3 {
					svc.start()
				}
			}))
			tc.core(c)
			var out struct{ ID string }
			require.NoError(t, c.Do(context.Background(), tc.req, &out))
			require.Equal(t, "object-1", out.ID)
			made, requests := svc.objects()
			require.Equal(t, 1, made, "one object, however often the create was sent")
			require.Equal(t, 2, requests, "the lost try and the one after the restart")
			require.EqualValues(t, replayRetryMax+3, dials.Load())
		})
	}
}

// TestUnkeyedRequestIsNotSentAgain: without a key the service could not tell
// a second try from a new request, so the round's error is returned.
func TestUnkeyedRequestIsNotSentAgain(t *testing.T) {
	t.Parallel()
	svc := newRestartingService(t, func(*http.Request) string { return "" })
	var dials atomic.Int64
	c := replayCore(t, svc.addr, countingTransport(&dials, nil))
	err := c.Do(context.Background(), Request{Method: http.MethodPost, Path: "/v1/things", Body: map[string]string{}}, nil)
	require.ErrorContains(t, err, "test API POST /v1/things")
	require.EqualValues(t, replayRetryMax+1, dials.Load(), "one round of tries")
}

// TestRequestThatNeverArrivedFailsAtOnce: a keyed request that no try
// delivered (nothing listens: a wrong address, a service that is down) fails
// after one round; the service never saw it, so a new key later is safe.
func TestRequestThatNeverArrivedFailsAtOnce(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	var dials atomic.Int64
	c := replayCore(t, addr, countingTransport(&dials, nil))
	c.IdempotentPOST = true
	err = c.Do(context.Background(), Request{Method: http.MethodPost, Path: "/v3/orders", Body: map[string]string{}}, nil)
	require.ErrorContains(t, err, "connection refused")
	require.NotContains(t, err.Error(), "outcome is unknown")
	require.EqualValues(t, replayRetryMax+1, dials.Load(), "one round of tries")
}

// TestReplayGivesUpWithTheOutcomeUnknown: a service that stays down after it
// may have made the object: after ReplayFor (and at least one replay, so
// the count below does not depend on how fast the machine is) the error
// says that the outcome is unknown.
func TestReplayGivesUpWithTheOutcomeUnknown(t *testing.T) {
	t.Parallel()
	svc := newRestartingService(t, func(r *http.Request) string { return r.Header.Get(IdempotencyKeyHeader) })
	var dials atomic.Int64
	c := replayCore(t, svc.addr, countingTransport(&dials, nil))
	c.IdempotentPOST = true
	c.ReplayFor = 20 * time.Millisecond
	err := c.Do(context.Background(), Request{Method: http.MethodPost, Path: "/v3/orders", Body: map[string]string{}}, nil)
	require.ErrorContains(t, err, "outcome is unknown")
	require.Greater(t, dials.Load(), int64(replayRetryMax+1), "more than one round")
}

// TestReplayStopsWithTheContext: a cancelled apply is not held by the
// replays.
func TestReplayStopsWithTheContext(t *testing.T) {
	t.Parallel()
	svc := newRestartingService(t, func(r *http.Request) string { return r.Header.Get(IdempotencyKeyHeader) })
	ctx, cancel := context.WithCancel(context.Background())
	var dials atomic.Int64
	c := replayCore(t, svc.addr, countingTransport(&dials, func(n int64) {
		if n == 2*(replayRetryMax+1) {
			cancel()
		}
	}))
	c.IdempotentPOST = true
	c.ReplayFor = time.Hour
	err := c.Do(ctx, Request{Method: http.MethodPost, Path: "/v3/orders", Body: map[string]string{}}, nil)
	require.Error(t, err)
	require.ErrorIs(t, err, context.Canceled, "the cancelled context ends the replays")
}
