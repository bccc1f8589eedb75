// Package httpx holds the HTTP plumbing every sandbox service shares: JSON
// bodies, bearer tokens, per-caller rate limiting and the TLS certificate the
// sandbox serves with.
package httpx

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// WriteJSON writes v with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// DecodeJSON reads a JSON body into v, refusing unknown fields so that a
// client that sends a field the contract does not have learns it at once.
func DecodeJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("request body is not valid JSON for this operation: %w", err)
	}
	return nil
}

// BearerToken returns the token of an "Authorization: Bearer" header, or "".
func BearerToken(r *http.Request) string {
	h := r.Header.Get("Authorization")
	const prefix = "Bearer "
	if len(h) > len(prefix) && strings.EqualFold(h[:len(prefix)], prefix) {
		return strings.TrimSpace(h[len(prefix):])
	}
	return ""
}

// RateLimiter limits requests per caller key with a token bucket each.
type RateLimiter struct {
	perSecond rate.Limit
	burst     int

	mu       sync.Mutex
	limiters map[string]*rate.Limiter
}

// NewRateLimiter allows perSecond requests a second per key, in bursts of
// burst. A perSecond of zero or less disables limiting.
func NewRateLimiter(perSecond float64, burst int) *RateLimiter {
	return &RateLimiter{perSecond: rate.Limit(perSecond), burst: burst, limiters: map[string]*rate.Limiter{}}
}

// Allow reports whether key may make a request now and, if not, how long it
// should wait.
func (l *RateLimiter) Allow(key string) (bool, time.Duration) {
	if l == nil || l.perSecond <= 0 {
		return true, 0
	}
	l.mu.Lock()
	lim, ok := l.limiters[key]
	if !ok {
		lim = rate.NewLimiter(l.perSecond, l.burst)
		l.limiters[key] = lim
	}
	l.mu.Unlock()
	r := lim.Reserve()
	if d := r.Delay(); d > 0 {
		r.Cancel()
		return false, d
	}
	return true, 0
}

// RetryAfterSeconds renders a wait as the whole seconds of a Retry-After
// header, never less than one.
func RetryAfterSeconds(d time.Duration) string {
	return strconv.Itoa(int(math.Max(1, math.Ceil(d.Seconds()))))
}
