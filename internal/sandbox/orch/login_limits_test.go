package orch_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

// TestLoginLimits: after ten wrong passwords for a user, its logins get 429
// (the right password too) for one interval; a right password then works
// and clears the count. Thirty failures from one address block it for
// every user.
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
