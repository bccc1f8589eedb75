package reliability

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	fwmgrsandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

// TestR8FwmgrManagement is the security suite's part about the management
// API (issue 36): what a read-only administrator, a session of another
// domain, and an oversized or deeply nested add-host can do to the
// management database. Each part reports a row.
func TestR8FwmgrManagement(t *testing.T) {
	sb := fwmgrtest.Start(t)
	call := func(sid, command, body string) (int, map[string]any) {
		t.Helper()
		req, err := http.NewRequest(http.MethodPost, sb.URL+"/web_api/v1.8/"+command, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		if sid != "" {
			req.Header.Set(api.SessionHeader, sid)
		}
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		raw, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		var m map[string]any
		require.NoError(t, json.Unmarshal(raw, &m), "%s answers JSON: %s", command, raw)
		return res.StatusCode, m
	}
	login := func(user, password, domain string) string {
		t.Helper()
		status, m := call("", "login", fmt.Sprintf(`{"user": %q, "password": %q, "domain": %q}`, user, password, domain))
		require.Equal(t, http.StatusOK, status, m)
		return m["sid"].(string)
	}
	admin := login(fwmgrsandbox.DefaultUser, fwmgrsandbox.DefaultPassword, "SMC User")
	status, m := call(admin, "add-host", `{"name": "r8-host", "ipv4-address": "192.0.2.8"}`)
	require.Equal(t, http.StatusOK, status, m)
	hostUID := m["uid"].(string)
	status, m = call(admin, "publish", `{}`)
	require.Equal(t, http.StatusOK, status, m)

	t.Run("read-only administrator", func(t *testing.T) {
		ro := login(fwmgrsandbox.AuditorUser, fwmgrsandbox.AuditorPassword, "SMC User")
		attempts := []struct{ command, body string }{
			{"add-host", `{"name": "r8-ro", "ipv4-address": "192.0.2.9"}`},
			{"set-host", `{"name": "r8-host", "comments": "changed"}`},
			{"delete-host", `{"name": "r8-host"}`},
			{"publish", `{}`},
			{"discard", `{}`},
			{"take-over-session", `{"uid": "` + hostUID + `"}`},
		}
		for _, a := range attempts {
			status, m := call(ro, a.command, a.body)
			require.Equal(t, http.StatusForbidden, status, "%s: %v", a.command, m)
			require.Equal(t, api.CodeReadOnly, m["code"], a.command)
		}
		status, m := call(ro, "show-host", `{"name": "r8-host"}`)
		require.Equal(t, http.StatusOK, status, m)
		require.Equal(t, "", m["comments"], "the host is unchanged")
		Report(t, Row{Scenario: "R8 security: fwmgr read-only management session", Runs: 1, Checked: len(attempts),
			Detail: fmt.Sprintf("attack: the read-only administrator adds, sets, deletes, publishes, discards and takes over (%d commands): held, each 403 %s, the object unchanged", len(attempts), api.CodeReadOnly)})
	})

	t.Run("domains isolate", func(t *testing.T) {
		east := login(fwmgrsandbox.EastUser, fwmgrsandbox.EastPassword, "Branch-East")
		attempts := []struct{ command, body string }{
			{"show-host", `{"uid": "` + hostUID + `"}`},
			{"show-host", `{"name": "r8-host"}`},
			{"set-host", `{"uid": "` + hostUID + `", "comments": "from east"}`},
			{"delete-host", `{"uid": "` + hostUID + `"}`},
			{"where-used", `{"uid": "` + hostUID + `"}`},
		}
		for _, a := range attempts {
			status, m := call(east, a.command, a.body)
			require.Equal(t, http.StatusNotFound, status, "%s: %v", a.command, m)
			require.Equal(t, api.CodeObjectNotFound, m["code"], a.command)
		}
		status, m := call(east, "show-hosts", `{}`)
		require.Equal(t, http.StatusOK, status, m)
		require.EqualValues(t, 0, m["total"], "Branch-East lists none of SMC User's hosts")
		status, m = call(admin, "show-host", `{"uid": "`+hostUID+`"}`)
		require.Equal(t, http.StatusOK, status, m)
		require.Equal(t, "", m["comments"])
		Report(t, Row{Scenario: "R8 security: fwmgr management domains", Runs: 1, Checked: len(attempts) + 1,
			Detail: "attack: a Branch-East session reads, changes, deletes and looks up uses of an SMC User host by UID and name: held, each 404, show-hosts lists none, the host unchanged"})
	})

	t.Run("bounded add-host bodies", func(t *testing.T) {
		nested := `{"name": "r8-deep", "comments": ` + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + `}`
		status, m := call(admin, "add-host", nested)
		require.Equal(t, http.StatusBadRequest, status, m)
		require.Contains(t, m["message"], "64 levels")
		big := `{"name": "r8-big", "comments": "` + strings.Repeat("x", 1<<20) + `"}`
		status, m = call(admin, "add-host", big)
		require.Equal(t, http.StatusRequestEntityTooLarge, status, m)
		status, m = call(admin, "show-hosts", `{"filter": "r8-"}`)
		require.Equal(t, http.StatusOK, status, m)
		require.EqualValues(t, 1, m["total"], "neither body made a host")
		Report(t, Row{Scenario: "R8 security: fwmgr add-host bodies", Runs: 1, Checked: 2,
			Detail: "attack: add-host with 100,000 nested arrays and with a body over 1 MiB: held, 400 naming the 64-level limit and 413, no host made"})
	})
	// Issue 37's routes: rules and sections, installing policy.
	t.Run("policy routes", func(t *testing.T) {
		status, m := call(admin, "add-access-rule", `{"layer": "Network", "name": "r8-rule", "position": "top", "service": ["https"], "action": "Accept"}`)
		require.Equal(t, http.StatusOK, status, m)
		ruleUID := m["uid"].(string)
		status, m = call(admin, "publish", `{}`)
		require.Equal(t, http.StatusOK, status, m)
		ro := login(fwmgrsandbox.AuditorUser, fwmgrsandbox.AuditorPassword, "SMC User")
		east := login(fwmgrsandbox.EastUser, fwmgrsandbox.EastPassword, "Branch-East")
		attempts := []struct {
			sid, command, body, code string
			status                   int
		}{
			{ro, "add-access-rule", `{"layer": "Network", "name": "r8-ro", "position": "top"}`, api.CodeReadOnly, http.StatusForbidden},
			{ro, "set-access-rule", `{"layer": "Network", "uid": "` + ruleUID + `", "new-position": "bottom"}`, api.CodeReadOnly, http.StatusForbidden},
			{ro, "delete-access-rule", `{"layer": "Network", "uid": "` + ruleUID + `"}`, api.CodeReadOnly, http.StatusForbidden},
			{ro, "add-nat-rule", `{"package": "Standard", "name": "r8-ro", "position": "top"}`, api.CodeReadOnly, http.StatusForbidden},
			{ro, "add-threat-rule", `{"layer": "Standard Threat Prevention", "name": "r8-ro", "position": "top"}`, api.CodeReadOnly, http.StatusForbidden},
			{ro, "add-https-rule", `{"layer": "Default Layer", "name": "r8-ro", "position": "top"}`, api.CodeReadOnly, http.StatusForbidden},
			{ro, "add-threat-exception", `{"layer": "Standard Threat Prevention", "rule-number": 1, "name": "r8-ro", "position": "top"}`, api.CodeReadOnly, http.StatusForbidden},
			{ro, "install-policy", `{"policy-package": "Standard"}`, api.CodeReadOnly, http.StatusForbidden},
			{east, "show-access-rule", `{"layer": "Network", "uid": "` + ruleUID + `"}`, api.CodeObjectNotFound, http.StatusNotFound},
			{east, "set-access-rule", `{"layer": "Network", "uid": "` + ruleUID + `", "name": "from east"}`, api.CodeObjectNotFound, http.StatusNotFound},
			{east, "install-policy", `{"policy-package": "Standard"}`, "", http.StatusOK}, // Branch-East's own Standard
			{admin, "add-access-rule", `{"layer": "Network", "name": "r8-deep", "position": "top", "comments": ` + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + `}`, api.CodeInvalidSyntax, http.StatusBadRequest},
			{admin, "install-policy", `{"policy-package": "Standard", "targets": ` + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + `}`, api.CodeInvalidSyntax, http.StatusBadRequest},
			{admin, "verify-policy", `{"policy-package": "` + strings.Repeat("x", 1<<20) + `"}`, "", http.StatusRequestEntityTooLarge},
		}
		for _, a := range attempts {
			status, m := call(a.sid, a.command, a.body)
			require.Equal(t, a.status, status, "%s: %v", a.command, m)
			if a.code != "" {
				require.Equal(t, a.code, m["code"], a.command)
			}
		}
		// Branch-East's installation installed its own package on its own
		// gateway, never SMC User's rules: SMC User's gateway shows none.
		status, m = call(admin, "show-gateways-and-servers", `{}`)
		require.Equal(t, http.StatusOK, status, m)
		for _, gw := range m["objects"].([]any) {
			policy := gw.(map[string]any)["policy"].(map[string]any)
			require.Equal(t, false, policy["access-policy-installed"], "nothing installed in SMC User: %v", gw)
		}
		status, m = call(admin, "show-access-rule", `{"layer": "Network", "uid": "`+ruleUID+`"}`)
		require.Equal(t, http.StatusOK, status, m)
		require.Equal(t, "r8-rule", m["name"], "the rule unchanged")
		require.EqualValues(t, 1, m["rule-number"], "the rule not moved")
		Report(t, Row{Scenario: "R8 security: fwmgr rules and policy installation", Runs: 1, Checked: len(attempts) + 2,
			Detail: "attack: the read-only administrator adds, moves and deletes an access rule, adds a NAT, a threat and an HTTPS rule and a threat exception, and installs policy (403); a Branch-East session reads and renames an SMC User rule by UID (404) and installs (its own domain's package only); 100,000-level add-access-rule and install-policy bodies (400) and an over-1-MiB verify-policy (413): held, the rule unchanged and unmoved, nothing installed in SMC User"})
	})
	// Gateways, clusters, interoperable devices, VPN communities and threat
	// objects: the same object routes, with secrets (SIC one-time passwords,
	// pre-shared secrets) that no answer may carry.
	t.Run("gateway and VPN routes", func(t *testing.T) {
		status, m := call(admin, "add-simple-gateway", `{"name": "r8-gw", "ipv4-address": "192.0.2.81", "version": "R81", "one-time-password": "r8-Sic-Secret-1"}`)
		require.Equal(t, http.StatusOK, status, m)
		gwUID := m["uid"].(string)
		status, m = call(admin, "publish", `{}`)
		require.Equal(t, http.StatusOK, status, m)
		ro := login(fwmgrsandbox.AuditorUser, fwmgrsandbox.AuditorPassword, "SMC User")
		east := login(fwmgrsandbox.EastUser, fwmgrsandbox.EastPassword, "Branch-East")
		deep := strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000)
		attempts := []struct {
			sid, command, body, code string
			status                   int
		}{
			{ro, "add-simple-gateway", `{"name": "r8-ro", "ipv4-address": "192.0.2.82", "one-time-password": "r8-Sic-Secret-2"}`, api.CodeReadOnly, http.StatusForbidden},
			{ro, "set-simple-gateway", `{"uid": "` + gwUID + `", "comments": "changed"}`, api.CodeReadOnly, http.StatusForbidden},
			{ro, "delete-simple-gateway", `{"uid": "` + gwUID + `"}`, api.CodeReadOnly, http.StatusForbidden},
			{ro, "add-simple-cluster", `{"name": "r8-ro", "ipv4-address": "192.0.2.83"}`, api.CodeReadOnly, http.StatusForbidden},
			{ro, "add-interoperable-device", `{"name": "r8-ro", "ipv4-address": "192.0.2.84"}`, api.CodeReadOnly, http.StatusForbidden},
			{ro, "add-vpn-community-meshed", `{"name": "r8-ro", "gateways": ["r8-gw"]}`, api.CodeReadOnly, http.StatusForbidden},
			{ro, "add-vpn-community-star", `{"name": "r8-ro", "center-gateways": ["r8-gw"]}`, api.CodeReadOnly, http.StatusForbidden},
			{ro, "add-threat-profile", `{"name": "r8-ro"}`, api.CodeReadOnly, http.StatusForbidden},
			{ro, "add-threat-indicator", `{"name": "r8-ro", "observables": [{"name": "o", "ip-address": "192.0.2.85"}]}`, api.CodeReadOnly, http.StatusForbidden},
			{east, "show-simple-gateway", `{"uid": "` + gwUID + `"}`, api.CodeObjectNotFound, http.StatusNotFound},
			{east, "set-simple-gateway", `{"uid": "` + gwUID + `", "comments": "from east"}`, api.CodeObjectNotFound, http.StatusNotFound},
			{east, "delete-simple-gateway", `{"uid": "` + gwUID + `"}`, api.CodeObjectNotFound, http.StatusNotFound},
			{east, "add-vpn-community-meshed", `{"name": "r8-east", "gateways": ["` + gwUID + `"]}`, api.CodeObjectNotFound, http.StatusNotFound},
			{admin, "add-simple-gateway", `{"name": "r8-deep", "ipv4-address": "192.0.2.86", "interfaces": ` + deep + `}`, api.CodeInvalidSyntax, http.StatusBadRequest},
			{admin, "add-vpn-community-star", `{"name": "r8-deep", "shared-secrets": ` + deep + `}`, api.CodeInvalidSyntax, http.StatusBadRequest},
			{admin, "add-simple-cluster", `{"name": "r8-big", "comments": "` + strings.Repeat("x", 1<<20) + `"}`, "", http.StatusRequestEntityTooLarge},
		}
		for _, a := range attempts {
			status, m := call(a.sid, a.command, a.body)
			require.Equal(t, a.status, status, "%s: %v", a.command, m)
			if a.code != "" {
				require.Equal(t, a.code, m["code"], a.command)
			}
		}
		status, m = call(admin, "show-simple-gateway", `{"uid": "`+gwUID+`", "details-level": "full"}`)
		require.Equal(t, http.StatusOK, status, m)
		require.Equal(t, "", m["comments"], "the gateway unchanged")
		raw, err := json.Marshal(m)
		require.NoError(t, err)
		require.NotContains(t, string(raw), "r8-Sic-Secret-1", "no answer carries the one-time password")
		status, m = call(east, "show-simple-gateways", `{}`)
		require.Equal(t, http.StatusOK, status, m)
		for _, gw := range m["objects"].([]any) {
			require.NotEqual(t, gwUID, gw.(map[string]any)["uid"], "Branch-East lists none of SMC User's gateways")
		}
		status, m = call(admin, "show-simple-clusters", `{"filter": "r8-"}`)
		require.Equal(t, http.StatusOK, status, m)
		require.EqualValues(t, 0, m["total"], "no attempt made a cluster")
		Report(t, Row{Scenario: "R8 security: fwmgr gateways, clusters and VPN communities", Runs: 1, Checked: len(attempts) + 4,
			Detail: "attack: the read-only administrator adds, sets and deletes a gateway and adds a cluster, an interoperable device, two VPN communities and two threat objects (403); a Branch-East session reads, changes and deletes an SMC User gateway by UID and puts it in a community of its own (404); 100,000-level add-simple-gateway and add-vpn-community-star bodies (400) and an over-1-MiB add-simple-cluster (413): held, the gateway unchanged, its one-time password in no answer, Branch-East lists none of SMC User's gateways, no cluster made"})
	})
}
