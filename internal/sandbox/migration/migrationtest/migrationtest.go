// Package migrationtest helps tests run the migration sandbox: a controllable
// clock, and a handler wrapper that loses answers after the service has acted
// on the request, the failure that requestId idempotency exists for.
package migrationtest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Clock is a settable clock for Config.Now.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a clock at t.
func NewClock(t time.Time) *Clock { return &Clock{now: t} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// Lossy serves requests with an inner handler and, for the first N that
// match, throws the answer away and closes the connection once the inner
// handler has finished: the service did the work, the caller never hears.
type Lossy struct {
	inner     http.Handler
	match     func(*http.Request) bool
	remaining atomic.Int64
	lost      atomic.Int64
	seen      atomic.Int64
}

// LoseAnswers wraps h so that the answers of the first n requests matching
// match are lost.
func LoseAnswers(h http.Handler, n int, match func(*http.Request) bool) *Lossy {
	l := &Lossy{inner: h, match: match}
	l.remaining.Store(int64(n))
	return l
}

// Lost is how many answers were lost so far.
func (l *Lossy) Lost() int { return int(l.lost.Load()) }

// Seen is how many matching requests arrived so far, lost ones included.
func (l *Lossy) Seen() int { return int(l.seen.Load()) }

func (l *Lossy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !l.match(r) {
		l.inner.ServeHTTP(w, r)
		return
	}
	l.seen.Add(1)
	if l.remaining.Add(-1) < 0 {
		l.inner.ServeHTTP(w, r)
		return
	}
	l.inner.ServeHTTP(httptest.NewRecorder(), r)
	l.lost.Add(1)
	hj, ok := w.(http.Hijacker)
	if !ok {
		// HTTP/2 has no hijacking; a 502 is the next best lost answer.
		http.Error(w, "bad gateway: upstream answer lost", http.StatusBadGateway)
		return
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		http.Error(w, "bad gateway: upstream answer lost", http.StatusBadGateway)
		return
	}
	_ = conn.Close()
}

// CreatesDataFile matches the create request of an import data file.
func CreatesDataFile(r *http.Request) bool {
	return r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/importDataFiles")
}

// CreatesImportJob matches the create request of an import job.
func CreatesImportJob(r *http.Request) bool {
	return r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/importJobs")
}
