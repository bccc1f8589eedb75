package fwmgr_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

// member-id routes a show command to that member, whose state differs.
func TestMemberIDRoutesShowCommands(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")

	members := objects(t, show(t, sb, sid, "show-cluster-members", `{}`), "members")
	require.Len(t, members, 2)
	for _, m := range members {
		id := fmt.Sprint(num(m["member-id"]))
		serial := show(t, sb, sid, "show-serial-number", fmt.Sprintf(`{"member-id": %q}`, id))
		assert.Equal(t, m["serial-number"], serial["serial-number"], "member %s answers with its own serial number", id)
		state := show(t, sb, sid, "show-cluster-state", fmt.Sprintf(`{"member-id": %q}`, id))
		assert.Equal(t, m["hostname"], state["this-cluster-member"].(map[string]any)["name"])
		peers := objects(t, show(t, sb, sid, "show-bgp-peers", fmt.Sprintf(`{"member-id": %q, "limit": 3}`, id)), "objects")
		for _, p := range peers {
			assert.Equal(t, id, p["member-id"], "objects name the member that answered")
		}
	}

	// Without member-id the primary member answers.
	def := show(t, sb, sid, "show-serial-number", `{}`)
	assert.Equal(t, members[0]["serial-number"], def["serial-number"])

	// The two members' runtime differs: uptimes, counters, addresses.
	one := show(t, sb, sid, "show-bgp-peer", `{"peer": "10.1.1.20", "member-id": "1"}`)
	two := show(t, sb, sid, "show-bgp-peer", `{"peer": "10.1.1.20", "member-id": "2"}`)
	assert.NotEqual(t, one["uptime"], two["uptime"])
	e1 := show(t, sb, sid, "show-interface", `{"name": "eth1", "member-id": "1"}`)
	e2 := show(t, sb, sid, "show-interface", `{"name": "eth1", "member-id": "2"}`)
	assert.Equal(t, "10.1.1.2", e1["ipv4-address"])
	assert.Equal(t, "10.1.1.3", e2["ipv4-address"])
	c1 := show(t, sb, sid, "show-connections", `{"max-results": "all", "member-id": "1"}`)
	c2 := show(t, sb, sid, "show-connections", `{"max-results": "all", "member-id": "2"}`)
	assert.NotEqual(t, c1["results"], c2["results"])

	// Unknown and pending members are refused, naming member-id.
	requireError(t, post(t, sb, "/os_api/v1.8/show-asset", sid, `{"member-id": "3"}`), 404, "generic_err_object_not_found", "member-id", "pending")
	requireError(t, post(t, sb, "/os_api/v1.8/show-asset", sid, `{"member-id": "9"}`), 404, "generic_err_object_not_found", "member-id")
	// show-cluster-members has no member-id.
	requireError(t, post(t, sb, "/os_api/v1.8/show-cluster-members", sid, `{"member-id": "1"}`), 400, "generic_err_invalid_parameter_name", "member-id")
}

// A session that logged in with member-id runs its show commands there,
// unless a command names another member.
func TestLoginMemberIDIsTheSessionDefault(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, `, "member-id": "2"`)
	two := sb.Device.Node("2").SerialNumber
	one := sb.Device.Node("1").SerialNumber
	require.NotEqual(t, one, two)
	assert.Equal(t, two, show(t, sb, sid, "show-serial-number", `{}`)["serial-number"])
	assert.Equal(t, one, show(t, sb, sid, "show-serial-number", `{"member-id": "1"}`)["serial-number"])
	assert.Equal(t, two, show(t, sb, sid, "show-serial-number", `{}`)["serial-number"], "one command's member-id does not change the session's")
}

func TestVirtualSystemID(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	names := func(body map[string]any) []string {
		var out []string
		for _, o := range objects(t, body, "objects") {
			out = append(out, o["name"].(string))
		}
		return out
	}
	vs0 := names(show(t, sb, sid, "show-interfaces", `{}`))
	vs1 := names(show(t, sb, sid, "show-interfaces", `{"virtual-system-id": 1}`))
	assert.Contains(t, vs0, "eth1")
	assert.NotContains(t, vs0, "eth10")
	assert.ElementsMatch(t, []string{"eth10", "eth3.10", "loop10"}, vs1)

	systems := objects(t, show(t, sb, sid, "show-virtual-systems", `{}`), "objects")
	require.Len(t, systems, 3)
	assert.ElementsMatch(t, vs1, systems[1]["interfaces"], "show-virtual-systems lists the same interfaces")

	requireError(t, post(t, sb, "/os_api/v1.8/show-interfaces", sid, `{"virtual-system-id": 7}`), 404, "generic_err_object_not_found", "virtual-system-id")
	requireError(t, post(t, sb, "/os_api/v1.8/show-interface", sid, `{"name": "eth1", "virtual-system-id": 1}`), 404, "generic_err_object_not_found", "eth1")

	// Dynamic layers take the virtual system as a string.
	layers := objects(t, show(t, sb, sid, "show-dynamic-layers", `{"virtual-system-id": "1"}`), "layers")
	require.Len(t, layers, 1)
	assert.Equal(t, "dyn-tenant-vs1", layers[0]["name"])
	requireError(t, post(t, sb, "/os_api/v1.8/show-dynamic-layer", sid, `{"name": "dyn-tenant-vs1"}`), 404, "generic_err_object_not_found", "dyn-tenant-vs1")
	show(t, sb, sid, "show-dynamic-layer", `{"name": "dyn-tenant-vs1", "virtual-system-id": "1"}`)
}
