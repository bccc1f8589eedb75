package fwmgr_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// names are the names of a reference list as answered.
func names(t *testing.T, v any) []string {
	t.Helper()
	list, ok := v.([]any)
	require.True(t, ok, "%v is a list", v)
	out := []string{}
	for _, x := range list {
		out = append(out, x.(map[string]any)["name"].(string))
	}
	sort.Strings(out)
	return out
}

// Every row's example, with the objects it references, is taken as it is.
func TestMgmtConstraintsAcceptEveryExample(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	for _, row := range api.ManagementTypes {
		for _, o := range row.ExampleObjects() {
			wok(t, sb, sid, "add-"+o.Type, jsonOf(t, o.Body))
		}
		// The next row's example may reuse a name (the ICMP and ICMPv6
		// examples are both Icmp1).
		wok(t, sb, sid, "discard", `{}`)
	}
}

func TestMgmtConstraintsRefuseAdds(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	for _, tc := range []struct {
		command, body string
		code          string
		words         []string
	}{
		{"add-host", `{"name": "h"}`, api.CodeMissingRequired, []string{"[ipv4-address, ipv6-address]", "IPv4 or an IPv6"}},
		{"add-host", `{"name": "h", "ipv4-address": "192.0.2.1", "nat-settings": {"method": "static", "hide-behind": "gateway", "ipv4-address": "198.51.100.1"}}`,
			api.CodeInvalidParameter, []string{"[nat-settings.method, nat-settings.hide-behind]", "forbidden"}},
		{"add-network", `{"name": "n", "subnet4": "192.0.2.0"}`, api.CodeMissingRequired, []string{"subnet4, mask-length4", "mask"}},
		{"add-network", `{"name": "n", "subnet4": "192.0.2.5", "mask-length4": 24}`, api.CodeInvalidParameter, []string{"[subnet4, mask-length4]", "network address", "192.0.2.0"}},
		{"add-network", `{"name": "n", "subnet6": "2001:db8::1", "mask-length6": 64}`, api.CodeInvalidParameter, []string{"[subnet6, mask-length6]", "network address"}},
		{"add-network", `{"name": "n"}`, api.CodeMissingRequired, []string{"subnet4, subnet6"}},
		{"add-address-range", `{"name": "r", "ipv4-address-first": "192.0.2.10", "ipv4-address-last": "192.0.2.1"}`, api.CodeInvalidParameter,
			[]string{"[ipv4-address-first, ipv4-address-last]", "192.0.2.10 is after 192.0.2.1"}},
		{"add-address-range", `{"name": "r", "ipv6-address-first": "2001:db8::1"}`, api.CodeMissingRequired, []string{"ipv6-address-first, ipv6-address-last"}},
		{"add-multicast-address-range", `{"name": "m", "ipv4-address-first": "192.0.2.1", "ipv4-address-last": "192.0.2.4"}`, api.CodeInvalidParameter, []string{"224.0.0.0/4"}},
		{"add-multicast-address-range", `{"name": "m", "ipv6-address": "2001:db8::1"}`, api.CodeInvalidParameter, []string{"ff00::/8"}},
		{"add-wildcard", `{"name": "w", "ipv4-address": "192.0.2.1"}`, api.CodeMissingRequired, []string{"ipv4-address, ipv4-mask-wildcard"}},
		{"add-group-with-exclusion", `{"name": "x", "include": "InternalNet"}`, api.CodeMissingRequired, []string{"include, except", "both"}},
		{"add-service-tcp", `{"name": "s"}`, api.CodeMissingRequired, []string{"[port]", "TCP"}},
		{"add-service-udp", `{"name": "s"}`, api.CodeMissingRequired, []string{"[port]", "UDP"}},
		{"add-service-sctp", `{"name": "s"}`, api.CodeMissingRequired, []string{"[port]", "SCTP"}},
		{"add-application-site", `{"name": "a", "url-list": ["x.example"]}`, api.CodeMissingRequired, []string{"[primary-category]"}},
		{"add-application-site", `{"name": "a", "primary-category": "Shopping"}`, api.CodeMissingRequired, []string{"url-list, application-signature"}},
		{"add-application-site", `{"name": "a", "primary-category": "Shopping", "url-list": ["x.example"], "application-signature": "sig"}`,
			api.CodeInvalidParameter, []string{"url-list, application-signature", "both"}},
		{"add-time", `{"name": "t", "start-now": false, "end-never": false, "start": {"date": "02-Jan-2026"}, "end": {"date": "01-Jan-2026"}}`,
			api.CodeInvalidParameter, []string{"start, end", "after start"}},
		{"add-time", `{"name": "t", "hours-ranges": [{"index": 1, "enabled": true, "from": "08:00", "to": "12:00"}, {"index": 1, "enabled": true, "from": "13:00", "to": "17:00"}]}`,
			api.CodeInvalidParameter, []string{"hours-ranges.index", "twice"}},
		{"add-time", `{"name": "time-object-long"}`, api.CodeInvalidParameter, []string{"[name]", "11 characters"}},
	} {
		t.Run(tc.command+" "+tc.body, func(t *testing.T) {
			requireError(t, wpost(t, sb, sid, tc.command, tc.body), http.StatusBadRequest, tc.code, tc.words...)
		})
	}
	// Nothing refused was kept: the session holds no change.
	assert.EqualValues(t, 0, wok(t, sb, sid, "discard", `{}`)["number-of-discarded-changes"])
}

// set-T is checked on the object it leaves: the stored fields with the
// request's merged in.
func TestMgmtConstraintsRefuseSetsOnTheMergedObject(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	wok(t, sb, sid, "add-host", `{"name": "h", "ipv4-address": "192.0.2.1"}`)
	wok(t, sb, sid, "add-network", `{"name": "n", "subnet4": "192.0.2.128", "mask-length4": 25}`)
	wok(t, sb, sid, "add-address-range", `{"name": "r", "ipv4-address-first": "192.0.2.10", "ipv4-address-last": "192.0.2.20"}`)
	wok(t, sb, sid, "add-service-tcp", `{"name": "s", "port": "8080"}`)

	requireError(t, wpost(t, sb, sid, "set-host", `{"name": "h", "ipv4-address": null}`), 400, api.CodeMissingRequired, "ipv4-address, ipv6-address")
	// The mask alone changes: the stored subnet4 is no longer the network
	// address.
	requireError(t, wpost(t, sb, sid, "set-network", `{"name": "n", "mask-length4": 24}`), 400, api.CodeInvalidParameter, "subnet4, mask-length4", "192.0.2.0")
	requireError(t, wpost(t, sb, sid, "set-address-range", `{"name": "r", "ipv4-address-last": "192.0.2.5"}`), 400, api.CodeInvalidParameter, "192.0.2.10 is after 192.0.2.5")
	requireError(t, wpost(t, sb, sid, "set-service-tcp", `{"name": "s", "port": null}`), 400, api.CodeMissingRequired, "[port]")

	// Nothing refused changed the objects.
	assert.Equal(t, "192.0.2.1", wok(t, sb, sid, "show-host", `{"name": "h"}`)["ipv4-address"])
	assert.EqualValues(t, 25, wok(t, sb, sid, "show-network", `{"name": "n"}`)["mask-length4"])
	assert.Equal(t, "192.0.2.20", wok(t, sb, sid, "show-address-range", `{"name": "r"}`)["ipv4-address-last"])
	assert.Equal(t, "8080", wok(t, sb, sid, "show-service-tcp", `{"name": "s"}`)["port"])

	// A set that keeps the rules passes: both halves of a pair at once, or
	// the other family before the first is unset.
	n := wok(t, sb, sid, "set-network", `{"name": "n", "subnet4": "192.0.2.0", "mask-length4": 24}`)
	assert.Equal(t, "192.0.2.0", n["subnet4"])
	wok(t, sb, sid, "set-host", `{"name": "h", "ipv6-address": "2001:db8::1"}`)
	h := wok(t, sb, sid, "set-host", `{"name": "h", "ipv4-address": null}`)
	assert.Nil(t, h["ipv4-address"])
	assert.Equal(t, "2001:db8::1", h["ipv6-address"])
}

func TestMgmtSetAddRemoveForm(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	wok(t, sb, sid, "add-host", `{"name": "h1", "ipv4-address": "192.0.2.1"}`)
	wok(t, sb, sid, "add-host", `{"name": "h2", "ipv4-address": "192.0.2.2"}`)
	wok(t, sb, sid, "add-host", `{"name": "h3", "ipv4-address": "192.0.2.3"}`)
	wok(t, sb, sid, "add-group", `{"name": "g", "members": ["h1", "h2"], "tags": ["t1"]}`)

	// Names in any case, or UIDs; the set's other members stay.
	h3 := wok(t, sb, sid, "show-host", `{"name": "h3"}`)["uid"].(string)
	g := wok(t, sb, sid, "set-group", fmt.Sprintf(`{"name": "g", "members": {"add": [%q, "InternalNet"]}}`, h3))
	assert.Equal(t, []string{"InternalNet", "h1", "h2", "h3"}, names(t, g["members"]))
	g = wok(t, sb, sid, "set-group", `{"name": "g", "members": {"remove": ["H1", "internalnet"]}}`)
	assert.Equal(t, []string{"h2", "h3"}, names(t, g["members"]))
	// Remove, then add, in one request; removing a non-member is no error.
	g = wok(t, sb, sid, "set-group", `{"name": "g", "members": {"remove": ["h2", "h1"], "add": ["h1"]}}`)
	assert.Equal(t, []string{"h1", "h3"}, names(t, g["members"]))
	// A whole list still replaces the set.
	g = wok(t, sb, sid, "set-group", `{"name": "g", "members": ["h2"]}`)
	assert.Equal(t, []string{"h2"}, names(t, g["members"]))
	// A tag that add names and does not exist is created, as in a list.
	g = wok(t, sb, sid, "set-group", `{"name": "g", "tags": {"add": ["t2"], "remove": ["t1"]}}`)
	assert.Equal(t, []string{"t2"}, names(t, g["tags"]))
	wok(t, sb, sid, "show-tag", `{"name": "t2"}`)
	// h1 is no member any more: it can be deleted.
	wok(t, sb, sid, "delete-host", `{"name": "h1"}`)

	// A set of plain strings, and the type's rules on the result.
	wok(t, sb, sid, "add-application-site", `{"name": "a", "primary-category": "Shopping", "url-list": ["a.example", "b.example"]}`)
	a := wok(t, sb, sid, "set-application-site", `{"name": "a", "url-list": {"add": ["c.example"], "remove": ["a.example"]}}`)
	assert.ElementsMatch(t, []any{"b.example", "c.example"}, a["url-list"])
	requireError(t, wpost(t, sb, sid, "set-application-site", `{"name": "a", "url-list": {"remove": ["b.example", "c.example"]}}`),
		400, api.CodeMissingRequired, "url-list, application-signature")

	for _, tc := range []struct {
		command, body string
		status        int
		code          string
		words         []string
	}{
		{"set-group", `{"name": "g", "members": {"append": ["h3"]}}`, 400, api.CodeInvalidParameterName, []string{"members.append"}},
		{"set-group", `{"name": "g", "members": {}}`, 400, api.CodeInvalidParameter, []string{"members", "add"}},
		{"set-group", `{"name": "g", "members": {"add": [5]}}`, 400, api.CodeInvalidParameter, []string{"members.add[0]"}},
		{"set-group", `{"name": "g", "members": {"remove": ["no-such-host"]}}`, 404, api.CodeObjectNotFound, []string{"members.remove", "no-such-host"}},
		{"set-group", `{"name": "g", "members": {"add": ["no-such-host"]}}`, 404, api.CodeObjectNotFound, []string{"members.add", "no-such-host"}},
		// add-T takes whole lists only, and a field that is no set no form.
		{"add-group", `{"name": "g2", "members": {"add": ["h3"]}}`, 400, api.CodeInvalidParameter, []string{"members", "array"}},
		{"set-host", `{"name": "h3", "ipv4-address": {"add": ["192.0.2.9"]}}`, 400, api.CodeInvalidParameter, []string{"ipv4-address"}},
	} {
		t.Run(tc.command+" "+tc.body, func(t *testing.T) {
			requireError(t, wpost(t, sb, sid, tc.command, tc.body), tc.status, tc.code, tc.words...)
		})
	}
	assert.Equal(t, []string{"h2"}, names(t, wok(t, sb, sid, "show-group", `{"name": "g"}`)["members"]))
}

// The domains other than the default hold objects of their own, the same in
// every fresh sandbox, ordinary (changeable, deletable) and within the
// type's rules; Global's are not seen from the other domains.
func TestMgmtDomainsHoldSeededObjects(t *testing.T) {
	want := map[string]map[string][]string{ // domain -> plural -> names
		"Branch-East": {"networks": {"East-DMZ", "East-LAN"}, "address-ranges": {"East-DHCP-Pool"}, "groups": {"East-Networks"},
			"services-tcp": {"East-Intranet"}, "hosts": {}},
		"Branch-West": {"networks": {"West-LAN"}, "hosts": {"west-fileserver", "west-printer"}, "groups": {"West-Servers"}},
		"Global": {"networks": {"Global-Partners"}, "hosts": {"Global-DNS", "Global-NTP"}, "groups": {"Global-Services"},
			"services-tcp": {"Global-App"}},
		"SMC User": {"hosts": {}, "groups": {}},
	}
	uids := func(sb *fwmgrtest.Sandbox) map[string]string {
		out := map[string]string{}
		for dom, plurals := range want {
			sid := admin(t, sb, fmt.Sprintf(`, "domain": %q`, dom))
			for plural, list := range plurals {
				page := wok(t, sb, sid, "show-"+plural, `{"limit": 500, "details-level": "full"}`)
				got := []string{}
				for _, o := range objects(t, page, "objects") {
					if o["read-only"] == true {
						continue // predefined
					}
					got = append(got, o["name"].(string))
					out[dom+"/"+o["name"].(string)] = o["uid"].(string)
				}
				sort.Strings(got)
				assert.Equal(t, list, got, "%s %s", dom, plural)
			}
			wok(t, sb, sid, "logout", `{}`)
		}
		return out
	}
	first := uids(fwmgrtest.Start(t))
	assert.Equal(t, first, uids(fwmgrtest.Start(t)), "a fresh sandbox holds the same objects, with the same UIDs")

	sb := fwmgrtest.Start(t)
	west := admin(t, sb, `, "domain": "Branch-West"`)
	g := wok(t, sb, west, "show-group", `{"name": "West-Servers"}`)
	assert.Equal(t, []string{"west-fileserver", "west-printer"}, names(t, g["members"]))
	assert.Equal(t, false, g["read-only"])
	// A seeded object is in use like any other, and can be changed and
	// deleted once free.
	requireError(t, wpost(t, sb, west, "delete-host", `{"name": "west-printer"}`), 409, api.CodeObjectInUse, "West-Servers")
	wok(t, sb, west, "set-group", `{"name": "West-Servers", "members": {"remove": ["west-printer"]}}`)
	wok(t, sb, west, "delete-host", `{"name": "west-printer"}`)
	publish(t, sb, west)
	// Global's objects stay in Global.
	requireError(t, wpost(t, sb, west, "show-host", `{"name": "Global-DNS"}`), 404, api.CodeObjectNotFound)
	requireError(t, wpost(t, sb, west, "add-group", `{"name": "uses-global", "members": ["Global-DNS"]}`), 404, api.CodeObjectNotFound, "Global-DNS")

	// Every seeded object passes its type's rules: a set-T of it (checked on
	// the whole object) is taken.
	for dom, plurals := range want {
		sid := admin(t, sb, fmt.Sprintf(`, "domain": %q`, dom))
		for plural := range plurals {
			row, ok := api.LookupManagementTypeByPlural(plural)
			require.True(t, ok, plural)
			for _, o := range objects(t, wok(t, sb, sid, "show-"+plural, `{"limit": 500, "details-level": "full"}`), "objects") {
				if o["read-only"] == true {
					continue
				}
				wok(t, sb, sid, "set-"+row.Name, fmt.Sprintf(`{"uid": %q, "comments": "checked"}`, o["uid"]))
			}
		}
		wok(t, sb, sid, "discard", `{}`)
	}
	// The deleted seed stays deleted: a domain is seeded once.
	requireError(t, wpost(t, sb, admin(t, sb, `, "domain": "Branch-West"`), "show-host", `{"name": "west-printer"}`), 404, api.CodeObjectNotFound)
}

// A network's IPv4 mask is sent as mask-length4 or subnet-mask and answered
// as both, as the server does.
func TestMgmtNetworkMaskAnsweredBothWays(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	n := wok(t, sb, sid, "add-network", `{"name": "n", "subnet4": "10.0.0.0", "subnet-mask": "255.255.0.0"}`)
	assert.EqualValues(t, 16, n["mask-length4"])
	assert.Equal(t, "255.255.0.0", n["subnet-mask"])
	// The mask alone changes: the stored mask-length4 is replaced, not
	// compared with the new subnet-mask.
	n = wok(t, sb, sid, "set-network", `{"name": "n", "subnet-mask": "255.0.0.0"}`)
	assert.EqualValues(t, 8, n["mask-length4"])
	n = wok(t, sb, sid, "set-network", `{"name": "n", "mask-length4": 24}`)
	assert.Equal(t, "255.255.255.0", n["subnet-mask"])
	requireError(t, wpost(t, sb, sid, "set-network", `{"name": "n", "subnet-mask": "255.255.0.0", "mask-length4": 24}`),
		400, api.CodeInvalidParameter, "subnet-mask, mask-length4", "/16")
	assert.Equal(t, "255.255.255.0", wok(t, sb, sid, "show-network", `{"name": "n"}`)["subnet-mask"])
	// The predefined networks answer theirs.
	assert.Equal(t, "255.0.0.0", wok(t, sb, sid, "show-network", `{"name": "InternalNet"}`)["subnet-mask"])
	// An IPv6-only network has none.
	n = wok(t, sb, sid, "add-network", `{"name": "n6", "subnet6": "2001:db8::", "mask-length6": 48}`)
	assert.Nil(t, n["subnet-mask"])
}

// A store that already holds an object named like a seed (one written
// before the domain had seeds) keeps it, and the seed is left out, and out
// of the seeded group.
func TestMgmtSeedsYieldToExistingNames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fwmgr.db")
	st, err := store.Open(path)
	require.NoError(t, err)
	defer st.Close()
	require.NoError(t, st.Tx(context.Background(), func(tx *store.Tx) error {
		// The management database's record of a published object
		// (mgmt_db.go's mobj), as an older sandbox wrote it.
		return tx.Put("mgmt-object", "Branch-East/older-uid", "Branch-East", map[string]any{
			"uid": "older-uid", "name": "east-lan", "type": "host", "domain": "Branch-East",
			"fields": map[string]any{"ipv4-address": "10.20.0.1"}, "creator": "admin", "modifier": "admin"})
	}))
	h, err := fwmgr.New(fwmgr.Config{Store: st})
	require.NoError(t, err)
	sb := &fwmgrtest.Sandbox{URL: sandboxtest.Serve(t, h), Clock: &fwmgrtest.Clock{}}
	east := admin(t, sb, `, "domain": "Branch-East"`)
	assert.Equal(t, "10.20.0.1", wok(t, sb, east, "show-host", `{"name": "East-LAN"}`)["ipv4-address"])
	requireError(t, wpost(t, sb, east, "show-network", `{"name": "East-LAN"}`), 404, api.CodeObjectNotFound)
	g := wok(t, sb, east, "show-group", `{"name": "East-Networks"}`)
	assert.Equal(t, []string{"East-DHCP-Pool", "East-DMZ"}, names(t, g["members"]))
}
