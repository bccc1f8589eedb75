package hub_test

import (
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/hub/hubtest"
)

// TestTokenEndpointLoginLimits: wrong secrets for one client ID get 429
// with Retry-After after ten, the right one included, for one interval;
// made-up client IDs are limited per address.
func TestTokenEndpointLoginLimits(t *testing.T) {
	t.Parallel()
	clk := &clock{now: time.Now()}
	h := hubtest.Start(t, hubtest.Options{Now: clk.Now})
	grant := url.Values{"grant_type": {"client_credentials"}}
	statuses := map[int]int{}
	for range 20 {
		status, _ := tokenRequest(t, h, grant, "hub-admin", "wrong-secret-wrong-secret")
		statuses[status]++
	}
	require.Equal(t, map[int]int{http.StatusUnauthorized: 10, http.StatusTooManyRequests: 10}, statuses)
	status, body := tokenRequest(t, h, grant, "hub-admin", hubtest.AdminSecret)
	require.Equal(t, http.StatusTooManyRequests, status)
	require.Equal(t, "slow_down", body["error"])
	clk.Advance(6 * time.Second)
	status, _ = tokenRequest(t, h, grant, "hub-admin", hubtest.AdminSecret)
	require.Equal(t, http.StatusOK, status, "the real client waits one interval")

	// Thirty made-up client IDs from one address block the address (once
	// the failures above have expired).
	clk.Advance(time.Minute)
	statuses = map[int]int{}
	for i := range 40 {
		status, _ := tokenRequest(t, h, grant, "made-up-"+strconv.Itoa(i), "whatever-whatever")
		statuses[status]++
	}
	require.Equal(t, map[int]int{http.StatusUnauthorized: 30, http.StatusTooManyRequests: 10}, statuses)
}

// TestBadTokensLimitedPerAddress: made-up bearer tokens are limited per
// client address (every connection of one client counts as one).
func TestBadTokensLimitedPerAddress(t *testing.T) {
	t.Parallel()
	clk := &clock{now: time.Now()}
	h := hubtest.Start(t, hubtest.Options{Now: clk.Now, RateLimit: 0.5, RateBurst: 3})
	statuses := map[int]int{}
	for i := range 20 {
		status, _ := h.Do(t, "forged-"+strconv.Itoa(i), http.MethodGet, "/v1/hub/whoami", "")
		statuses[status]++
	}
	require.Equal(t, map[int]int{http.StatusUnauthorized: 3, http.StatusTooManyRequests: 17}, statuses)
}

// TestTenantModelNamesAreIsolated: two service accounts may each have a
// model of one name on the same controller, and a conflict names only the
// caller's own model, never another owner or the controller's user.
func TestTenantModelNamesAreIsolated(t *testing.T) {
	t.Parallel()
	h, admin, ci, _, _ := hubWithControllers(t)
	status, raw := h.Do(t, admin, http.MethodPost, "/v1/hub/service-accounts", `{"clientId": "qa", "clientSecret": "qa-secret-0123456789"}`)
	require.Equal(t, http.StatusCreated, status, string(raw))
	qa := h.Token(t, "qa", "qa-secret-0123456789")
	status, _ = h.Do(t, admin, http.MethodPost, "/v1/hub/relations", `{"add": [
		{"object": "serviceaccount-ci", "relation": "can_addmodel", "target": "cloud-localhost"},
		{"object": "serviceaccount-qa", "relation": "can_addmodel", "target": "cloud-localhost"}]}`)
	require.Equal(t, http.StatusNoContent, status)

	model := `{"name": "shared", "cloud": "localhost", "targetController": "east"}`
	status, raw = h.Do(t, ci, http.MethodPost, "/v1/models", model)
	require.Equal(t, http.StatusCreated, status, string(raw))
	status, raw = h.Do(t, qa, http.MethodPost, "/v1/models", model)
	require.Equal(t, http.StatusCreated, status, "another tenant's name blocks this one: %s", raw)
	require.Equal(t, "qa@serviceaccount", decodeMap(t, raw)["owner"])

	status, raw = h.Do(t, qa, http.MethodPost, "/v1/models", model)
	require.Equal(t, http.StatusConflict, status, string(raw))
	require.NotContains(t, string(raw), "admin")
	require.NotContains(t, string(raw), "ci@")
}

// TestHubAppliesTheControllersRules: a tenant's request routed to a
// controller is checked by the controller's rules for the tenant, not for
// the hub's superuser login: a superuser-only operation is refused, while
// the tenant still uses its own model.
func TestHubAppliesTheControllersRules(t *testing.T) {
	t.Parallel()
	h, admin, ci, _, _ := hubWithControllers(t)
	status, _ := h.Do(t, admin, http.MethodPost, "/v1/hub/relations", `{"add": [{"object": "serviceaccount-ci", "relation": "can_addmodel", "target": "cloud-localhost"}]}`)
	require.Equal(t, http.StatusNoContent, status)
	status, raw := h.Do(t, ci, http.MethodPost, "/v1/models", `{"name": "dev", "cloud": "localhost"}`)
	require.Equal(t, http.StatusCreated, status, string(raw))
	model := decodeMap(t, raw)["uuid"].(string)
	status, raw = h.Do(t, ci, http.MethodPost, "/v1/models/"+model+"/applications", `{"name": "app", "charm": {"name": "ubuntu"}}`)
	require.Equal(t, http.StatusCreated, status, string(raw))

	status, raw = h.Do(t, ci, http.MethodPost, "/v1/models/"+model+"/applications/app/block-removal", "")
	require.Equal(t, http.StatusForbidden, status, "a superuser-only operation routed for a tenant: %s", raw)
	status, raw = h.Do(t, admin, http.MethodPost, "/v1/models/"+model+"/applications/app/block-removal", "")
	require.Equal(t, http.StatusOK, status, "the hub's administrator may: %s", raw)
}
