package fwmgr_test

import (
	"cmp"
	"fmt"
	"net/netip"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

// readAll reads a paged command page by page and checks from, to and total
// on every page.
func readAll(t *testing.T, sb *fwmgrtest.Sandbox, sid, command, extra, order string, limit int) []map[string]any {
	t.Helper()
	var all []map[string]any
	total := int64(-1)
	for offset := 0; ; offset += limit {
		body := show(t, sb, sid, command, fmt.Sprintf(`{"limit": %d, "offset": %d, "order": %q%s}`, limit, offset, order, extra))
		page := objects(t, body, "objects")
		if total < 0 {
			total = num(body["total"])
		}
		require.Equal(t, total, num(body["total"]), "total is the same on every page")
		if len(page) == 0 {
			assert.Zero(t, num(body["from"]))
			assert.Zero(t, num(body["to"]))
			assert.GreaterOrEqual(t, int64(offset), total)
			break
		}
		assert.Equal(t, int64(offset+1), num(body["from"]), "from of the page at %d", offset)
		assert.Equal(t, int64(offset+len(page)), num(body["to"]), "to of the page at %d", offset)
		assert.LessOrEqual(t, len(page), limit)
		all = append(all, page...)
	}
	require.Equal(t, total, int64(len(all)), "%s: the pages hold total objects", command)
	return all
}

func asNumber(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func addr(s string) netip.Addr { return netip.MustParseAddr(s) }

func prefix(s string) netip.Prefix { return netip.MustParsePrefix(s) }

// Every BGP route, in and out, is read exactly once page by page, in both
// orders, and DESC is the exact reverse of ASC (by AS, peer ID, prefix).
func TestBgpRoutesPageByPageExactlyOnce(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	for _, command := range []string{"show-bgp-routes-in", "show-bgp-routes-out"} {
		t.Run(command, func(t *testing.T) {
			asc := readAll(t, sb, sid, command, "", "ASC", 997)
			desc := readAll(t, sb, sid, command, "", "DESC", 250)
			require.GreaterOrEqual(t, len(asc), 2000, "at least 2,000 routes")
			key := func(r map[string]any) string { return r["peer"].(string) + " " + r["route"].(string) }
			seen := map[string]bool{}
			for _, r := range asc {
				require.False(t, seen[key(r)], "route %s read twice", key(r))
				seen[key(r)] = true
			}
			require.Len(t, desc, len(asc))
			for i := range asc {
				require.Equal(t, key(asc[i]), key(desc[len(desc)-1-i]), "DESC is ASC reversed at %d", i)
			}
			sorted := slices.IsSortedFunc(asc, func(a, b map[string]any) int {
				return cmp.Or(
					cmp.Compare(asNumber(a["peer-as"].(string)), asNumber(b["peer-as"].(string))),
					addr(a["peer"].(string)).Compare(addr(b["peer"].(string))),
					prefix(a["route"].(string)).Addr().Compare(prefix(b["route"].(string)).Addr()))
			})
			assert.True(t, sorted, "ASC sorts by the peer's AS, then the peer ID, then the prefix")

			// The default order is ASC and the default limit 50.
			first := show(t, sb, sid, command, `{}`)
			page := objects(t, first, "objects")
			require.Len(t, page, api.DefaultLimit)
			assert.Equal(t, key(asc[0]), key(page[0]))
		})
	}
}

func TestBgpRoutesOfOnePeer(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	peer := sb.Device.Node("1").BgpPeers[0]
	routes := readAll(t, sb, sid, "show-bgp-routes-in", fmt.Sprintf(`, "peer": %q`, peer.Peer), "ASC", 13)
	require.EqualValues(t, peer.Received.RoutesReceived, len(routes), "the peer's routes-received counts its routes")
	for _, r := range routes {
		assert.Equal(t, peer.Peer, r["peer"])
	}
	requireError(t, post(t, sb, "/os_api/v1.8/show-bgp-routes-in", sid, `{"peer": "10.9.9.9"}`), 404, "generic_err_object_not_found", "10.9.9.9")
}

// pagedCommands are the paged commands with the key that identifies an
// object and the sort the contract documents for ASC.
var pagedCommands = map[string]struct {
	key  func(map[string]any) string
	less func(a, b map[string]any) int
}{
	"show-bgp-errors": {str("peer"), byAddr("peer")},
	"show-bgp-groups": {func(m map[string]any) string { return m["type"].(string) + m["as"].(string) },
		func(a, b map[string]any) int {
			return cmp.Compare(asNumber(a["as"].(string)), asNumber(b["as"].(string)))
		}},
	"show-bgp-paths": {str("path-name"), func(a, b map[string]any) int {
		return cmp.Compare(asNumber(a["path-name"].(string)), asNumber(b["path-name"].(string)))
	}},
	"show-bgp-peers": {str("peer"), func(a, b map[string]any) int {
		return cmp.Or(cmp.Compare(asNumber(a["as"].(string)), asNumber(b["as"].(string))), byAddr("peer")(a, b))
	}},
	"show-bgp-routemaps": {func(m map[string]any) string { return m["as-type"].(string) + m["as"].(string) }, func(a, b map[string]any) int {
		rank := map[string]int{"confederation": 0, "external": 1, "internal": 2}
		return cmp.Or(cmp.Compare(rank[a["as-type"].(string)], rank[b["as-type"].(string)]), cmp.Compare(asNumber(a["as"].(string)), asNumber(b["as"].(string))))
	}},
	"show-bgp-routes-in":         {func(m map[string]any) string { return m["peer"].(string) + m["route"].(string) }, nil},
	"show-bgp-routes-out":        {func(m map[string]any) string { return m["peer"].(string) + m["route"].(string) }, nil},
	"show-bgp-stats":             {str("peer"), nil},
	"show-bootp-interfaces":      {str("name"), byString("name")},
	"show-igmp-groups":           {func(m map[string]any) string { return m["interface"].(string) + m["address"].(string) }, byString("interface")},
	"show-igmp-interfaces":       {str("name"), byString("name")},
	"show-igmp-interfaces-stats": {str("interface"), byString("interface")},
	"show-virtual-systems":       {func(m map[string]any) string { return fmt.Sprint(m["resource-id"]) }, byNumber("resource-id")},
	"show-routes":                {routeKey, byPrefix},
	"show-routes-static":         {routeKey, byPrefix},
	"show-routes-rip":            {routeKey, byPrefix},
	"show-routes-ospf":           {routeKey, byPrefix},
	"show-routes-direct":         {routeKey, byPrefix},
	"show-static-routes":         {routeKey, byPrefix},
	"show-ospf-interfaces":       {str("name"), byString("name")},
	"show-ospf-neighbors":        {str("router-id"), byAddr("router-id")},
	"show-pim-interfaces":        {str("name"), byString("name")},
	"show-pim-neighbors":         {str("address"), byAddr("address")},
	"show-isis-interfaces":       {str("name"), byString("name")},
	"show-isis-neighbors":        {str("system-id"), byString("system-id")},
	"show-nat-pools": {str("prefix"), func(a, b map[string]any) int {
		return prefix(a["prefix"].(string)).Addr().Compare(prefix(b["prefix"].(string)).Addr())
	}},
	"show-routemaps": {str("name"), byString("name")},
}

func str(k string) func(map[string]any) string {
	return func(m map[string]any) string { return m[k].(string) }
}

func byString(k string) func(a, b map[string]any) int {
	return func(a, b map[string]any) int { return cmp.Compare(a[k].(string), b[k].(string)) }
}

func byAddr(k string) func(a, b map[string]any) int {
	return func(a, b map[string]any) int { return addr(a[k].(string)).Compare(addr(b[k].(string))) }
}

func byNumber(k string) func(a, b map[string]any) int {
	return func(a, b map[string]any) int { return cmp.Compare(num(a[k]), num(b[k])) }
}

func routeKey(m map[string]any) string { return fmt.Sprintf("%s/%v", m["address"], m["mask-length"]) }

func byPrefix(a, b map[string]any) int {
	return cmp.Or(addr(a["address"].(string)).Compare(addr(b["address"].(string))), cmp.Compare(num(a["mask-length"]), num(b["mask-length"])))
}

// Every paged command pages exactly once in both orders, sorted as the
// contract says.
func TestEveryPagedCommandPages(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	var paged []string
	for _, c := range api.Commands {
		if c.Paged {
			paged = append(paged, c.Name)
		}
	}
	slices.Sort(paged)
	var listed []string
	for name := range pagedCommands {
		listed = append(listed, name)
	}
	slices.Sort(listed)
	require.Equal(t, paged, listed, "this test covers the paged commands of the table")

	for name, pc := range pagedCommands {
		t.Run(name, func(t *testing.T) {
			full := show(t, sb, sid, name, `{"limit": 1000}`)
			if num(full["total"]) > 1000 {
				t.Skip("read page by page in TestBgpRoutesPageByPageExactlyOnce")
			}
			asc := readAll(t, sb, sid, name, "", "ASC", 3)
			desc := readAll(t, sb, sid, name, "", "DESC", 2)
			require.NotEmpty(t, asc, "the device has %s", name)
			require.Len(t, desc, len(asc))
			seen := map[string]bool{}
			for i := range asc {
				k := pc.key(asc[i])
				require.False(t, seen[k], "%s read twice", k)
				seen[k] = true
				require.Equal(t, k, pc.key(desc[len(desc)-1-i]), "DESC is ASC reversed")
			}
			if pc.less != nil {
				assert.True(t, slices.IsSortedFunc(asc, pc.less), "ASC order of %s", name)
			}
		})
	}
}

func TestPagingInputsAreChecked(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := login(t, sb, "")
	for body, field := range map[string]string{
		`{"limit": 0}`:        "limit",
		`{"limit": 1001}`:     "limit",
		`{"offset": -1}`:      "offset",
		`{"order": "asc"}`:    "order",
		`{"order": "random"}`: "order",
	} {
		requireError(t, post(t, sb, "/os_api/v1.8/show-bgp-peers", sid, body), 400, "generic_err_invalid_parameter", "["+field+"]")
	}
	past := show(t, sb, sid, "show-bgp-peers", `{"offset": 5000}`)
	assert.Empty(t, objects(t, past, "objects"))
	assert.EqualValues(t, len(sb.Device.Node("1").BgpPeers), num(past["total"]))
	assert.Zero(t, num(past["from"]))
	assert.Zero(t, num(past["to"]))

	filtered := show(t, sb, sid, "show-bgp-peers", `{"filter": "Active", "limit": 1}`)
	assert.EqualValues(t, 2, num(filtered["total"]), "the filter applies before paging: two peers are Active")
	assert.Len(t, objects(t, filtered, "objects"), 1)
}

// RoutesIn grows the received routes for benchmarks: every route is still
// read exactly once page by page, in order, and each peer's routes-received
// and AS path reference count still count its routes.
func TestBgpRoutesInGrown(t *testing.T) {
	t.Parallel()
	seedRoutes := fwmgr.Seed().Node("1").RoutesIn
	sb := fwmgrtest.Start(t, func(c *fwmgr.Config) { c.RoutesIn = 3000 })
	sid := login(t, sb, "")
	routes := readAll(t, sb, sid, "show-bgp-routes-in", "", "ASC", api.MaxLimit)
	require.GreaterOrEqual(t, len(routes), 3000)
	seen := map[string]bool{}
	perPeer := map[string]int64{}
	for _, r := range routes {
		key := r["peer"].(string) + " " + r["route"].(string)
		require.False(t, seen[key], "route %s read twice", key)
		seen[key] = true
		prefix(r["route"].(string)) // a valid prefix
		perPeer[r["peer"].(string)]++
	}
	assert.True(t, slices.IsSortedFunc(routes, func(a, b map[string]any) int {
		return cmp.Or(cmp.Compare(asNumber(a["peer-as"].(string)), asNumber(b["peer-as"].(string))),
			addr(a["peer"].(string)).Compare(addr(b["peer"].(string))),
			prefix(a["route"].(string)).Addr().Compare(prefix(b["route"].(string)).Addr()))
	}), "sorted by AS, peer, prefix")
	peers := objects(t, show(t, sb, sid, "show-bgp-peers", `{"limit": 1000}`), "objects")
	for _, p := range peers {
		received := p["received"].(map[string]any)
		assert.Equal(t, perPeer[p["peer"].(string)], num(received["routes-received"]), "routes-received of %s", p["peer"])
	}
	paths := objects(t, show(t, sb, sid, "show-bgp-paths", `{"limit": 1000}`), "objects")
	for _, p := range paths {
		assert.Equal(t, perPeer[p["nexthop"].(string)], num(p["reference-count"]), "reference count of path %s", p["path-name"])
	}
	// Growing one sandbox's routes leaves the seeded device as it was: the
	// default sandbox answers the seed's routes.
	assert.Equal(t, seedRoutes, fwmgr.Seed().Node("1").RoutesIn)
	assert.Less(t, len(seedRoutes), len(routes), "the grown device has more routes than the seed")
	def := fwmgrtest.Start(t)
	assert.EqualValues(t, len(seedRoutes), num(show(t, def, login(t, def, ""), "show-bgp-routes-in", `{"limit": 1}`)["total"]))
}
