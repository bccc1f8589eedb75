package fwmgr_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// setCases: for every set command of api.Sets, a body that changes the
// setting and the outputs its show command (the entry's Shows) then answers,
// written by hand as raw JSON; showBody is the show's body (the virtual
// system of set-dns).
var setCases = map[string]struct {
	body, showBody string
	want           map[string]any
}{
	"set-hostname": {`{"name": "fw-edge-01.corp.example.net"}`, `{}`, map[string]any{"name": "fw-edge-01.corp.example.net"}},
	"set-dns": {`{"primary": "2001:db8::53", "secondary": "", "tertiary": "10.9.0.53", "suffix": "lab.example.org",
		"forwarding-domains": [{"suffix": "a.example.org", "primary": "10.8.0.1", "secondary": "", "tertiary": ""}],
		"listening-interfaces": "all"}`, `{}`, map[string]any{"primary": "2001:db8::53", "secondary": "", "tertiary": "10.9.0.53", "suffix": "lab.example.org",
		"forwarding-domains":   []any{map[string]any{"suffix": "a.example.org", "primary": "10.8.0.1", "secondary": "", "tertiary": ""}},
		"listening-interfaces": []any{"all"}}},
	"set-ntp": {`{"enabled": false, "servers": [{"address": "192.0.2.123", "type": "server", "version": 3}, {"address": "ntp.example.org", "type": "pool", "version": 4}],
		"preferred": "ntp.example.org"}`, `{}`, map[string]any{"enabled": false, "preferred": "ntp.example.org", "servers": []any{
		map[string]any{"address": "192.0.2.123", "type": "server", "version": 3.0}, map[string]any{"address": "ntp.example.org", "type": "pool", "version": 4.0}}}},
	"set-time-and-date": {`{"timezone": "Asia / Jerusalem"}`, `{}`, map[string]any{"timezone": "Asia / Jerusalem", "time": "10:00:00", "date": "2026-11-20",
		"iso8601": "2026-11-20T10:00:00+0200"}},
	"set-banner": {`{"message": "Authorized use only.\nActivity is logged.", "enabled": false}`, `{}`,
		map[string]any{"message": "Authorized use only.\nActivity is logged.", "enabled": false}},
	"set-message-of-the-day": {`{"message": "Maintenance on Saturday.", "enabled": true}`, `{}`,
		map[string]any{"message": "Maintenance on Saturday.", "enabled": true}},
	"set-proxy": {`{"address": "proxy.corp.example.net", "port": 3128}`, `{}`, map[string]any{"address": "proxy.corp.example.net", "port": 3128.0}},
	"set-allowed-clients": {`{"allowed-any-host": true, "allowed-hosts": ["192.0.2.10"], "allowed-networks": [{"subnet": "198.51.100.0", "mask-length": 24}, {"subnet": "10.0.0.0", "mask-length": 8}]}`, `{}`,
		map[string]any{"allowed-any-host": true, "allowed-hosts": []any{"192.0.2.10"},
			"allowed-networks": []any{map[string]any{"subnet": "198.51.100.0", "mask-length": 24.0}, map[string]any{"subnet": "10.0.0.0", "mask-length": 8.0}}}},
	"set-password-policy": {`{"password-strength": {"minimum-length": 12, "complexity": 4}, "password-history": {"check-history-enabled": true},
		"lock-settings": {"password-expiration-days": "90", "inactivity-settings": {"inactivity-threshold-days": 30},
		"failed-attempts-settings": {"failed-lock-enabled": true, "failed-attempts-allowed": 3}}, "all-users-require-two-factor-authentication": true}`, `{}`,
		map[string]any{"all-users-require-two-factor-authentication": true,
			"password-strength": map[string]any{"minimum-length": 12.0, "complexity": 4.0, "palindrome-check-enabled": true},
			"password-history":  map[string]any{"check-history-enabled": true, "repeated-history-length": 10.0},
			"lock-settings": map[string]any{"password-expiration-days": "90", "password-expiration-warning-days": 7.0,
				"password-expiration-maximum-days-before-lock": "never", "must-one-time-password-enabled": false,
				"inactivity-settings": map[string]any{"lock-unused-accounts-enabled": false, "inactivity-threshold-days": 30.0},
				"failed-attempts-settings": map[string]any{"failed-lock-enabled": true, "failed-attempts-allowed": 3.0,
					"failed-lock-duration-seconds": 1200.0, "failed-lock-enforced-on-admin": false}}}},
	// A route added (the seed has 8) and a seeded one deleted.
	"set-static-route": {`{"address": "1.2.3.0", "mask-length": 24, "type": "gateway", "next-hop": [{"gateway": "10.1.1.254"}], "comment": "hello"}`,
		`{}`, map[string]any{"total": 9.0}},
	"delete-static-route": {`{"address": "192.0.2.0", "mask-length": 24}`, `{}`, map[string]any{"total": 7.0}},
	// A VLAN added on eth2 (which has none), a seeded one changed and one
	// deleted; TestVlanInterfaces checks the lists.
	"add-vlan-interface": {`{"parent": "eth2", "id": 42, "ipv4-address": "10.42.0.1", "ipv4-mask-length": 24, "comments": "new"}`,
		`{}`, map[string]any{}},
	"set-vlan-interface":    {`{"name": "eth1.200", "comments": "changed"}`, `{}`, map[string]any{}},
	"delete-vlan-interface": {`{"name": "eth1.200"}`, `{}`, map[string]any{}},
	"set-syslog": {`{"audit-log": true, "cp-logs": true, "send-to-mgmt": true, "filename": "/var/log/fw.log",
		"forwarded-logs-files": [{"path": "/var/log/gaia_api_server.log"}, {"path": "/var/log/audit/audit.log", "tag": "audit"}]}`, `{}`,
		map[string]any{"audit-log": true, "cp-logs": true, "send-to-mgmt": true, "filename": "/var/log/fw.log", "forwarded-logs-files": []any{
			map[string]any{"path": "/var/log/gaia_api_server.log", "tag": "gaia_api_server"}, map[string]any{"path": "/var/log/audit/audit.log", "tag": "audit"}}}},
	// A remote syslog server added (the seed has 2), a seeded one changed
	// and one deleted; TestRemoteSyslogsAndTrapReceivers checks the lists.
	"add-remote-syslog":    {`{"server-ip": "10::130", "level": "debug"}`, `{}`, map[string]any{}},
	"set-remote-syslog":    {`{"server-ip": "10.1.2.60", "level": "err", "port": 1514}`, `{}`, map[string]any{}},
	"delete-remote-syslog": {`{"server-ip": "10.1.2.61"}`, `{}`, map[string]any{}},
	"set-snmp": {`{"enabled": true, "version": "v3-Only", "trap-usm": "testuser", "contact": "noc", "location": "dc-2",
		"read-only-community": "ro-secret", "read-write-community": "rw-secret", "interfaces": "eth1"}`, `{}`,
		map[string]any{"enabled": true, "version": "v3-Only", "trap-usm": "testuser", "contact": "noc", "location": "dc-2", "interfaces": "eth1",
			"read-only-community": nil, "read-write-community": nil}},
	"add-snmp-trap-receiver": {`{"address": "4.4.4.5", "version": "v2", "community-string": "yy"}`, `{}`, map[string]any{"objects": []any{
		map[string]any{"address": "4.4.4.5", "version": "v2"}, map[string]any{"address": "10.1.2.62", "version": "v2"}}}},
	"set-snmp-trap-receiver": {`{"address": "10.1.2.62", "version": "v3"}`, `{}`, map[string]any{"objects": []any{
		map[string]any{"address": "10.1.2.62", "version": "v3"}}}},
	"delete-snmp-trap-receiver": {`{"address": "10.1.2.62"}`, `{}`, map[string]any{"objects": []any{}}},
}

// setOK calls a set command and requires a 200.
func setOK(t *testing.T, sb *fwmgrtest.Sandbox, sid, command, body string) map[string]any {
	t.Helper()
	a := post(t, sb, "/os_api/v1.8/"+command, sid, body)
	require.Equal(t, http.StatusOK, a.status, "%s %s: %s", command, body, a.raw)
	return a.body
}

// showsOf answers every show command of api.Sets on both members and in
// every virtual system (of the ones that take it): the state a refused set
// must leave alone.
func showsOf(t *testing.T, sb *fwmgrtest.Sandbox, sid string) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, c := range api.Sets {
		for _, member := range []string{"1", "2"} {
			bodies := []string{fmt.Sprintf(`{"member-id": %q}`, member)}
			if c.VirtualSystem {
				bodies = append(bodies, fmt.Sprintf(`{"member-id": %q, "virtual-system-id": 1}`, member))
			}
			for _, body := range bodies {
				out[c.Shows+" "+body] = show(t, sb, sid, c.Shows, body)
			}
		}
	}
	return out
}

func requireSubset(t *testing.T, want, got map[string]any, msg string) {
	t.Helper()
	for k, v := range want {
		require.Equal(t, v, got[k], "%s: %s", msg, k)
	}
}

// Every set command has a case, and a set is what its show command then
// answers, on every member; the set's own answer is that show's answer on
// the session's member. The session's member-id does not narrow a set.
func TestSetThenShow(t *testing.T) {
	t.Parallel()
	for _, c := range api.Sets {
		tc, ok := setCases[c.Name]
		require.True(t, ok, "setCases has %s", c.Name)
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			sb := fwmgrtest.Start(t)
			sid := login(t, sb, `, "member-id": "2"`)
			got := setOK(t, sb, sid, c.Name, tc.body)
			requireSubset(t, tc.want, got, "the set's answer")
			assert.Equal(t, show(t, sb, sid, c.Shows, tc.showBody), got, "a set answers what its show answers")
			for _, member := range []string{"1", "2"} {
				requireSubset(t, tc.want, show(t, sb, sid, c.Shows, withField(t, tc.showBody, "member-id", member)), "member "+member)
			}
		})
	}
}

// Without member-id a set applies to both members; with it, to that member
// alone, and only its shows report it.
func TestSetOnOneMember(t *testing.T) {
	t.Parallel()
	for _, c := range api.Sets {
		tc := setCases[c.Name]
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			sb := fwmgrtest.Start(t)
			sid := login(t, sb, "")
			before := show(t, sb, sid, c.Shows, withField(t, tc.showBody, "member-id", "1"))
			got := setOK(t, sb, sid, c.Name, withField(t, tc.body, "member-id", "2"))
			requireSubset(t, tc.want, got, "answered on member 2")
			requireSubset(t, tc.want, show(t, sb, sid, c.Shows, withField(t, tc.showBody, "member-id", "2")), "member 2")
			assert.Equal(t, before, show(t, sb, sid, c.Shows, withField(t, tc.showBody, "member-id", "1")), "member 1 keeps its value")
			requireError(t, post(t, sb, "/os_api/v1.8/"+c.Name, sid, withField(t, tc.body, "member-id", "3")), 404, api.CodeObjectNotFound, "member-id", "pending")
			requireError(t, post(t, sb, "/os_api/v1.8/"+c.Name, sid, withField(t, tc.body, "member-id", "9")), 404, api.CodeObjectNotFound, "member-id")
		})
	}
}

// Host names differ per member: a set without member-id gives both the
// name, and setting each member's seeded name back restores them.
func TestSetHostnameRestoresEachMember(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	setOK(t, sb, sid, "set-hostname", `{"name": "fw"}`)
	for id, name := range map[string]string{"1": "fw-member-a", "2": "fw-member-b"} {
		assert.Equal(t, "fw", show(t, sb, sid, "show-hostname", `{"member-id": "`+id+`"}`)["name"])
		setOK(t, sb, sid, "set-hostname", `{"name": "`+name+`", "member-id": "`+id+`"}`)
		assert.Equal(t, name, show(t, sb, sid, "show-hostname", `{"member-id": "`+id+`"}`)["name"])
	}
}

// A member's host name is its name everywhere the device names it.
func TestHostnameIsTheMembersNameEverywhere(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	setOK(t, sb, sid, "set-hostname", `{"name": "edge-b", "member-id": "2"}`)
	members := objects(t, show(t, sb, sid, "show-cluster-members", `{}`), "members")
	require.Len(t, members, 2)
	assert.Equal(t, "fw-member-a", members[0]["hostname"])
	assert.Equal(t, "edge-b", members[1]["hostname"])
	for member, names := range map[string][2]string{"1": {"fw-member-a", "edge-b"}, "2": {"edge-b", "fw-member-a"}} {
		state := show(t, sb, sid, "show-cluster-state", `{"member-id": "`+member+`"}`)
		assert.Equal(t, names[0], state["this-cluster-member"].(map[string]any)["name"], "member %s", member)
		assert.Equal(t, names[1], objects(t, state, "other-cluster-members")[0]["name"], "member %s", member)
		system := objects(t, show(t, sb, sid, "show-asset", `{"member-id": "`+member+`"}`), "system")
		assert.Contains(t, system, map[string]any{"key": "Hostname", "value": names[0]}, "member %s", member)
	}
	assert.Equal(t, "fw-member-c", objects(t, show(t, sb, sid, "show-cluster-members", `{}`), "pending-gateways")[0]["hostname"])
}

// Setting the factory values (the seeded device's, docs/api/fwmgr.md)
// back restores every show to its answer before any change.
func TestSetRestoresTheFactoryValues(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	factory := showsOf(t, sb, sid)
	for _, c := range api.Sets {
		if c.Name == "delete-vlan-interface" || c.Name == "delete-remote-syslog" {
			continue // a seeded VLAN's counters, a seeded server's TLS settings cannot be set back
		}
		setOK(t, sb, sid, c.Name, setCases[c.Name].body)
	}
	setOK(t, sb, sid, "set-dns", `{"virtual-system-id": 1, "primary": "10.7.0.1", "listening-interfaces": ["eth10"]}`)
	require.NotEqual(t, factory, showsOf(t, sb, sid))

	seed := fwmgr.Seed()
	dns, err := json.Marshal(seed.DNS)
	require.NoError(t, err)
	ntp, err := json.Marshal(seed.NTP)
	require.NoError(t, err)
	for _, body := range []string{
		`{"name": "fw-member-a", "member-id": "1"}`, `{"name": "fw-member-b", "member-id": "2"}`,
	} {
		setOK(t, sb, sid, "set-hostname", body)
	}
	setOK(t, sb, sid, "set-dns", string(dns))
	setOK(t, sb, sid, "set-dns", `{"virtual-system-id": 1, "primary": "10.1.2.53", "listening-interfaces": []}`)
	setOK(t, sb, sid, "set-ntp", string(ntp))
	setOK(t, sb, sid, "set-time-and-date", `{"timezone": "Europe / Berlin"}`)
	for command, value := range map[string]any{"set-banner": seed.Banner, "set-message-of-the-day": seed.MessageOfTheDay, "set-proxy": seed.Proxy,
		"set-allowed-clients": seed.AllowedClients, "set-password-policy": seed.PasswordPolicy} {
		body, err := json.Marshal(value)
		require.NoError(t, err)
		setOK(t, sb, sid, command, string(body))
	}
	setOK(t, sb, sid, "delete-static-route", `{"address": "1.2.3.0", "mask-length": 24}`)
	setOK(t, sb, sid, "set-static-route", `{"address": "192.0.2.0", "mask-length": 24, "type": "blackhole", "rank": 0, "comment": "documentation block"}`)
	setOK(t, sb, sid, "delete-vlan-interface", `{"name": "eth2.42"}`)
	for command, value := range map[string]any{"set-syslog": seed.Syslog, "set-snmp": seed.SNMP} {
		body, err := json.Marshal(value)
		require.NoError(t, err)
		setOK(t, sb, sid, command, string(body))
	}
	setOK(t, sb, sid, "delete-remote-syslog", `{"server-ip": "10::130"}`)
	setOK(t, sb, sid, "set-remote-syslog", `{"server-ip": "10.1.2.60", "level": "info", "port": 514}`)
	setOK(t, sb, sid, "delete-snmp-trap-receiver", `{"address": "4.4.4.5"}`)
	setOK(t, sb, sid, "add-snmp-trap-receiver", `{"address": "10.1.2.62", "version": "v2", "community-string": "trap-community-1"}`)
	setOK(t, sb, sid, "set-vlan-interface", `{"name": "eth1.200", "comments": "servers"}`)
	assert.Equal(t, factory, showsOf(t, sb, sid))
}

// Bad input answers 400 naming the input and its rule, and changes nothing
// on any member or virtual system.
func TestSetRefusesBadInput(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	before := showsOf(t, sb, sid)
	for _, tc := range []struct {
		command, body, code string
		words               []string
	}{
		{"set-hostname", `{}`, api.CodeMissingRequired, []string{"name"}},
		{"set-hostname", `{"name": ""}`, api.CodeMissingRequired, []string{"name"}},
		{"set-hostname", `{"name": "-fw"}`, api.CodeInvalidParameter, []string{"[name]", "hyphen", `"-fw"`}},
		{"set-hostname", `{"name": "fw-"}`, api.CodeInvalidParameter, []string{"[name]"}},
		{"set-hostname", `{"name": "fw..a"}`, api.CodeInvalidParameter, []string{"[name]"}},
		{"set-hostname", `{"name": ".fw"}`, api.CodeInvalidParameter, []string{"[name]"}},
		{"set-hostname", `{"name": "fw_a"}`, api.CodeInvalidParameter, []string{"[name]"}},
		{"set-hostname", `{"name": "10.1.1.1"}`, api.CodeInvalidParameter, []string{"[name]", "not an IP address"}},
		{"set-hostname", `{"name": "2001:db8::1"}`, api.CodeInvalidParameter, []string{"[name]"}},
		{"set-hostname", fmt.Sprintf(`{"name": %q}`, strings.Repeat("a", 64)), api.CodeInvalidParameter, []string{"[name]", "63"}},
		{"set-hostname", `{"name": 5}`, api.CodeInvalidSyntax, []string{"name"}},
		{"set-hostname", `{"name": "fw", "colour": "blue"}`, api.CodeInvalidParameterName, []string{"colour"}},
		{"set-dns", `{"primary": "10.1.2"}`, api.CodeInvalidParameter, []string{"[primary]", "IPv4 or IPv6"}},
		{"set-dns", `{"secondary": "dns.example.net"}`, api.CodeInvalidParameter, []string{"[secondary]"}},
		{"set-dns", `{"tertiary": "fe80::1%eth1"}`, api.CodeInvalidParameter, []string{"[tertiary]"}},
		{"set-dns", `{"suffix": "-corp.example"}`, api.CodeInvalidParameter, []string{"[suffix]", "domain name"}},
		{"set-dns", `{"forwarding-domains": [{"suffix": "a.example", "primary": ""}]}`, api.CodeInvalidParameter, []string{"[forwarding-domains[0].primary]"}},
		{"set-dns", `{"forwarding-domains": [{"suffix": "", "primary": "10.0.0.1"}]}`, api.CodeInvalidParameter, []string{"[forwarding-domains[0].suffix]"}},
		{"set-dns", `{"forwarding-domains": [{"suffix": "a.example", "primary": "10.0.0.1"}, {"suffix": "a.example", "primary": "10.0.0.2"}]}`, api.CodeInvalidParameter, []string{"[forwarding-domains[1].suffix]", "twice"}},
		{"set-dns", `{"forwarding-domains": [{"suffix": "a.example", "primary": "10.0.0.1", "secondary": "x"}]}`, api.CodeInvalidParameter, []string{"[forwarding-domains[0].secondary]"}},
		{"set-dns", `{"forwarding-domains": [{"suffix": "a.example", "primary": "10.0.0.1", "colour": "x"}]}`, api.CodeInvalidParameterName, []string{"colour"}},
		{"set-dns", `{"listening-interfaces": "some"}`, api.CodeInvalidSyntax, []string{"listening-interfaces"}},
		{"set-dns", `{"listening-interfaces": ["eth99"]}`, api.CodeInvalidParameter, []string{"[listening-interfaces]", "eth99"}},
		{"set-dns", `{"listening-interfaces": ["eth2", "eth2"]}`, api.CodeInvalidParameter, []string{"[listening-interfaces]", "twice"}},
		{"set-dns", `{"listening-interfaces": {"add": ["eth10"]}}`, api.CodeInvalidParameter, []string{"[listening-interfaces]", "eth10", "virtual system 0"}},
		{"set-dns", `{"listening-interfaces": {"remove": ["eth4"]}}`, api.CodeInvalidParameter, []string{"[listening-interfaces]", "eth4"}},
		{"set-dns", `{"primary": "10.0.0.1", "virtual-system-id": 7}`, api.CodeObjectNotFound, []string{"virtual-system-id"}},
		{"set-ntp", `{"servers": [{"address": "10.0.0.1", "version": 5}]}`, api.CodeInvalidParameter, []string{"[servers[0].version]", "between 1 and 4"}},
		{"set-ntp", `{"servers": [{"address": "10.0.0.1", "version": -1}]}`, api.CodeInvalidParameter, []string{"[servers[0].version]"}},
		{"set-ntp", `{"servers": [{"address": "10.0.0.1"}, {"address": "ntp..x"}]}`, api.CodeInvalidParameter, []string{"[servers[1].address]"}},
		{"set-ntp", `{"servers": [{"address": "10.0.0.1"}, {"address": "10.0.0.1"}]}`, api.CodeInvalidParameter, []string{"[servers[1].address]", "twice"}},
		{"set-ntp", `{"servers": [{"address": "10.0.0.1", "type": "peer"}]}`, api.CodeInvalidParameter, []string{"[servers[0].type]", "pool"}},
		{"set-ntp", `{"preferred": "10.9.9.9"}`, api.CodeInvalidParameter, []string{"[preferred]", "10.1.2.123"}},
		{"set-ntp", `{"servers": [{"address": "10.0.0.1"}], "preferred": "10.1.2.123"}`, api.CodeInvalidParameter, []string{"[preferred]", "10.0.0.1"}},
		{"set-ntp", `{"enabled": "yes"}`, api.CodeInvalidSyntax, []string{"enabled"}},
		{"set-time-and-date", `{}`, api.CodeMissingRequired, []string{"timezone"}},
		{"set-time-and-date", `{"timezone": "Asia/Jerusalem"}`, api.CodeInvalidParameter, []string{"[timezone]", "Asia / Jerusalem", "show-timezones"}},
		{"set-time-and-date", `{"timezone": "Mars / Olympus"}`, api.CodeInvalidParameter, []string{"[timezone]"}},
		{"set-time-and-date", `{"timezone": "UTC", "time": "10:00"}`, api.CodeInvalidParameterName, []string{"time"}},
		{"set-banner", fmt.Sprintf(`{"message": %q}`, strings.Repeat("a", api.MaxLoginMessage+1)), api.CodeInvalidParameter, []string{"[message]", "at most 2000 characters", "2001"}},
		{"set-banner", `{"message": "bell\u0007"}`, api.CodeInvalidParameter, []string{"[message]", "control characters"}},
		{"set-banner", `{"enabled": "yes"}`, api.CodeInvalidSyntax, []string{"enabled"}},
		{"set-banner", `{"message": "x", "title": "y"}`, api.CodeInvalidParameterName, []string{"title"}},
		{"set-message-of-the-day", `{"message": "esc\u001b[31m"}`, api.CodeInvalidParameter, []string{"[message]", "control characters"}},
		{"set-message-of-the-day", `{"message": 5}`, api.CodeInvalidSyntax, []string{"message"}},
		{"set-proxy", `{"address": "10.1.2.80", "port": 0}`, api.CodeInvalidParameter, []string{"[port]", "between 1 and 65535"}},
		{"set-proxy", `{"address": "10.1.2.80", "port": 65536}`, api.CodeInvalidParameter, []string{"[port]", "between 1 and 65535", "65536"}},
		{"set-proxy", `{"address": "2001:db8::80", "port": 8080}`, api.CodeInvalidParameter, []string{"[address]", "IPv4 address or a host name"}},
		{"set-proxy", `{"address": "http://proxy", "port": 8080}`, api.CodeInvalidParameter, []string{"[address]"}},
		{"set-proxy", `{"address": "", "port": 8080}`, api.CodeInvalidParameter, []string{"[port]", "0 or left out", "no proxy"}},
		{"set-proxy", `{"address": "10.1.2.80"}`, api.CodeInvalidParameter, []string{"[port]", "no proxy is configured"}},
		{"set-proxy", `{"port": 8080}`, api.CodeInvalidParameter, []string{"[address]", "no proxy is configured"}},
		{"set-proxy", `{"address": "10.1.2.80", "port": "8080"}`, api.CodeInvalidSyntax, []string{"port"}},
		{"set-allowed-clients", `{"allowed-hosts": ["10.0.0.1", "2001:db8::1"]}`, api.CodeInvalidParameter, []string{"[allowed-hosts[1]]", "IPv4 address"}},
		{"set-allowed-clients", `{"allowed-hosts": ["10.0.0.1", "10.0.0.1"]}`, api.CodeInvalidParameter, []string{"[allowed-hosts[1]]", "twice"}},
		{"set-allowed-clients", `{"allowed-networks": [{"subnet": "10.1.0.0", "mask-length": 33}]}`, api.CodeInvalidParameter, []string{"[allowed-networks[0].mask-length]", "between 1 and 32"}},
		{"set-allowed-clients", `{"allowed-networks": [{"subnet": "10.1.2.3", "mask-length": 16}]}`, api.CodeInvalidParameter, []string{"[allowed-networks[0].subnet]", "network address", "10.1.0.0"}},
		{"set-allowed-clients", `{"allowed-networks": [{"subnet": "fd00::", "mask-length": 16}]}`, api.CodeInvalidParameter, []string{"[allowed-networks[0].subnet]", "IPv4"}},
		{"set-allowed-clients", `{"allowed-networks": [{"mask-length": 16}]}`, api.CodeMissingRequired, []string{"allowed-networks[0].subnet"}},
		{"set-allowed-clients", `{"allowed-networks": [{"subnet": "10.1.0.0"}]}`, api.CodeMissingRequired, []string{"allowed-networks[0].mask-length"}},
		{"set-allowed-clients", `{"allowed-networks": [{"subnet": "10.1.0.0", "mask-length": 16}, {"subnet": "10.1.0.0", "mask-length": 16}]}`, api.CodeInvalidParameter, []string{"[allowed-networks[1]]", "twice"}},
		{"set-allowed-clients", `{"allowed-networks": [{"subnet": "10.1.0.0", "mask-length": 16, "comment": "x"}]}`, api.CodeInvalidParameterName, []string{"comment"}},
		{"set-allowed-clients", `{"allowed-any-host": "yes"}`, api.CodeInvalidSyntax, []string{"allowed-any-host"}},
		{"set-syslog", `{"filename": "/etc/passwd"}`, api.CodeInvalidParameter, []string{"[filename]", "/var/log"}},
		{"set-syslog", `{"filename": "/var/log/../../etc/shadow"}`, api.CodeInvalidParameter, []string{"[filename]", ".."}},
		{"set-syslog", `{"forwarded-logs-files": [{"tag": "x"}]}`, api.CodeMissingRequired, []string{"forwarded-logs-files[0].path"}},
		{"set-syslog", `{"forwarded-logs-files": [{"path": "/var/log/a.log"}, {"path": "/var/log/a.log"}]}`, api.CodeInvalidParameter, []string{"[forwarded-logs-files[1].path]", "twice"}},
		{"set-syslog", `{"forwarded-logs-files": [{"path": "/var/log/a.log", "tag": "a b"}]}`, api.CodeInvalidParameter, []string{"[forwarded-logs-files[0].tag]", "32"}},
		{"set-syslog", `{"tls-configuration": {}}`, api.CodeInvalidParameterName, []string{"tls-configuration"}},
		{"add-remote-syslog", `{"server-ip": "10.9.9.9"}`, api.CodeMissingRequired, []string{"level"}},
		{"add-remote-syslog", `{"server-ip": "10.1.2.60", "level": "info"}`, api.CodeInvalidParameter, []string{"[server-ip]", "exists already"}},
		{"add-remote-syslog", `{"server-ip": "10:0:0::130", "level": "info"}`, api.CodeInvalidParameter, []string{"[server-ip]", "10::130"}},
		{"add-remote-syslog", `{"server-ip": "10.9.9.9", "level": "loud"}`, api.CodeInvalidParameter, []string{"[level]", "debug"}},
		{"add-remote-syslog", `{"server-ip": "10.9.9.9", "level": "info", "port": 0}`, api.CodeInvalidParameter, []string{"[port]", "between 1 and 65535"}},
		{"add-remote-syslog", `{"server-ip": "10.9.9.9", "level": "info", "protocol": "sctp"}`, api.CodeInvalidParameter, []string{"[protocol]", "udp"}},
		{"set-remote-syslog", `{"server-ip": "10.9.9.9", "level": "info"}`, api.CodeObjectNotFound, []string{"10.9.9.9"}},
		{"delete-remote-syslog", `{"server-ip": "10.9.9.9"}`, api.CodeObjectNotFound, []string{"10.9.9.9"}},
		{"set-snmp", `{"version": "v2"}`, api.CodeInvalidParameter, []string{"[version]", "v3-Only"}},
		{"set-snmp", `{"trap-usm": "1user"}`, api.CodeInvalidParameter, []string{"[trap-usm]", "USM user"}},
		{"set-snmp", `{"contact": "a\u0007"}`, api.CodeInvalidParameter, []string{"[contact]", "control characters"}},
		{"set-snmp", fmt.Sprintf(`{"location": %q}`, strings.Repeat("l", api.MaxSnmpText+1)), api.CodeInvalidParameter, []string{"[location]", "128"}},
		{"set-snmp", `{"read-only-community": "has space"}`, api.CodeInvalidParameter, []string{"[read-only-community]", "9 characters"}},
		{"set-snmp", `{"interfaces": "eth99"}`, api.CodeInvalidParameter, []string{"[interfaces]", "eth99"}},
		{"add-snmp-trap-receiver", `{"address": "4.4.4.5", "version": "v2"}`, api.CodeInvalidParameter, []string{"[community-string]", "required", "v2"}},
		{"add-snmp-trap-receiver", `{"address": "4.4.4.5", "version": "v4"}`, api.CodeInvalidParameter, []string{"[version]", "v3"}},
		{"add-snmp-trap-receiver", `{"address": "trap.example.net", "version": "v3"}`, api.CodeInvalidParameter, []string{"[address]"}},
		{"add-snmp-trap-receiver", `{"address": "10.1.2.62", "version": "v3"}`, api.CodeInvalidParameter, []string{"[address]", "exists already"}},
		{"set-snmp-trap-receiver", `{"address": "4.4.4.5", "version": "v3"}`, api.CodeObjectNotFound, []string{"4.4.4.5"}},
		{"delete-snmp-trap-receiver", `{"address": "4.4.4.5"}`, api.CodeObjectNotFound, []string{"4.4.4.5"}},
		{"set-password-policy", `{"password-strength": {"minimum-length": 5}}`, api.CodeInvalidParameter, []string{"[password-strength.minimum-length]", "between 6 and 128"}},
		{"set-password-policy", `{"password-strength": {"complexity": 5}}`, api.CodeInvalidParameter, []string{"[password-strength.complexity]", "between 1 and 4"}},
		{"set-password-policy", `{"password-history": {"repeated-history-length": 0}}`, api.CodeInvalidParameter, []string{"[password-history.repeated-history-length]", "between 1 and 1000"}},
		{"set-password-policy", `{"lock-settings": {"password-expiration-days": "0"}}`, api.CodeInvalidParameter, []string{"[lock-settings.password-expiration-days]", "never"}},
		{"set-password-policy", `{"lock-settings": {"password-expiration-days": 90}}`, api.CodeInvalidSyntax, []string{"password-expiration-days"}},
		{"set-password-policy", `{"lock-settings": {"password-expiration-maximum-days-before-lock": "1828"}}`, api.CodeInvalidParameter, []string{"[lock-settings.password-expiration-maximum-days-before-lock]", "1827"}},
		{"set-password-policy", `{"lock-settings": {"password-expiration-warning-days": 367}}`, api.CodeInvalidParameter, []string{"[lock-settings.password-expiration-warning-days]", "between 1 and 366"}},
		{"set-password-policy", `{"lock-settings": {"inactivity-settings": {"inactivity-threshold-days": 0}}}`, api.CodeInvalidParameter, []string{"[lock-settings.inactivity-settings.inactivity-threshold-days]", "between 1 and 1827"}},
		{"set-password-policy", `{"lock-settings": {"failed-attempts-settings": {"failed-attempts-allowed": 1}}}`, api.CodeInvalidParameter, []string{"[lock-settings.failed-attempts-settings.failed-attempts-allowed]", "between 2 and 1000"}},
		{"set-password-policy", `{"lock-settings": {"failed-attempts-settings": {"failed-lock-duration-seconds": 59}}}`, api.CodeInvalidParameter, []string{"[lock-settings.failed-attempts-settings.failed-lock-duration-seconds]", "between 60 and 604800"}},
		{"set-password-policy", `{"password-strength": {"minimum-length": 8}, "lock-settings": {"failed-attempts-settings": {"failed-attempts-allowed": 1}}}`, api.CodeInvalidParameter, []string{"failed-attempts-allowed"}},
		{"set-password-policy", `{"password-strength": {"maximum-length": 8}}`, api.CodeInvalidParameterName, []string{"maximum-length"}},
	} {
		a := post(t, sb, "/os_api/v1.8/"+tc.command, sid, tc.body)
		status := http.StatusBadRequest
		if tc.code == api.CodeObjectNotFound {
			status = http.StatusNotFound
		}
		requireError(t, a, status, tc.code, tc.words...)
	}
	assert.Equal(t, before, showsOf(t, sb, sid), "refused sets change nothing")
}

// The forms of set-dns's and set-ntp's inputs that upstream's provider
// sends: listening-interfaces "all" or {"add": [...]}, every key of a
// forwarding domain, NTP servers with type "" and version 0 when unset.
func TestSetUpstreamRequests(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	got := setOK(t, sb, sid, "set-dns", `{"listening-interfaces": {"add": ["eth4", "eth2"]}}`)
	assert.Equal(t, []any{"eth1.100", "eth2", "eth4"}, got["listening-interfaces"], "added to the list, each once")
	got = setOK(t, sb, sid, "set-dns", `{"listening-interfaces": {"remove": ["eth1.100"]}}`)
	assert.Equal(t, []any{"eth2", "eth4"}, got["listening-interfaces"])
	got = setOK(t, sb, sid, "set-dns", `{"listening-interfaces": "all"}`)
	assert.Equal(t, []any{"all"}, got["listening-interfaces"])
	got = setOK(t, sb, sid, "set-dns", `{"listening-interfaces": {"add": ["eth2"]}}`)
	assert.Equal(t, []any{"eth2"}, got["listening-interfaces"], "added interfaces replace all")
	got = setOK(t, sb, sid, "set-dns", `{"forwarding-domains": []}`)
	assert.Equal(t, []any{}, got["forwarding-domains"])
	assert.Equal(t, "10.1.2.53", got["primary"], "inputs left out keep their values")

	got = setOK(t, sb, sid, "set-ntp", `{"servers": [{"address": "10.1.2.123", "type": "", "version": 0}, {"address": "0.pool.ntp.example.net", "type": "pool", "version": 0}]}`)
	assert.Equal(t, []any{map[string]any{"address": "10.1.2.123", "type": "server", "version": 4.0},
		map[string]any{"address": "0.pool.ntp.example.net", "type": "pool", "version": 4.0}}, got["servers"])
	assert.Equal(t, "10.1.2.123", got["preferred"], "the preferred server is still a server")
	got = setOK(t, sb, sid, "set-ntp", `{"servers": [{"address": "0.pool.ntp.example.net", "type": "pool"}]}`)
	assert.Equal(t, "", got["preferred"], "a server no longer there is no longer preferred")
	got = setOK(t, sb, sid, "set-ntp", `{"preferred": "0.pool.ntp.example.net"}`)
	assert.Equal(t, "0.pool.ntp.example.net", got["preferred"])
	got = setOK(t, sb, sid, "set-ntp", `{"servers": []}`)
	assert.Equal(t, []any{}, got["servers"])
	assert.Equal(t, true, got["enabled"])

	// A banner or message of the day "" is the default message again;
	// inputs left out keep their values.
	got = setOK(t, sb, sid, "set-banner", `{"message": "Lab only."}`)
	assert.Equal(t, map[string]any{"message": "Lab only.", "enabled": true}, got)
	got = setOK(t, sb, sid, "set-banner", `{"enabled": false}`)
	assert.Equal(t, map[string]any{"message": "Lab only.", "enabled": false}, got)
	got = setOK(t, sb, sid, "set-banner", `{"message": ""}`)
	assert.Equal(t, map[string]any{"message": fwmgr.DefaultBanner, "enabled": false}, got)
	got = setOK(t, sb, sid, "set-message-of-the-day", `{"message": "", "enabled": true}`)
	assert.Equal(t, map[string]any{"message": fwmgr.DefaultMessageOfTheDay, "enabled": true}, got)
	assert.Equal(t, fwmgr.DefaultBanner, show(t, sb, sid, "show-banner", `{"member-id": "2"}`)["message"], "the banner and the message of the day are apart")

	// The proxy: none at first; address and port together; then each
	// alone; "" removes it, and what show answered then is accepted.
	assert.Equal(t, map[string]any{"address": "", "port": 0.0}, show(t, sb, sid, "show-proxy", `{}`))
	setOK(t, sb, sid, "set-proxy", `{}`)
	got = setOK(t, sb, sid, "set-proxy", `{"address": "1.1.1.1", "port": 89}`)
	assert.Equal(t, map[string]any{"address": "1.1.1.1", "port": 89.0}, got, "upstream's example")
	got = setOK(t, sb, sid, "set-proxy", `{"port": 8080}`)
	assert.Equal(t, map[string]any{"address": "1.1.1.1", "port": 8080.0}, got)
	got = setOK(t, sb, sid, "set-proxy", `{"address": "proxy.corp.example.net"}`)
	assert.Equal(t, map[string]any{"address": "proxy.corp.example.net", "port": 8080.0}, got)
	got = setOK(t, sb, sid, "set-proxy", `{"address": ""}`)
	assert.Equal(t, map[string]any{"address": "", "port": 0.0}, got)
	got = setOK(t, sb, sid, "set-proxy", `{"address": "", "port": 0}`)
	assert.Equal(t, map[string]any{"address": "", "port": 0.0}, got)

	// Allowed clients: upstream's example (any host alone) keeps the
	// lists; empty lists empty them.
	got = setOK(t, sb, sid, "set-allowed-clients", `{"allowed-any-host": true}`)
	assert.Equal(t, true, got["allowed-any-host"])
	assert.Equal(t, []any{"10.1.2.70", "10.1.2.71"}, got["allowed-hosts"], "inputs left out keep their values")
	got = setOK(t, sb, sid, "set-allowed-clients", `{"allowed-hosts": [], "allowed-networks": []}`)
	assert.Equal(t, map[string]any{"allowed-any-host": true, "allowed-hosts": []any{}, "allowed-networks": []any{}}, got)

	// Password policy: upstream's example (its values are the factory
	// ones but the history check) sets every input; a block alone keeps
	// the others.
	got = setOK(t, sb, sid, "set-password-policy", `{"lock-settings": {"password-expiration-days": "never", "password-expiration-warning-days": 7,
		"password-expiration-maximum-days-before-lock": "never", "must-one-time-password-enabled": false,
		"inactivity-settings": {"lock-unused-accounts-enabled": false, "inactivity-threshold-days": 365},
		"failed-attempts-settings": {"failed-lock-duration-seconds": 1200, "failed-lock-enforced-on-admin": false, "failed-lock-enabled": false, "failed-attempts-allowed": 10}},
		"password-history": {"check-history-enabled": true, "repeated-history-length": 10},
		"password-strength": {"minimum-length": 6, "complexity": 2, "palindrome-check-enabled": true}}`)
	assert.Equal(t, map[string]any{"check-history-enabled": true, "repeated-history-length": 10.0}, got["password-history"])
	got = setOK(t, sb, sid, "set-password-policy", `{"password-strength": {"minimum-length": 10}}`)
	assert.Equal(t, map[string]any{"minimum-length": 10.0, "complexity": 2.0, "palindrome-check-enabled": true}, got["password-strength"])
	assert.Equal(t, map[string]any{"check-history-enabled": true, "repeated-history-length": 10.0}, got["password-history"], "inputs left out keep their values")

	// DNS stays per virtual system.
	got = setOK(t, sb, sid, "set-dns", `{"virtual-system-id": 2, "primary": "10.20.0.53", "listening-interfaces": ["eth11"]}`)
	assert.Equal(t, "10.20.0.53", got["primary"])
	assert.Equal(t, []any{"eth11"}, got["listening-interfaces"])
	assert.Equal(t, "10.20.0.53", show(t, sb, sid, "show-dns", `{"virtual-system-id": 2, "member-id": "2"}`)["primary"])
	assert.Equal(t, "10.1.2.53", show(t, sb, sid, "show-dns", `{"virtual-system-id": 1}`)["primary"])
	assert.Equal(t, "10.1.2.53", show(t, sb, sid, "show-dns", `{}`)["primary"])
}

// A read-only administrator's OS session shows but cannot set (403, nothing
// changed); the read-write administrators' sessions can.
func TestSetRefusedToTheReadOnlyAdministrator(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)
	a := post(t, sb, "/os_api/v1.8/login", "", fmt.Sprintf(`{"user": %q, "password": %q}`, fwmgr.AuditorUser, fwmgr.AuditorPassword))
	require.Equal(t, http.StatusOK, a.status, a.raw)
	assert.Equal(t, true, a.body["read-only"])
	auditor, _ := a.body["sid"].(string)
	before := showsOf(t, sb, auditor)
	for _, c := range api.Sets {
		requireError(t, post(t, sb, "/os_api/v1.8/"+c.Name, auditor, setCases[c.Name].body), http.StatusForbidden, api.CodeReadOnly, "auditor", "read-only")
	}
	assert.Equal(t, before, showsOf(t, sb, auditor))

	a = post(t, sb, "/os_api/v1.8/login", "", fmt.Sprintf(`{"user": %q, "password": %q}`, fwmgr.DefaultUser, fwmgr.DefaultPassword))
	assert.Equal(t, false, a.body["read-only"])
	a = post(t, sb, "/os_api/v1.8/login", "", fmt.Sprintf(`{"api-key": %q}`, fwmgr.DefaultAPIKey))
	assert.Equal(t, false, a.body["read-only"])
	automation, _ := a.body["sid"].(string)
	setOK(t, sb, automation, "set-hostname", `{"name": "by-automation"}`)
	assert.Equal(t, "by-automation", show(t, sb, auditor, "show-hostname", `{}`)["name"])
}

// Set commands are OS API commands: under web_api they do not exist, and
// they need a session.
func TestSetContexts(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)
	requireError(t, post(t, sb, "/os_api/v1.8/set-hostname", "", `{"name": "x"}`), http.StatusUnauthorized, api.CodeWrongSessionID)
	a := post(t, sb, "/web_api/login", "", fmt.Sprintf(`{"user": %q, "password": %q}`, fwmgr.DefaultUser, fwmgr.DefaultPassword))
	require.Equal(t, http.StatusOK, a.status, a.raw)
	wsid, _ := a.body["sid"].(string)
	for _, c := range api.Sets {
		requireError(t, post(t, sb, "/web_api/"+c.Name, wsid, setCases[c.Name].body), http.StatusNotFound, api.CodeCommandNotFound, c.Name, "os_api")
	}
	sid := login(t, sb, "")
	assert.Equal(t, "fw-member-a", show(t, sb, sid, "show-hostname", `{}`)["name"])
}

// Sets and shows from many sessions at once: every show answers one whole
// value that was set (never half of one and half of another), and the race
// detector sees the settings guarded.
func TestSetsAndShowsConcurrently(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, `, "session-timeout": 3600`)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for w := range 4 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for i := range 10 {
				n := w*10 + i
				body := fmt.Sprintf(`{"primary": "10.9.0.%d", "secondary": "10.9.1.%d"}`, n, n)
				if a, err := postFrom(sb, "set-dns", sid, body); err != nil || a.status != http.StatusOK {
					errs <- fmt.Errorf("set-dns %s: %v %s", body, err, a.raw)
				}
				zone := []string{"UTC", "Asia / Tokyo"}[n%2]
				if a, err := postFrom(sb, "set-time-and-date", sid, `{"timezone": "`+zone+`"}`); err != nil || a.status != http.StatusOK {
					errs <- fmt.Errorf("set-time-and-date: %v %s", err, a.raw)
				}
			}
		}()
		go func() {
			defer wg.Done()
			for range 10 {
				a, err := postFrom(sb, "show-dns", sid, `{"member-id": "2"}`)
				p, _ := a.body["primary"].(string)
				s, _ := a.body["secondary"].(string)
				whole := p == "10.1.2.53" && s == "10.1.2.54" ||
					strings.HasPrefix(p, "10.9.0.") && strings.TrimPrefix(p, "10.9.0.") == strings.TrimPrefix(s, "10.9.1.")
				if err != nil || a.status != http.StatusOK || !whole {
					errs <- fmt.Errorf("show-dns answered a torn or failed value: %v %s", err, a.raw)
				}
				if a, err := postFrom(sb, "show-time-and-date", sid, `{}`); err != nil || a.status != http.StatusOK {
					errs <- fmt.Errorf("show-time-and-date: %v %s", err, a.raw)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		assert.NoError(t, err)
	}
	final := show(t, sb, sid, "show-dns", `{"member-id": "1"}`)
	assert.Equal(t, final, show(t, sb, sid, "show-dns", `{"member-id": "2"}`), "both members hold the last set")
}

// postFrom is post for goroutines other than the test's: it returns the
// failure instead of ending the test.
func postFrom(sb *fwmgrtest.Sandbox, command, sid, body string) (answer, error) {
	req, err := http.NewRequest(http.MethodPost, sb.URL+"/os_api/v1.8/"+command, strings.NewReader(body))
	if err != nil {
		return answer{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-chkp-sid", sid)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer res.Body.Close()
	var raw json.RawMessage
	if err := json.NewDecoder(res.Body).Decode(&raw); err != nil {
		return answer{}, err
	}
	a := answer{status: res.StatusCode, header: res.Header, raw: string(raw)}
	return a, json.Unmarshal(raw, &a.body)
}

// The settings are kept in the store: a sandbox started again on the same
// store (sandbox serve restarted on its state directory) answers what was
// set; a fresh store answers the factory values.
func TestSetsPersistAcrossARestart(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "fwmgr.db")
	open := func() *store.Store {
		st, err := store.Open(path)
		require.NoError(t, err)
		t.Cleanup(func() { st.Close() })
		return st
	}
	st := open()
	sb := fwmgrtest.Start(t, func(c *fwmgr.Config) { c.Store = st })
	sid := login(t, sb, "")
	for _, c := range api.Sets {
		setOK(t, sb, sid, c.Name, setCases[c.Name].body)
	}
	setOK(t, sb, sid, "set-hostname", `{"name": "only-b", "member-id": "2"}`)
	want := showsOf(t, sb, sid)
	require.NoError(t, st.Close())

	again := fwmgrtest.Start(t, func(c *fwmgr.Config) { c.Store = open() })
	sid = login(t, again, "")
	assert.Equal(t, want, showsOf(t, again, sid))
	assert.Equal(t, "only-b", show(t, again, sid, "show-hostname", `{"member-id": "2"}`)["name"])

	fresh := fwmgrtest.Start(t)
	sid = login(t, fresh, "")
	assert.Equal(t, "fw-member-b", show(t, fresh, sid, "show-hostname", `{"member-id": "2"}`)["name"])
	assert.Equal(t, "Europe / Berlin", show(t, fresh, sid, "show-time-and-date", `{}`)["timezone"])
}

// A store written before a setting existed (its members' records lack the
// setting's key) answers the setting's factory value, and the values it
// holds.
func TestStoredSettingsWithoutANewSetting(t *testing.T) {
	t.Parallel()
	st, err := store.Open(filepath.Join(t.TempDir(), "fwmgr.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	older := map[string]map[string]any{
		"1": {"hostname": "old-a", "timezone": "UTC", "ntp": map[string]any{"enabled": false, "servers": []any{}, "preferred": ""}, "dns": map[string]any{}},
		"2": {"hostname": "old-b", "timezone": "UTC", "ntp": map[string]any{"enabled": false, "servers": []any{}, "preferred": ""}, "dns": map[string]any{}},
	}
	require.NoError(t, st.Tx(t.Context(), func(tx *store.Tx) error { return tx.Put("os-settings", "device", "", older) }))
	sb := fwmgrtest.Start(t, func(c *fwmgr.Config) { c.Store = st })
	sid := login(t, sb, "")
	seed := fwmgr.Seed()
	assert.Equal(t, "old-b", show(t, sb, sid, "show-hostname", `{"member-id": "2"}`)["name"])
	assert.Equal(t, false, show(t, sb, sid, "show-ntp", `{}`)["enabled"])
	assert.Equal(t, seed.DNS.Primary, show(t, sb, sid, "show-dns", `{"virtual-system-id": 1}`)["primary"], "a virtual system's DNS never stored")
	assert.Equal(t, map[string]any{"message": seed.Banner.Message, "enabled": seed.Banner.Enabled}, show(t, sb, sid, "show-banner", `{"member-id": "2"}`))
	assert.Equal(t, map[string]any{"message": seed.MessageOfTheDay.Message, "enabled": seed.MessageOfTheDay.Enabled}, show(t, sb, sid, "show-message-of-the-day", `{}`))
	assert.Equal(t, map[string]any{"address": "", "port": 0.0}, show(t, sb, sid, "show-proxy", `{}`))
	assert.Equal(t, []any{map[string]any{"subnet": "192.168.100.0", "mask-length": 24.0}}, show(t, sb, sid, "show-allowed-clients", `{}`)["allowed-networks"])
	assert.Equal(t, map[string]any{"minimum-length": 6.0, "complexity": 2.0, "palindrome-check-enabled": true}, show(t, sb, sid, "show-password-policy", `{}`)["password-strength"])
}

// The remote syslog servers and SNMP trap receivers that sets add, change
// and delete are what show-remote-syslogs and show-snmp-trap-receivers
// list, on each member; the communities are kept, never shown.
func TestRemoteSyslogsAndTrapReceivers(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	setOK(t, sb, sid, "add-remote-syslog", `{"server-ip": "10::130", "level": "debug", "member-id": "2"}`)
	got := setOK(t, sb, sid, "set-remote-syslog", `{"server-ip": "10.1.2.60", "level": "err", "protocol": "tcp", "queuing-mechanism": true}`)
	objects, _ := got["objects"].([]any)
	require.Len(t, objects, 2, "member 1 has no 10::130: %v", got)
	assert.Equal(t, map[string]any{"server-ip": "10.1.2.60", "level": "err", "port": 514.0, "protocol": "tcp", "queuing-mechanism": true,
		"tls-encryption": map[string]any{"enabled": false, "auth-mode": "", "permitted-peers": []any{}}}, objects[0])
	got = show(t, sb, sid, "show-remote-syslogs", `{"member-id": "2"}`)
	objects, _ = got["objects"].([]any)
	require.Len(t, objects, 3, "%v", got)
	assert.Equal(t, map[string]any{"server-ip": "10::130", "level": "debug", "port": 514.0, "protocol": "udp", "queuing-mechanism": false,
		"tls-encryption": map[string]any{"enabled": false, "auth-mode": "", "permitted-peers": []any{}}}, objects[2])
	got = setOK(t, sb, sid, "delete-remote-syslog", `{"server-ip": "10::130", "member-id": "2"}`)
	objects, _ = got["objects"].([]any)
	require.Len(t, objects, 2)

	// A v1/v2 receiver keeps its community when a set leaves it out.
	setOK(t, sb, sid, "set-snmp-trap-receiver", `{"address": "10.1.2.62", "version": "v1"}`)
	a := post(t, sb, "/os_api/v1.8/set-snmp-trap-receiver", sid, `{"address": "10.1.2.62", "community-string": ""}`)
	requireError(t, a, http.StatusBadRequest, api.CodeInvalidParameter, "[community-string]", "v1")
	got = setOK(t, sb, sid, "add-snmp-trap-receiver", `{"address": "2001:db8::162", "version": "v3"}`)
	assert.Equal(t, []any{map[string]any{"address": "10.1.2.62", "version": "v1"}, map[string]any{"address": "2001:db8::162", "version": "v3"}}, got["objects"])
	assert.NotContains(t, a.raw, "trap-community-1", "an error never repeats a community")
}
