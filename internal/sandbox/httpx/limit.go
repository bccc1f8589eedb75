package httpx

import (
	"container/list"
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// DefaultLimiterEntries bounds the keys a RateLimiter remembers.
const DefaultLimiterEntries = 10_000

// RateLimiter limits requests per caller key with a token bucket each. It
// remembers at most a bounded number of keys: a key whose bucket is full
// again is forgotten first (it holds nothing a new bucket would not), then
// the least recently used one. Its memory is therefore bounded whatever the
// keys are; still, services key it only on what they have checked (an
// account, a client address), never on a credential they have not.
type RateLimiter struct {
	perSecond rate.Limit
	burst     int
	max       int
	now       func() time.Time

	mu      sync.Mutex
	entries map[string]*list.Element // of *limiterEntry
	lru     list.List                // most recently used first
}

type limiterEntry struct {
	key string
	lim *rate.Limiter
}

// NewRateLimiter allows perSecond requests a second per key, in bursts of
// burst (when burst is zero or less: perSecond rounded up, at least 1). A
// perSecond of zero or less disables limiting. Services take both from their
// Config fields RateLimit and RateBurst.
func NewRateLimiter(perSecond float64, burst int) *RateLimiter {
	if burst <= 0 {
		burst = int(math.Max(1, math.Ceil(perSecond)))
	}
	return &RateLimiter{perSecond: rate.Limit(perSecond), burst: burst, max: DefaultLimiterEntries, now: time.Now, entries: map[string]*list.Element{}}
}

// WithClock makes the limiter read the time from now (tests, and services
// whose Config has a clock); it returns l.
func (l *RateLimiter) WithClock(now func() time.Time) *RateLimiter {
	if l != nil && now != nil {
		l.now = now
	}
	return l
}

// WithMaxEntries bounds the keys l remembers to max (at least 1); it
// returns l.
func (l *RateLimiter) WithMaxEntries(max int) *RateLimiter {
	if l != nil {
		l.max = int(math.Max(1, float64(max)))
	}
	return l
}

// Allow reports whether key may make a request now and, if not, how long it
// should wait.
func (l *RateLimiter) Allow(key string) (bool, time.Duration) {
	if l.disabled() {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	lim := l.entry(key, now, true)
	r := lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// Wait is how long key must wait before its next request, without using
// one: zero when it may go now.
func (l *RateLimiter) Wait(key string) time.Duration {
	if l.disabled() {
		return 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	lim := l.entry(key, now, false)
	if lim == nil {
		return 0
	}
	if t := lim.TokensAt(now); t < 1 {
		return time.Duration((1 - t) / float64(l.perSecond) * float64(time.Second))
	}
	return 0
}

// Take uses one request of key's budget if there is one left.
func (l *RateLimiter) Take(key string) {
	if l.disabled() {
		return
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entry(key, now, true).AllowN(now, 1)
}

// Forget drops key, as if it had never made a request.
func (l *RateLimiter) Forget(key string) {
	if l.disabled() {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if e, ok := l.entries[key]; ok {
		l.lru.Remove(e)
		delete(l.entries, key)
	}
}

// Entries is how many keys l remembers (for tests and the reliability
// suite's memory bound).
func (l *RateLimiter) Entries() int {
	if l.disabled() {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.entries)
}

func (l *RateLimiter) disabled() bool { return l == nil || l.perSecond <= 0 }

// entry returns key's bucket, marked most recently used; a missing one is
// made when create is set (making room first), else nil is returned. l.mu is
// held.
func (l *RateLimiter) entry(key string, now time.Time, create bool) *rate.Limiter {
	if e, ok := l.entries[key]; ok {
		l.lru.MoveToFront(e)
		if ent, ok := e.Value.(*limiterEntry); ok {
			return ent.lim
		}
	}
	if !create {
		return nil
	}
	// Forget the least recently used keys whose buckets are full again, and
	// then, if still at the bound, the least recently used one.
	for back := l.lru.Back(); back != nil; back = l.lru.Back() {
		ent, ok := back.Value.(*limiterEntry) // always: the list holds nothing else
		if !ok || (len(l.entries) < l.max && ent.lim.TokensAt(now) < float64(l.burst)) {
			break
		}
		l.lru.Remove(back)
		delete(l.entries, ent.key)
	}
	lim := rate.NewLimiter(l.perSecond, l.burst)
	lim.SetLimitAt(now, l.perSecond) // starts its clock at now, for a test clock
	l.entries[key] = l.lru.PushFront(&limiterEntry{key: key, lim: lim})
	return lim
}

// Login attempts (LoginGuard): per account, a burst of 10 wrong passwords
// and then one every 6 seconds; per client address, a burst of 30 and then
// one every 2 seconds. A right password clears the account's count, so the
// real user waits at most one interval after an attack stops.
const (
	loginAccountBurst = 10
	loginAccountEvery = 6 * time.Second
	loginAddrBurst    = 30
	loginAddrEvery    = 2 * time.Second
)

// LoginGuard limits failed login attempts per account and per client
// address. A service asks Blocked before checking a password (answering 429
// with Retry-After when it is), and reports the outcome with Failed or
// Succeeded.
type LoginGuard struct {
	accounts, addrs *RateLimiter
}

// NewLoginGuard returns a guard reading the time from now (nil:
// time.Now).
func NewLoginGuard(now func() time.Time) *LoginGuard {
	return &LoginGuard{
		accounts: NewRateLimiter(float64(time.Second)/float64(loginAccountEvery), loginAccountBurst).WithClock(now),
		addrs:    NewRateLimiter(float64(time.Second)/float64(loginAddrEvery), loginAddrBurst).WithClock(now),
	}
}

// Blocked is how long a login to account from addr must wait: zero when it
// may be tried now.
func (g *LoginGuard) Blocked(account, addr string) time.Duration {
	return max(g.accounts.Wait(account), g.addrs.Wait(addr))
}

// Failed counts a wrong password for account from addr.
func (g *LoginGuard) Failed(account, addr string) {
	g.accounts.Take(account)
	g.addrs.Take(addr)
}

// Succeeded clears account's failures.
func (g *LoginGuard) Succeeded(account string) { g.accounts.Forget(account) }

// Entries is how many accounts and addresses the guard remembers.
func (g *LoginGuard) Entries() int { return g.accounts.Entries() + g.addrs.Entries() }
