package fwmgr_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

// named is the object of list called name, nil when there is none.
func named(list []map[string]any, name string) map[string]any {
	for _, o := range list {
		if o["name"] == name {
			return o
		}
	}
	return nil
}

// A VLAN added by parent and ID is named <parent>.<id> and is listed by
// show-vlan-interfaces, show-interfaces and show-interface; changed and
// deleted, they follow.
func TestVlanInterfaces(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	setOK(t, sb, sid, "add-vlan-interface", `{"parent": "eth2", "id": 42, "ipv4-address": "10.42.0.1", "ipv4-mask-length": 24, "comments": "new", "mtu": 1400}`)
	for _, m := range []string{"1", "2"} {
		v := named(objects(t, show(t, sb, sid, "show-vlan-interfaces", `{"member-id": "`+m+`"}`), "objects"), "eth2.42")
		require.NotNil(t, v, "member %s", m)
		assert.Equal(t, "eth2", v["parent"])
		assert.Equal(t, "10.42.0.1", v["ipv4-address"])
		assert.Equal(t, "24", v["ipv4-mask-length"])
		assert.Equal(t, "1400", v["mtu"])
		assert.Equal(t, "new", v["comments"])
		assert.Equal(t, true, v["enabled"])
		assert.NotNil(t, named(objects(t, show(t, sb, sid, "show-interfaces", `{"member-id": "`+m+`"}`), "objects"), "eth2.42"), "member %s", m)
	}
	assert.Equal(t, "vlan", show(t, sb, sid, "show-interface", `{"name": "eth2.42"}`)["type"])
	assert.Len(t, objects(t, show(t, sb, sid, "show-vlan-interfaces", `{"parent": "eth2"}`), "objects"), 1)

	setOK(t, sb, sid, "set-vlan-interface", `{"name": "eth2.42", "enabled": false, "ipv4-address": "", "comments": ""}`)
	v := named(objects(t, show(t, sb, sid, "show-vlan-interfaces", `{}`), "objects"), "eth2.42")
	assert.Equal(t, false, v["enabled"])
	assert.Equal(t, "", v["ipv4-address"])
	assert.Equal(t, "", v["ipv4-mask-length"])
	assert.Equal(t, "1400", v["mtu"], "kept")

	setOK(t, sb, sid, "delete-vlan-interface", `{"name": "eth2.42"}`)
	assert.Nil(t, named(objects(t, show(t, sb, sid, "show-vlan-interfaces", `{}`), "objects"), "eth2.42"))
	assert.Nil(t, named(objects(t, show(t, sb, sid, "show-interfaces", `{}`), "objects"), "eth2.42"))
	requireError(t, post(t, sb, "/os_api/v1.8/delete-vlan-interface", sid, `{"name": "eth2.42"}`), http.StatusNotFound, api.CodeObjectNotFound, "eth2.42")

	// One member.
	setOK(t, sb, sid, "add-vlan-interface", `{"parent": "eth2", "id": 43, "member-id": "2"}`)
	assert.NotNil(t, named(objects(t, show(t, sb, sid, "show-vlan-interfaces", `{"member-id": "2"}`), "objects"), "eth2.43"))
	assert.Nil(t, named(objects(t, show(t, sb, sid, "show-vlan-interfaces", `{"member-id": "1"}`), "objects"), "eth2.43"))
}

// Bad input, a change that would cut the management connection and the
// read-only administrator are refused, and nothing changes.
func TestVlanInterfacesRefused(t *testing.T) {
	t.Parallel()
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	before := show(t, sb, sid, "show-interfaces", `{}`)
	for _, tc := range []struct {
		command, body, code string
		words               []string
	}{
		{"add-vlan-interface", `{"parent": "eth2"}`, api.CodeMissingRequired, []string{"id"}},
		{"add-vlan-interface", `{"parent": "eth99", "id": 5}`, api.CodeInvalidParameter, []string{"[parent]", "eth99"}},
		{"add-vlan-interface", `{"parent": "eth1.100", "id": 5}`, api.CodeInvalidParameter, []string{"[parent]", "physical or bond"}},
		{"add-vlan-interface", `{"parent": "Mgmt", "id": 5}`, api.CodeInvalidParameter, []string{"[parent]", "management connection"}},
		{"add-vlan-interface", `{"parent": "eth2", "id": 1}`, api.CodeInvalidParameter, []string{"[id]", "2 to 4094"}},
		{"add-vlan-interface", `{"parent": "eth1", "id": 100}`, api.CodeInvalidParameter, []string{"[id]", "eth1.100", "exists"}},
		{"add-vlan-interface", `{"parent": "eth2", "id": 5, "ipv4-address": "192.168.100.50", "ipv4-mask-length": 24}`, api.CodeInvalidParameter,
			[]string{"[ipv4-address]", "management network", "Mgmt", "cut"}},
		{"add-vlan-interface", `{"parent": "eth2", "id": 5, "ipv4-address": "10.1.1.50", "ipv4-mask-length": 24}`, api.CodeInvalidParameter,
			[]string{"[ipv4-address]", "overlaps", "eth1"}},
		{"add-vlan-interface", `{"parent": "eth2", "id": 5, "ipv4-address": "10.42.0.1"}`, api.CodeInvalidParameter, []string{"[ipv4-mask-length]", "required"}},
		{"add-vlan-interface", `{"parent": "eth2", "id": 5, "ipv4-address": "2001:db8::1", "ipv4-mask-length": 24}`, api.CodeInvalidParameter, []string{"[ipv4-address]"}},
		{"add-vlan-interface", `{"parent": "eth2", "id": 5, "mtu": 20000}`, api.CodeInvalidParameter, []string{"[mtu]", "16000"}},
		{"set-vlan-interface", `{"name": "eth1.200", "ipv4-address": "192.168.100.9"}`, api.CodeInvalidParameter, []string{"management network"}},
		{"set-vlan-interface", `{"name": "eth9.9", "comments": "x"}`, api.CodeObjectNotFound, []string{"eth9.9"}},
		{"delete-vlan-interface", `{}`, api.CodeMissingRequired, []string{"name"}},
	} {
		status := http.StatusBadRequest
		if tc.code == api.CodeObjectNotFound {
			status = http.StatusNotFound
		}
		requireError(t, post(t, sb, "/os_api/v1.8/"+tc.command, sid, tc.body), status, tc.code, tc.words...)
	}
	a := post(t, sb, "/os_api/v1.8/login", "", fmt.Sprintf(`{"user": %q, "password": %q}`, fwmgr.AuditorUser, fwmgr.AuditorPassword))
	require.Equal(t, http.StatusOK, a.status, a.raw)
	auditor, _ := a.body["sid"].(string)
	for _, body := range []struct{ command, body string }{
		{"add-vlan-interface", `{"parent": "eth2", "id": 5}`}, {"set-vlan-interface", `{"name": "eth1.200", "comments": "x"}`},
		{"delete-vlan-interface", `{"name": "eth1.200"}`},
	} {
		requireError(t, post(t, sb, "/os_api/v1.8/"+body.command, auditor, body.body), http.StatusForbidden, api.CodeReadOnly)
	}
	assert.Equal(t, before, show(t, sb, sid, "show-interfaces", `{}`))
}
