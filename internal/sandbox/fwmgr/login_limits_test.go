package fwmgr_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

// TestLoginLimits: after ten wrong passwords for one administrator from an
// address, logins as it from there get 429 with Retry-After (the right
// password too) for one interval; another administrator is not affected.
// (httpx's TestLoginGuard* show that other addresses are not either.)
func TestLoginLimits(t *testing.T) {
	sb := fwmgrtest.Start(t, func(c *fwmgr.Config) { c.Logf = func(string, ...any) {} })
	wrong := fmt.Sprintf(`{"user": %q, "password": "wrong-password"}`, fwmgr.DefaultUser)
	right := fmt.Sprintf(`{"user": %q, "password": %q}`, fwmgr.DefaultUser, fwmgr.DefaultPassword)
	statuses := map[int]int{}
	for range 25 {
		statuses[post(t, sb, "/os_api/login", "", wrong).status]++
	}
	require.Equal(t, map[int]int{http.StatusUnauthorized: 10, http.StatusTooManyRequests: 15}, statuses)
	a := post(t, sb, "/os_api/login", "", right)
	require.Equal(t, http.StatusTooManyRequests, a.status, a.raw)
	require.NotEmpty(t, a.header.Get("Retry-After"))
	a = post(t, sb, "/os_api/login", "", fmt.Sprintf(`{"user": %q, "password": %q}`, fwmgr.EastUser, fwmgr.EastPassword))
	require.Equal(t, http.StatusOK, a.status, a.raw)
	sb.Clock.Advance(6 * time.Second)
	a = post(t, sb, "/os_api/login", "", right)
	require.Equal(t, http.StatusOK, a.status, a.raw)
}
