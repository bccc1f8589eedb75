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

// TestR8FwmgrOSSettings: the OS API's set commands (issue 38) against the
// device: the read-only administrator is refused every set, and a deeply
// nested or oversized body is refused before it is decoded; the device's
// settings stay as they were.
func TestR8FwmgrOSSettings(t *testing.T) {
	sb := fwmgrtest.Start(t)
	call := func(sid, command, body string) (int, map[string]any) {
		t.Helper()
		req, err := http.NewRequest(http.MethodPost, sb.URL+"/os_api/v1.8/"+command, strings.NewReader(body))
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
	login := func(user, password string) string {
		t.Helper()
		status, m := call("", "login", fmt.Sprintf(`{"user": %q, "password": %q}`, user, password))
		require.Equal(t, http.StatusOK, status, m)
		return m["sid"].(string)
	}
	admin := login(fwmgrsandbox.DefaultUser, fwmgrsandbox.DefaultPassword)
	shows := []string{"show-hostname", "show-banner", "show-message-of-the-day", "show-proxy", "show-allowed-clients",
		"show-password-policy", "show-static-routes", "show-vlan-interfaces", "show-syslog", "show-remote-syslogs", "show-snmp",
		"show-snmp-trap-receivers"}
	settings := func() map[string]map[string]any {
		t.Helper()
		out := map[string]map[string]any{}
		for _, c := range shows {
			status, m := call(admin, c, `{}`)
			require.Equal(t, http.StatusOK, status, m)
			out[c] = m
		}
		return out
	}
	before := settings()

	ro := login(fwmgrsandbox.AuditorUser, fwmgrsandbox.AuditorPassword)
	attempts := []struct{ command, body string }{
		{"set-hostname", `{"name": "r8-taken-over"}`},
		{"set-dns", `{"primary": "192.0.2.66"}`},
		{"set-ntp", `{"enabled": false}`},
		{"set-time-and-date", `{"timezone": "Asia / Tokyo"}`},
		{"set-banner", `{"message": "r8 taken over", "enabled": true}`},
		{"set-message-of-the-day", `{"message": "r8 taken over", "enabled": true}`},
		{"set-proxy", `{"address": "192.0.2.66", "port": 3128}`},
		{"set-allowed-clients", `{"allowed-any-host": true}`},
		{"set-password-policy", `{"password-strength": {"minimum-length": 6, "complexity": 1}, "lock-settings": {"failed-attempts-settings": {"failed-lock-enabled": false}}}`},
		{"set-static-route", `{"address": "1.2.3.0", "mask-length": 24, "type": "blackhole"}`},
		{"delete-static-route", `{"address": "0.0.0.0", "mask-length": 0}`},
		{"add-vlan-interface", `{"parent": "eth2", "id": 42}`},
		{"set-vlan-interface", `{"name": "eth1.100", "ipv4-address": "192.0.2.1"}`},
		{"delete-vlan-interface", `{"name": "eth1.100"}`},
		{"set-syslog", `{"filename": "/var/log/r8", "forwarded-logs-files": []}`},
		{"add-remote-syslog", `{"server-ip": "192.0.2.66", "level": "all"}`},
		{"set-remote-syslog", `{"server-ip": "10.1.2.60", "level": "emerg"}`},
		{"delete-remote-syslog", `{"server-ip": "10.1.2.60"}`},
		{"set-snmp", `{"enabled": true, "read-write-community": "r8-taken-over"}`},
		{"add-snmp-trap-receiver", `{"address": "192.0.2.66", "version": "v2", "community-string": "r8"}`},
		{"set-snmp-trap-receiver", `{"address": "10.1.2.62", "version": "v3"}`},
		{"delete-snmp-trap-receiver", `{"address": "10.1.2.62"}`},
	}
	for _, a := range attempts {
		status, m := call(ro, a.command, a.body)
		require.Equal(t, http.StatusForbidden, status, "%s: %v", a.command, m)
		require.Equal(t, api.CodeReadOnly, m["code"], a.command)
	}
	nested := `{"name": ` + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + `}`
	status, m := call(admin, "set-hostname", nested)
	require.Equal(t, http.StatusBadRequest, status, m)
	require.Contains(t, m["message"], "64 levels")
	status, m = call(admin, "set-dns", `{"suffix": "`+strings.Repeat("a", 1<<20)+`"}`)
	require.Equal(t, http.StatusRequestEntityTooLarge, status, m)
	status, m = call(admin, "set-banner", `{"message": "`+strings.Repeat("a", 1<<20)+`"}`)
	require.Equal(t, http.StatusRequestEntityTooLarge, status, m)
	// The syslog and SNMP commands: 64-level nesting and over 1 MiB.
	deep := strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000)
	big := strings.Repeat("a", 1<<20)
	for _, c := range []struct{ command, nested, large string }{
		{"set-syslog", `{"forwarded-logs-files": ` + deep + `}`, `{"filename": "/var/log/` + big + `"}`},
		{"add-remote-syslog", `{"server-ip": "192.0.2.66", "level": ` + deep + `}`, `{"server-ip": "` + big + `", "level": "info"}`},
		{"set-remote-syslog", `{"server-ip": ` + deep + `}`, `{"server-ip": "10.1.2.60", "level": "` + big + `"}`},
		{"delete-remote-syslog", `{"server-ip": ` + deep + `}`, `{"server-ip": "` + big + `"}`},
		{"set-snmp", `{"contact": ` + deep + `}`, `{"read-only-community": "` + big + `"}`},
		{"add-snmp-trap-receiver", `{"address": "192.0.2.66", "version": ` + deep + `}`, `{"address": "192.0.2.66", "version": "v2", "community-string": "` + big + `"}`},
		{"set-snmp-trap-receiver", `{"address": ` + deep + `}`, `{"address": "10.1.2.62", "community-string": "` + big + `"}`},
		{"delete-snmp-trap-receiver", `{"address": ` + deep + `}`, `{"address": "` + big + `"}`},
	} {
		status, m = call(admin, c.command, c.nested)
		require.Equal(t, http.StatusBadRequest, status, "%s: %v", c.command, m)
		require.Contains(t, m["message"], "64 levels", c.command)
		status, m = call(admin, c.command, c.large)
		require.Equal(t, http.StatusRequestEntityTooLarge, status, "%s: %v", c.command, m)
	}

	// Bounds: each refused with 400 naming the input and its rule.
	bounds := []struct{ command, body, input, rule string }{
		{"set-banner", `{"message": "` + strings.Repeat("a", api.MaxLoginMessage+1) + `"}`, "[message]", "at most 2000 characters"},
		{"set-message-of-the-day", `{"message": "\u001b]0;owned\u0007"}`, "[message]", "control characters"},
		{"set-proxy", `{"address": "192.0.2.66", "port": 65536}`, "[port]", "between 1 and 65535"},
		{"set-proxy", `{"address": "192.0.2.66", "port": -1}`, "[port]", "between 1 and 65535"},
		{"set-proxy", `{"address": "192.0.2.66; reboot", "port": 3128}`, "[address]", "IPv4 address or a host name"},
		{"set-allowed-clients", `{"allowed-networks": [{"subnet": "0.0.0.0", "mask-length": 0}]}`, "allowed-networks[0].mask-length", "Missing parameter"},
		{"set-allowed-clients", `{"allowed-networks": [{"subnet": "0.0.0.0", "mask-length": 33}]}`, "[allowed-networks[0].mask-length]", "between 1 and 32"},
		{"set-allowed-clients", `{"allowed-networks": [{"subnet": "10.1.2.3", "mask-length": 8}]}`, "[allowed-networks[0].subnet]", "network address"},
		{"set-allowed-clients", `{"allowed-hosts": ["10.1.2.70", "0.0.0.0/0"]}`, "[allowed-hosts[1]]", "IPv4 address"},
		{"set-syslog", `{"filename": "/etc/shadow"}`, "[filename]", "under /var/log"},
		{"set-syslog", `{"filename": "/var/log/../../etc/cron.d/x"}`, "[filename]", "no . or .. names"},
		{"set-syslog", `{"forwarded-logs-files": [{"path": "/var/log/` + strings.Repeat("a", 256) + `"}]}`, "[forwarded-logs-files[0].path]", "at most 255 characters"},
		{"set-syslog", `{"forwarded-logs-files": [{"path": "/var/log/a.log", "tag": "` + strings.Repeat("t", 33) + `"}]}`, "[forwarded-logs-files[0].tag]", "1 to 32"},
		{"add-remote-syslog", `{"server-ip": "192.0.2.66", "level": "info", "port": 65536}`, "[port]", "between 1 and 65535"},
		{"add-remote-syslog", `{"server-ip": "192.0.2.66", "level": "info", "port": 0}`, "[port]", "between 1 and 65535"},
		{"add-remote-syslog", `{"server-ip": "192.0.2.66; reboot", "level": "info"}`, "[server-ip]", "IPv4 or IPv6 address or a host name"},
		{"set-snmp", `{"contact": "` + strings.Repeat("c", api.MaxSnmpText+1) + `"}`, "[contact]", "at most 128"},
		{"set-snmp", `{"location": "\u001b]0;owned\u0007"}`, "[location]", "control characters"},
		{"set-snmp", `{"read-only-community": "` + strings.Repeat("c", 65) + `"}`, "[read-only-community]", "1 to 64"},
		{"set-snmp", `{"interfaces": "eth1; reboot"}`, "[interfaces]", "interface of virtual system"},
		{"add-snmp-trap-receiver", `{"address": "192.0.2.66", "version": "v2"}`, "[community-string]", "required"},
		{"set-password-policy", `{"password-strength": {"minimum-length": 5}}`, "[password-strength.minimum-length]", "between 6 and 128"},
		{"set-password-policy", `{"password-strength": {"minimum-length": 9223372036854775807}}`, "[password-strength.minimum-length]", "between 6 and 128"},
		{"set-password-policy", `{"password-strength": {"complexity": 0}}`, "[password-strength.complexity]", "between 1 and 4"},
		{"set-password-policy", `{"password-history": {"repeated-history-length": -1}}`, "[password-history.repeated-history-length]", "between 1 and 1000"},
		{"set-password-policy", `{"lock-settings": {"password-expiration-days": "never; reboot"}}`, "[lock-settings.password-expiration-days]", "never"},
		{"set-password-policy", `{"lock-settings": {"password-expiration-maximum-days-before-lock": "-1"}}`, "[lock-settings.password-expiration-maximum-days-before-lock]", "1 to 1827"},
		{"set-password-policy", `{"lock-settings": {"failed-attempts-settings": {"failed-attempts-allowed": 1}}}`, "[lock-settings.failed-attempts-settings.failed-attempts-allowed]", "between 2 and 1000"},
		{"set-password-policy", `{"lock-settings": {"failed-attempts-settings": {"failed-lock-duration-seconds": 604801}}}`, "[lock-settings.failed-attempts-settings.failed-lock-duration-seconds]", "between 60 and 604800"},
		{"set-password-policy", `{"lock-settings": {"inactivity-settings": {"inactivity-threshold-days": 0}}}`, "[lock-settings.inactivity-settings.inactivity-threshold-days]", "between 1 and 1827"},
	}
	for _, b := range bounds {
		status, m := call(admin, b.command, b.body)
		require.Equal(t, http.StatusBadRequest, status, "%s %s: %v", b.command, b.body, m)
		code := api.CodeInvalidParameter
		if b.rule == "Missing parameter" {
			code = api.CodeMissingRequired
		}
		require.Equal(t, code, m["code"], b.command)
		require.Contains(t, m["message"], b.input, b.command)
		require.Contains(t, m["message"], b.rule, b.command)
	}

	status, m = call(admin, "set-static-route", `{"address": "1.2.3.0", "mask-length": 24, "comment": `+
		strings.Repeat("[", 100_000)+strings.Repeat("]", 100_000)+`}`)
	require.Equal(t, http.StatusBadRequest, status, m)
	require.Contains(t, m["message"], "64 levels")
	status, m = call(admin, "delete-static-route", `{"address": "`+strings.Repeat("1", 1<<20)+`", "mask-length": 0}`)
	require.Equal(t, http.StatusRequestEntityTooLarge, status, m)
	// set-password-policy's own objects nest three levels: 64 more are refused.
	status, m = call(admin, "set-password-policy", `{"lock-settings": {"inactivity-settings": {"inactivity-threshold-days": `+
		strings.Repeat("[", 64)+strings.Repeat("]", 64)+`}}}`)
	require.Equal(t, http.StatusBadRequest, status, m)
	require.Contains(t, m["message"], "64 levels")
	status, m = call(admin, "set-password-policy", `{"lock-settings": {"password-expiration-days": "`+strings.Repeat("1", 1<<20)+`"}}`)
	require.Equal(t, http.StatusRequestEntityTooLarge, status, m)

	require.Equal(t, before, settings(), "the host name, banner, message of the day, proxy, allowed clients, password policy, static routes, VLAN interfaces, syslog, remote syslog servers, SNMP and trap receivers are unchanged")
	Report(t, Row{Scenario: "R8 security: fwmgr OS settings", Runs: 1, Checked: len(attempts) + 7 + 16 + len(bounds),
		Detail: fmt.Sprintf("attack: the read-only administrator sets the host name, DNS, NTP, time zone, banner, message of the day, proxy, allowed clients, password policy, syslog and SNMP (a read-write community) and adds, changes and deletes static routes, VLAN interfaces, remote syslog servers and SNMP trap receivers (%d commands; allowed-any-host would open the management interfaces to every host, a weakened password policy would ease guessing passwords), a 100,000-level set-hostname, set-static-route and every syslog and SNMP command, a 67-level set-password-policy, over-1-MiB set-dns, set-banner, delete-static-route, set-password-policy and every syslog and SNMP command, and %d out-of-bounds banner, message, proxy, allowed-client, password-policy, syslog path and tag, remote syslog, SNMP and trap receiver values: held, each 403 %s, 400 naming the 64-level limit, 413, and 400 naming the input and its rule; the settings, static routes and VLAN interfaces unchanged", len(attempts), len(bounds), api.CodeReadOnly)})
}
