package httpx

import (
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestRateLimiterBounded: however many keys come, the limiter remembers at
// most its bound, and a key whose bucket refilled is forgotten first.
func TestRateLimiterBounded(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	l := NewRateLimiter(1, 2).WithClock(func() time.Time { return now }).WithMaxEntries(100)
	for i := range 10_000 {
		ok, _ := l.Allow("k" + strconv.Itoa(i))
		require.True(t, ok)
	}
	require.Equal(t, 100, l.Entries())
	// Spent buckets stay limited while they are remembered.
	ok, _ := l.Allow("k9999")
	require.True(t, ok)
	ok, wait := l.Allow("k9999")
	require.False(t, ok)
	require.Equal(t, time.Second, wait)
	// Once refilled, entries go before a newcomer evicts a busy one.
	now = now.Add(time.Hour)
	l.Allow("fresh")
	require.Equal(t, 1, l.Entries())
}

// TestLoginGuard: ten wrong passwords block the account, thirty the
// address; a right one clears the account; the block ends after one
// interval.
func TestLoginGuard(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	g := NewLoginGuard(func() time.Time { return now })
	for range loginAccountBurst {
		require.Zero(t, g.Blocked("alice", "10.0.0.1"))
		g.Failed("alice", "10.0.0.1")
	}
	require.Equal(t, loginAccountEvery, g.Blocked("alice", "10.0.0.1"))
	require.Equal(t, loginAccountEvery, g.Blocked("alice", "10.0.0.2"), "the account is blocked from every address")
	require.Zero(t, g.Blocked("bob", "10.0.0.2"))
	now = now.Add(loginAccountEvery)
	require.Zero(t, g.Blocked("alice", "10.0.0.2"), "the block lasts one interval")
	g.Succeeded("alice")
	require.Zero(t, g.Blocked("alice", "10.0.0.1"))

	for i := range loginAddrBurst {
		g.Failed("user"+strconv.Itoa(i), "10.0.0.9")
	}
	require.Equal(t, loginAddrEvery, g.Blocked("someone", "10.0.0.9"), "the address is blocked for every account")
}
