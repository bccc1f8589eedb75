package httpx

import (
	"fmt"
	"hash/fnv"
	"log"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Faults configures the faults a service injects into its own answers, so
// that clients can be tested against the failures of a real network and a
// real service (issue 13). Rates are fractions of requests between 0 and 1;
// each request gets at most one fault, drawn in this order: dropped, lost,
// throttled, error. Latency applies to every request, faulty or not.
type Faults struct {
	// Seed makes the faults reproducible: the same seed and the same
	// sequence of requests (per method and path) give the same faults,
	// whatever the interleaving of different requests.
	Seed uint64
	// ErrorRate is the fraction answered 500, 502 or 503 without running
	// the handler.
	ErrorRate float64
	// ThrottleRate is the fraction answered 429 with Retry-After without
	// running the handler.
	ThrottleRate float64
	// DropRate is the fraction whose connection is closed before the
	// handler runs: the request did nothing and the client gets no answer.
	DropRate float64
	// LostRate is the fraction whose handler runs (its change is committed)
	// and whose connection is then closed: the client never learns the
	// outcome.
	LostRate float64
	// Latency is added before every answer, plus a uniform random part of
	// at most Jitter.
	Latency, Jitter time.Duration
	// RetryAfter is the Retry-After of a throttled answer; one second when
	// zero.
	RetryAfter time.Duration
	// Only, when set, selects the requests that faults may hit (latency
	// included); the others pass untouched and do not advance the seeded
	// sequence. Tests use it to aim at one request.
	Only func(*http.Request) bool
	// Logf writes the one line logged per injected fault; log.Printf when
	// nil.
	Logf func(format string, args ...any)
}

// Enabled reports whether f injects anything.
func (f Faults) Enabled() bool {
	return f.ErrorRate > 0 || f.ThrottleRate > 0 || f.DropRate > 0 || f.LostRate > 0 || f.Latency > 0 || f.Jitter > 0
}

// Validate checks that the rates are fractions whose sum is at most 1 and
// that the durations are not negative.
func (f Faults) Validate() error {
	sum := 0.0
	for _, r := range []struct {
		name string
		v    float64
	}{{"error", f.ErrorRate}, {"throttle", f.ThrottleRate}, {"drop", f.DropRate}, {"lost", f.LostRate}} {
		if r.v < 0 || r.v > 1 {
			return fmt.Errorf("fault %s rate %v must be between 0 and 1", r.name, r.v)
		}
		sum += r.v
	}
	if sum > 1 {
		return fmt.Errorf("fault rates add up to %v, more than 1", sum)
	}
	if f.Latency < 0 || f.Jitter < 0 || f.RetryAfter < 0 {
		return fmt.Errorf("fault latency, jitter and retry-after must not be negative")
	}
	return nil
}

// Fault kinds, as logged and counted.
const (
	FaultError    = "error"
	FaultThrottle = "throttle"
	FaultDrop     = "drop"
	FaultLost     = "lost"
)

// FaultInjector is the middleware of Faults for one service.
type FaultInjector struct {
	name   string
	faults Faults

	mu   sync.Mutex
	seen map[string]uint64 // requests so far per method and path

	counts [4]atomic.Int64 // per kind, in the order of faultKinds
}

var faultKinds = [4]string{FaultError, FaultThrottle, FaultDrop, FaultLost}

// NewFaultInjector returns the injector of f for the service name (which
// prefixes its log lines).
func NewFaultInjector(name string, f Faults) *FaultInjector {
	if f.RetryAfter == 0 {
		f.RetryAfter = time.Second
	}
	if f.Logf == nil {
		f.Logf = log.Printf
	}
	return &FaultInjector{name: name, faults: f, seen: map[string]uint64{}}
}

// Injected returns how many faults of each kind were injected so far.
func (fi *FaultInjector) Injected() map[string]int64 {
	out := make(map[string]int64, len(faultKinds))
	for i, k := range faultKinds {
		out[k] = fi.counts[i].Load()
	}
	return out
}

// Total returns how many faults were injected so far.
func (fi *FaultInjector) Total() int64 {
	var n int64
	for i := range fi.counts {
		n += fi.counts[i].Load()
	}
	return n
}

// rng returns the random source of this request: a function of the seed,
// the method and path, and how many requests with that method and path came
// before it.
func (fi *FaultInjector) rng(r *http.Request) *rand.Rand {
	key := r.Method + " " + r.URL.Path
	fi.mu.Lock()
	n := fi.seen[key]
	fi.seen[key] = n + 1
	fi.mu.Unlock()
	h := fnv.New64a()
	_, _ = h.Write([]byte(key))
	return rand.New(rand.NewPCG(fi.faults.Seed, h.Sum64()^(n*0x9E3779B97F4A7C15))) //nolint:gosec // G404: seeded so that a fault run repeats
}

// draw decides the fault of one request ("" for none), its error status and
// its added latency.
func (fi *FaultInjector) draw(r *http.Request) (kind string, status int, delay time.Duration) {
	rng := fi.rng(r)
	f := fi.faults
	delay = f.Latency
	if f.Jitter > 0 {
		delay += time.Duration(rng.Int64N(int64(f.Jitter) + 1))
	}
	x := rng.Float64()
	statuses := []int{http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable}
	switch {
	case x < f.DropRate:
		kind = FaultDrop
	case x < f.DropRate+f.LostRate:
		kind = FaultLost
	case x < f.DropRate+f.LostRate+f.ThrottleRate:
		kind, status = FaultThrottle, http.StatusTooManyRequests
	case x < f.DropRate+f.LostRate+f.ThrottleRate+f.ErrorRate:
		kind, status = FaultError, statuses[rng.IntN(len(statuses))]
	}
	return kind, status, delay
}

func (fi *FaultInjector) record(kind string, r *http.Request, detail string) {
	for i, k := range faultKinds {
		if k == kind {
			fi.counts[i].Add(1)
		}
	}
	fi.faults.Logf("%s: fault injected: %s %s %s: %s (seed %d)", fi.name, kind, r.Method, r.URL.Path, detail, fi.faults.Seed)
}

// Wrap returns h with the faults injected; h itself when there are none.
func (fi *FaultInjector) Wrap(h http.Handler) http.Handler {
	if fi == nil || !fi.faults.Enabled() {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if fi.faults.Only != nil && !fi.faults.Only(r) {
			h.ServeHTTP(w, r)
			return
		}
		kind, status, delay := fi.draw(r)
		if delay > 0 {
			t := time.NewTimer(delay)
			select {
			case <-t.C:
			case <-r.Context().Done():
				t.Stop()
				return
			}
		}
		switch kind {
		case FaultDrop:
			fi.record(kind, r, "connection closed before the answer")
			drop(w)
		case FaultLost:
			// The handler commits its change into a buffer nobody reads;
			// then the connection goes.
			rec := &discardWriter{header: http.Header{}}
			h.ServeHTTP(rec, r)
			fi.record(kind, r, "handler answered "+strconv.Itoa(rec.statusOr200())+", connection closed before the answer")
			drop(w)
		case FaultThrottle:
			fi.record(kind, r, "answered 429")
			w.Header().Set("Retry-After", RetryAfterSeconds(fi.faults.RetryAfter))
			WriteJSON(w, status, map[string]string{"message": "fault injected: too many requests"})
		case FaultError:
			fi.record(kind, r, "answered "+strconv.Itoa(status))
			if status == http.StatusServiceUnavailable {
				w.Header().Set("Retry-After", RetryAfterSeconds(fi.faults.RetryAfter))
			}
			WriteJSON(w, status, map[string]string{"message": "fault injected: " + http.StatusText(status)})
		default:
			h.ServeHTTP(w, r)
		}
	})
}

// drop closes the connection without an answer: hijacked and closed on
// HTTP/1, the stream reset on HTTP/2 (which cannot be hijacked).
func drop(w http.ResponseWriter) {
	if hj, ok := w.(http.Hijacker); ok {
		conn, _, err := hj.Hijack()
		if err == nil {
			closeHard(conn)
			return
		}
	}
	panic(http.ErrAbortHandler)
}

// closeHard closes a hijacked connection; a TCP connection is reset rather
// than closed politely, as a crashed peer or a middlebox would.
func closeHard(conn net.Conn) {
	if tcp, ok := conn.(*net.TCPConn); ok {
		_ = tcp.SetLinger(0)
	}
	_ = conn.Close()
}

// discardWriter takes an answer that is never sent.
type discardWriter struct {
	header http.Header
	status int
}

func (d *discardWriter) Header() http.Header { return d.header }
func (d *discardWriter) Write(b []byte) (int, error) {
	if d.status == 0 {
		d.status = http.StatusOK
	}
	return len(b), nil
}
func (d *discardWriter) WriteHeader(status int) {
	if d.status == 0 {
		d.status = status
	}
}
func (d *discardWriter) statusOr200() int {
	if d.status == 0 {
		return http.StatusOK
	}
	return d.status
}
