package fwmgr_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

// A gateway or cluster added through the API is an installation target
// once published: show-gateways-and-servers lists it, install-policy
// installs on it, and its show-<type> answers the installed package and
// time. Its SIC one-time password is never answered.
func TestMgmtGatewayObjectsAreInstallTargets(t *testing.T) {
	for _, c := range []struct{ typ, body string }{
		{"simple-gateway", `{"name": "gw-api", "ipv4-address": "192.0.2.40", "version": "R81", "one-time-password": "sic-secret-1"}`},
		{"simple-cluster", `{"name": "gw-api", "ipv4-address": "192.0.2.41", "version": "R81", "cluster-mode": "cluster-xl-ha",
			"members": [{"name": "m1", "ip-address": "192.0.2.42", "one-time-password": "sic-secret-1"}]}`},
	} {
		t.Run(c.typ, func(t *testing.T) {
			t.Parallel()
			sb := fwmgrtest.Start(t)
			sid := admin(t, sb, "")
			wok(t, sb, sid, "add-"+c.typ, c.body)
			other := admin(t, sb, "")
			for _, gw := range objects(t, wok(t, sb, other, "show-gateways-and-servers", `{}`), "objects") {
				assert.NotEqual(t, "gw-api", gw["name"], "an unpublished gateway is not listed to another session")
			}
			wok(t, sb, sid, "add-package", `{"name": "api-pkg", "access": true, "threat-prevention": false, "installation-targets": ["gw-api"]}`)
			publish(t, sb, sid)
			assert.Equal(t, false, gatewayPolicy(t, sb, sid, "gw-api")["access-policy-installed"])

			got := task(t, sb, sid, api.CommandInstallPolicy, `{"policy-package": "api-pkg", "targets": ["gw-api"]}`)
			assert.Equal(t, api.TaskSucceeded, got["status"], got)
			assert.Equal(t, "api-pkg", gatewayPolicy(t, sb, sid, "gw-api")["access-policy-name"])

			shown := wok(t, sb, sid, "show-"+c.typ, `{"name": "gw-api"}`)
			policy, ok := shown["policy"].(map[string]any)
			require.True(t, ok, "show-%s answers the installed policy: %v", c.typ, shown)
			assert.Equal(t, true, policy["access-policy-installed"])
			assert.Equal(t, "api-pkg", policy["access-policy-name"])
			assert.Contains(t, policy["access-policy-installation-date"], "iso-8601")
			assert.NotContains(t, fmt.Sprint(shown), "sic-secret-1", "the one-time password is write-only")

			// Another gateway's show answers nothing installed.
			assert.Equal(t, false, wok(t, sb, sid, "show-simple-gateway", `{"name": "branch-gateway"}`)["policy"].(map[string]any)["access-policy-installed"])
		})
	}
}

// A VPN community's gateways are existing gateway objects, and a gateway
// in a community cannot be deleted.
func TestMgmtVPNCommunityReferencesGateways(t *testing.T) {
	for _, c := range []struct{ typ, field string }{
		{"vpn-community-meshed", "gateways"},
		{"vpn-community-star", "center-gateways"},
		{"vpn-community-star", "satellite-gateways"},
	} {
		t.Run(c.typ+"/"+c.field, func(t *testing.T) {
			t.Parallel()
			sb := fwmgrtest.Start(t)
			sid := admin(t, sb, "")
			requireError(t, wpost(t, sb, sid, "add-"+c.typ, fmt.Sprintf(`{"name": "c1", %q: ["no-such-gateway"]}`, c.field)),
				http.StatusNotFound, api.CodeObjectNotFound, "no-such-gateway")
			wok(t, sb, sid, "add-simple-gateway", `{"name": "gw-vpn", "ipv4-address": "192.0.2.60"}`)
			wok(t, sb, sid, "add-interoperable-device", `{"name": "peer", "ipv4-address": "203.0.113.60"}`)
			wok(t, sb, sid, "add-"+c.typ, fmt.Sprintf(`{"name": "c1", %q: ["gw-vpn", "peer", "corporate-gateway"],
				"shared-secrets": [{"external-gateway": "peer", "shared-secret": "psk-secret-1"}]}`, c.field))
			shown := wok(t, sb, sid, "show-"+c.typ, `{"name": "c1"}`)
			assert.Len(t, shown[c.field], 3)
			assert.NotContains(t, fmt.Sprint(shown), "psk-secret-1", "a shared secret is write-only")
			publish(t, sb, sid)
			requireError(t, wpost(t, sb, sid, "delete-simple-gateway", `{"name": "gw-vpn"}`), http.StatusConflict, api.CodeObjectInUse, "c1")
			wok(t, sb, sid, "delete-"+c.typ, `{"name": "c1"}`)
			wok(t, sb, sid, "delete-simple-gateway", `{"name": "gw-vpn"}`)
		})
	}
}
