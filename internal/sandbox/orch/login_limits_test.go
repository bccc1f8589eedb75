package orch_test

import (
	"fmt"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// TestLoginLimits: after ten wrong passwords for a user from an address,
// its logins from there get 429 (the right password too) for one interval;
// a right password then works and clears the count. Thirty failures from
// one address block it for every user.
func TestLoginLimits(t *testing.T) {
	clk := newClock()
	e := start(t, orchtest.Options{Now: clk.Now})
	e.must(http.StatusCreated, http.MethodPost, "/v1/users", `{"name": "bob", "password": "bob-password"}`)
	wrong := `{"username": "admin", "password": "wrong-password"}`
	statuses := map[int]int{}
	for range 25 {
		status, _ := e.raw("", http.MethodPost, "/v1/login", wrong)
		statuses[status]++
	}
	require.Equal(t, map[int]int{http.StatusUnauthorized: 10, http.StatusTooManyRequests: 15}, statuses)
	status, body := e.raw("", http.MethodPost, "/v1/login", fmt.Sprintf(`{"username": "admin", "password": %q}`, orchtest.AdminPassword))
	require.Equal(t, http.StatusTooManyRequests, status, body)
	e.as("bob", "bob-password") // another user is not locked out
	clk.advance(6 * time.Second)
	e.login("admin", orchtest.AdminPassword)

	clk.advance(time.Minute)
	for i := range 30 {
		status, _ := e.raw("", http.MethodPost, "/v1/login", fmt.Sprintf(`{"username": "nobody-%d", "password": "x"}`, i))
		require.Equal(t, http.StatusUnauthorized, status)
	}
	status, _ = e.raw("", http.MethodPost, "/v1/login", `{"username": "bob", "password": "bob-password"}`)
	require.Equal(t, http.StatusTooManyRequests, status, "the address is blocked for every user")
}

// TestLoginLimitsPerAddress: issue 34's attacks on the controller, in fake
// time. Wrong passwords for admin from 8 other loopback addresses block
// those addresses, not the admin's own: its right password from there
// passes, and its success clears no other address's count.
func TestLoginLimitsPerAddress(t *testing.T) {
	clk := newClock()
	e := start(t, orchtest.Options{Now: clk.Now})
	wrong := `{"username": "admin", "password": "wrong-password"}`
	right := fmt.Sprintf(`{"username": "admin", "password": %q}`, orchtest.AdminPassword)
	for i := range 8 {
		attacker := e.from(fmt.Sprintf("127.0.0.%d", 2+i))
		statuses := map[int]int{}
		for range 12 {
			status, _ := attacker.raw("", http.MethodPost, "/v1/login", wrong)
			statuses[status]++
		}
		require.Equal(t, map[int]int{http.StatusUnauthorized: 10, http.StatusTooManyRequests: 2}, statuses, "from 127.0.0.%d", 2+i)
		e.login("admin", orchtest.AdminPassword) // from 127.0.0.1: not locked out
	}
	// The admin's success cleared no attacker's count: the right password
	// from an attacking address still waits.
	status, _ := e.from("127.0.0.2").raw("", http.MethodPost, "/v1/login", right)
	require.Equal(t, http.StatusTooManyRequests, status)
	clk.advance(6 * time.Second)
	e.from("127.0.0.2").login("admin", orchtest.AdminPassword)
}

// from is the same controller and token, reached from the loopback address
// ip (the client address the controller sees).
func (e *env) from(ip string) *env {
	tr := e.ctl.Client.Transport.(*http.Transport).Clone()
	tr.DialContext = (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}).DialContext
	ctl := *e.ctl
	ctl.Client = &http.Client{Transport: tr}
	return &env{t: e.t, ctl: &ctl, token: e.token}
}
