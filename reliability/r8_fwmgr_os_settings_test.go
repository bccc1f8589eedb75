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
	status, before := call(admin, "show-hostname", `{}`)
	require.Equal(t, http.StatusOK, status, before)
	status, routesBefore := call(admin, "show-static-routes", `{}`)
	require.Equal(t, http.StatusOK, status, routesBefore)
	status, vlansBefore := call(admin, "show-vlan-interfaces", `{}`)
	require.Equal(t, http.StatusOK, status, vlansBefore)

	ro := login(fwmgrsandbox.AuditorUser, fwmgrsandbox.AuditorPassword)
	attempts := []struct{ command, body string }{
		{"set-hostname", `{"name": "r8-taken-over"}`},
		{"set-dns", `{"primary": "192.0.2.66"}`},
		{"set-ntp", `{"enabled": false}`},
		{"set-time-and-date", `{"timezone": "Asia / Tokyo"}`},
		{"set-static-route", `{"address": "1.2.3.0", "mask-length": 24, "type": "blackhole"}`},
		{"delete-static-route", `{"address": "0.0.0.0", "mask-length": 0}`},
		{"add-vlan-interface", `{"parent": "eth2", "id": 42}`},
		{"set-vlan-interface", `{"name": "eth1.100", "ipv4-address": "192.0.2.1"}`},
		{"delete-vlan-interface", `{"name": "eth1.100"}`},
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

	status, m = call(admin, "set-static-route", `{"address": "1.2.3.0", "mask-length": 24, "comment": `+
		strings.Repeat("[", 100_000)+strings.Repeat("]", 100_000)+`}`)
	require.Equal(t, http.StatusBadRequest, status, m)
	require.Contains(t, m["message"], "64 levels")
	status, m = call(admin, "delete-static-route", `{"address": "`+strings.Repeat("1", 1<<20)+`", "mask-length": 0}`)
	require.Equal(t, http.StatusRequestEntityTooLarge, status, m)

	status, after := call(admin, "show-hostname", `{}`)
	require.Equal(t, http.StatusOK, status, after)
	require.Equal(t, before, after, "the host name is unchanged")
	status, routes := call(admin, "show-static-routes", `{}`)
	require.Equal(t, http.StatusOK, status, routes)
	require.Equal(t, routesBefore, routes, "the static routes are unchanged")
	status, vlans := call(admin, "show-vlan-interfaces", `{}`)
	require.Equal(t, http.StatusOK, status, vlans)
	require.Equal(t, vlansBefore, vlans, "the VLAN interfaces are unchanged")
	Report(t, Row{Scenario: "R8 security: fwmgr OS settings", Runs: 1, Checked: len(attempts) + 4,
		Detail: fmt.Sprintf("attack: the read-only administrator sets the host name, DNS, NTP and time zone and adds and deletes a static route and a VLAN interface (%d commands), a 100,000-level set-hostname and set-static-route and an over-1-MiB set-dns and delete-static-route: held, each 403 %s, 400 naming the 64-level limit and 413, the host name, static routes and VLAN interfaces unchanged", len(attempts), api.CodeReadOnly)})
}
