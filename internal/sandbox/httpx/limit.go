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

// Login attempts (LoginGuard). Failures are counted per account and client
// address (a pair): a burst of 10 wrong passwords, then one every 6
// seconds. Per client address, whatever the account: a burst of 30, then one
// every 2 seconds. Per account, from every address together: a burst of 100,
// then one every 2 seconds; this cap does not apply from an address the
// account logged in from in the last 30 days. So an attacker guessing from
// many addresses is bounded by the account's cap, and the real user,
// logging in from an address of its own, is neither locked out by failures
// from other addresses nor, after the account's cap is spent, by the cap.
// A right password clears the failures of its own pair only: an attacker's
// count goes on while the real user logs in.
const (
	loginPairBurst    = 10
	loginPairEvery    = 6 * time.Second
	loginAddrBurst    = 30
	loginAddrEvery    = 2 * time.Second
	loginAccountBurst = 100
	loginAccountEvery = 2 * time.Second
	loginKnownFor     = 30 * 24 * time.Hour
)

// LoginGuard limits failed login attempts per account and client address,
// per client address, and per account. A service asks Blocked before
// checking a password (answering 429 with Retry-After when it is, with one
// message whatever the limit), and reports the outcome with Failed or
// Succeeded. Its memory is bounded: each of its tables keeps at most
// DefaultLimiterEntries keys.
type LoginGuard struct {
	pairs, addrs, accounts *RateLimiter
	// known are the pairs that logged in, with when they last did.
	known *recentSet
	now   func() time.Time
}

// NewLoginGuard returns a guard reading the time from now (nil:
// time.Now).
func NewLoginGuard(now func() time.Time) *LoginGuard {
	if now == nil {
		now = time.Now
	}
	every := func(d time.Duration) float64 { return float64(time.Second) / float64(d) }
	return &LoginGuard{
		pairs:    NewRateLimiter(every(loginPairEvery), loginPairBurst).WithClock(now),
		addrs:    NewRateLimiter(every(loginAddrEvery), loginAddrBurst).WithClock(now),
		accounts: NewRateLimiter(every(loginAccountEvery), loginAccountBurst).WithClock(now),
		known:    newRecentSet(DefaultLimiterEntries, loginKnownFor),
		now:      now,
	}
}

// pairKey is the key of account from addr; neither holds a NUL.
func pairKey(account, addr string) string { return account + "\x00" + addr }

// Blocked is how long a login to account from addr must wait: zero when it
// may be tried now.
func (g *LoginGuard) Blocked(account, addr string) time.Duration {
	wait := max(g.pairs.Wait(pairKey(account, addr)), g.addrs.Wait(addr))
	if !g.known.has(pairKey(account, addr), g.now()) {
		wait = max(wait, g.accounts.Wait(account))
	}
	return wait
}

// Failed counts a wrong password for account from addr.
func (g *LoginGuard) Failed(account, addr string) {
	g.pairs.Take(pairKey(account, addr))
	g.addrs.Take(addr)
	g.accounts.Take(account)
}

// Succeeded clears the failures of account from addr (and of no other
// address), and remembers addr as one account logs in from.
func (g *LoginGuard) Succeeded(account, addr string) {
	g.pairs.Forget(pairKey(account, addr))
	g.known.add(pairKey(account, addr), g.now())
}

// Entries is how many keys the guard remembers, in all its tables.
func (g *LoginGuard) Entries() int {
	return g.pairs.Entries() + g.addrs.Entries() + g.accounts.Entries() + g.known.len()
}

// recentSet is a set of keys, each for ttl after it was last added, of at
// most max keys (the least recently added go first).
type recentSet struct {
	max int
	ttl time.Duration

	mu      sync.Mutex
	entries map[string]*list.Element // of *recentEntry
	lru     list.List                // most recently added first
}

type recentEntry struct {
	key string
	at  time.Time
}

func newRecentSet(max int, ttl time.Duration) *recentSet {
	return &recentSet{max: max, ttl: ttl, entries: map[string]*list.Element{}}
}

// add puts key in the set as of now.
func (s *recentSet) add(key string, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.entries[key]; ok {
		if ent, ok := e.Value.(*recentEntry); ok {
			ent.at = now
		}
		s.lru.MoveToFront(e)
		return
	}
	for back := s.lru.Back(); back != nil && len(s.entries) >= s.max; back = s.lru.Back() {
		if ent, ok := back.Value.(*recentEntry); ok {
			delete(s.entries, ent.key)
		}
		s.lru.Remove(back)
	}
	s.entries[key] = s.lru.PushFront(&recentEntry{key: key, at: now})
}

// has reports whether key was added less than ttl before now.
func (s *recentSet) has(key string, now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.entries[key]
	if !ok {
		return false
	}
	ent, ok := e.Value.(*recentEntry)
	if !ok || now.Sub(ent.at) >= s.ttl {
		s.lru.Remove(e)
		delete(s.entries, key)
		return false
	}
	return true
}

func (s *recentSet) len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.entries)
}
