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

// TestLoginGuard: ten wrong passwords block the account from that address
// only; thirty block the address for every account; a right one clears its
// own address's failures; a block ends after one interval.
func TestLoginGuard(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	g := NewLoginGuard(func() time.Time { return now })
	for range loginPairBurst {
		require.Zero(t, g.Blocked("alice", "10.0.0.1"))
		g.Failed("alice", "10.0.0.1")
	}
	require.Equal(t, loginPairEvery, g.Blocked("alice", "10.0.0.1"))
	require.Zero(t, g.Blocked("alice", "10.0.0.2"), "another address of the account is not blocked")
	require.Zero(t, g.Blocked("bob", "10.0.0.1"), "another account from the address is not blocked")
	now = now.Add(loginPairEvery)
	require.Zero(t, g.Blocked("alice", "10.0.0.1"), "the block lasts one interval")
	g.Failed("alice", "10.0.0.1")
	require.Equal(t, loginPairEvery, g.Blocked("alice", "10.0.0.1"))
	g.Succeeded("alice", "10.0.0.1")
	require.Zero(t, g.Blocked("alice", "10.0.0.1"), "a right password clears its own address")

	for i := range loginAddrBurst {
		g.Failed("user"+strconv.Itoa(i), "10.0.0.9")
	}
	require.Equal(t, loginAddrEvery, g.Blocked("someone", "10.0.0.9"), "the address is blocked for every account")
}

// TestLoginGuardAttackFromManyAddresses is issue 34's first attack, in fake
// time: about five wrong passwords a second from 8 addresses for 40 s
// answered 429 to 12 of 12 right logins of the real user from its own
// address. Now every one of them passes, while each attacking address is
// held to its own limit.
func TestLoginGuardAttackFromManyAddresses(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	g := NewLoginGuard(func() time.Time { return now })
	login := func(account, addr string, right bool) bool {
		if g.Blocked(account, addr) > 0 {
			return false
		}
		if right {
			g.Succeeded(account, addr)
		} else {
			g.Failed(account, addr)
		}
		return true
	}
	const tick = 200 * time.Millisecond // 5 attempts a second in all
	victimOK, victimTries := 0, 0
	counted := map[string]int{}
	for i := range int(40 * time.Second / tick) {
		addr := "127.0.0." + strconv.Itoa(2+i%8)
		if login("admin", addr, false) {
			counted[addr]++
		}
		if i%17 == 0 { // about every 3.4 s
			victimTries++
			if login("admin", "127.0.0.1", true) {
				victimOK++
			}
		}
		now = now.Add(tick)
	}
	require.Equal(t, 12, victimTries)
	require.Equal(t, victimTries, victimOK, "every right login of the real user from its own address passed")
	for addr, n := range counted {
		// A burst of 10, then one every 6 s: at most 10 + 40/6.
		require.LessOrEqual(t, n, loginPairBurst+7, "wrong passwords checked from %s", addr)
	}
	require.True(t, login("admin", "127.0.0.200", true), "the account's cap is not spent: a right login from a new address passes too")
}

// TestLoginGuardSuccessResetsOnlyItsAddress is issue 34's second attack:
// 2.5 wrong passwords a second from one address against a user who logs
// in every 3 s from another was never limited, as each success reset the
// account's count. Now the attacker is limited after its burst, and the
// user logs in every time.
func TestLoginGuardSuccessResetsOnlyItsAddress(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	g := NewLoginGuard(func() time.Time { return now })
	const tick = 100 * time.Millisecond
	attackerChecked, attackerLimited, victimOK := 0, 0, 0
	for i := range int(60 * time.Second / tick) {
		if i%4 == 0 { // 2.5 a second
			if g.Blocked("admin", "127.0.0.2") > 0 {
				attackerLimited++
			} else {
				g.Failed("admin", "127.0.0.2")
				attackerChecked++
			}
		}
		if i%30 == 0 { // every 3 s
			require.Zero(t, g.Blocked("admin", "127.0.0.1"), "the real user's login at %d", i)
			g.Succeeded("admin", "127.0.0.1")
			victimOK++
		}
		now = now.Add(tick)
	}
	require.Equal(t, 20, victimOK)
	require.Positive(t, attackerLimited, "the attacker was limited")
	// 150 attempts: a burst of 10, then one every 6 s.
	require.LessOrEqual(t, attackerChecked, loginPairBurst+10, "wrong passwords checked")
}

// TestLoginGuardAccountCap: an attacker who takes a new address for every
// guess is held by the account's cap: once spent, a login from an address
// the account has not logged in from waits, whatever the address, right
// password or not; the real user's address, known from an earlier login,
// still gets in; the cap refills at its pace.
func TestLoginGuardAccountCap(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	g := NewLoginGuard(func() time.Time { return now })
	g.Succeeded("admin", "192.0.2.1") // the real user, earlier
	checked := 0
	for i := range 1000 {
		addr := "10.0." + strconv.Itoa(i/250) + "." + strconv.Itoa(i%250)
		if g.Blocked("admin", addr) == 0 {
			g.Failed("admin", addr)
			checked++
		}
	}
	require.Equal(t, loginAccountBurst, checked, "guesses from 1,000 addresses")
	require.Equal(t, loginAccountEvery, g.Blocked("admin", "10.9.9.9"), "a new address waits")
	require.Zero(t, g.Blocked("admin", "192.0.2.1"), "the real user's own address does not")
	require.Zero(t, g.Blocked("bob", "10.9.9.9"), "nor does another account")
	now = now.Add(loginAccountEvery)
	require.Zero(t, g.Blocked("admin", "10.9.9.9"), "the cap refills at its pace")
	// A known address is known for loginKnownFor after its last login.
	now = now.Add(loginKnownFor)
	for i := range loginAccountBurst {
		g.Failed("admin", "10.1."+strconv.Itoa(i/250)+"."+strconv.Itoa(i%250))
	}
	require.Equal(t, loginAccountEvery, g.Blocked("admin", "192.0.2.1"), "an address not logged in from for 30 days is new again")
}

// TestLoginGuardBounded: however many accounts and addresses fail or log
// in, the guard remembers a bounded number of keys.
func TestLoginGuardBounded(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	g := NewLoginGuard(func() time.Time { return now })
	for i := range DefaultLimiterEntries + 1000 {
		addr := "10." + strconv.Itoa(i>>16) + "." + strconv.Itoa(i>>8&255) + "." + strconv.Itoa(i&255)
		g.Failed("user"+strconv.Itoa(i), addr)
		g.Succeeded("user"+strconv.Itoa(i), addr)
	}
	require.LessOrEqual(t, g.Entries(), 4*DefaultLimiterEntries)
}
