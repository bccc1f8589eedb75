package netfab

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

func prefixList(family, prefix string) api.PrefixList {
	return api.PrefixList{Description: "customer routes", AddressFamily: family, Entries: []api.PrefixEntry{{Action: "permit", Prefix: prefix}}}
}

func packetFilter() api.PacketFilter {
	return api.PacketFilter{Description: "web", Entries: []api.PacketFilterEntry{
		{Action: "permit", Description: "https", SourceAddress: "0.0.0.0/0", DestinationAddress: "10.0.0.0/24", DestinationPorts: "443", IPProtocol: 6},
		{Action: "deny", SourceAddress: "0.0.0.0/0", DestinationAddress: "0.0.0.0/0"},
	}}
}

func TestPrefixLists(t *testing.T) {
	sb := start(t)
	ps := sb.order(portItem(), mcrItem(), natItem())
	port, mcr, nat := ps[0].ProductUID, ps[1].ProductUID, ps[2].ProductUID

	for _, owner := range []struct{ name, base, wrongBase, portBase string }{
		{"MCR", "/v3/products/mcr/" + mcr + "/prefix-lists", "/v3/products/mcr/" + nat + "/prefix-lists", "/v3/products/mcr/" + port + "/prefix-lists"},
		{"NAT gateway", "/v3/products/nat-gateways/" + nat + "/prefix-lists", "/v3/products/nat-gateways/" + mcr + "/prefix-lists", "/v3/products/nat-gateways/" + port + "/prefix-lists"},
	} {
		t.Run(owner.name, func(t *testing.T) {
			base := owner.base
			in := api.PrefixList{Description: "routes", AddressFamily: "IPv4", Entries: []api.PrefixEntry{
				{Action: "permit", Prefix: "10.0.0.0/8", Ge: 16, Le: 24},
				{Action: "deny", Prefix: "192.168.0.0/16"},
				{Action: "permit", Prefix: "172.16.0.0/12", Le: 20},
			}}
			var created api.PrefixList
			sb.call(http.MethodPost, base, in).ok(http.StatusCreated, &created)
			if created.ID < 1 || created.Description != "routes" || !slices.Equal(created.Entries, in.Entries) {
				t.Fatalf("created %+v", created)
			}
			item := base + "/" + intID(created.ID)
			var got api.PrefixList
			sb.call(http.MethodGet, item, nil).ok(http.StatusOK, &got)
			require.Equal(t, created.ID, got.ID, "got %+v", got)
			require.True(t, slices.Equal(got.Entries, in.Entries), "got %+v", got)

			// PUT replaces; the address family may be left out but not changed.
			sb.call(http.MethodPut, item, api.PrefixList{Description: "fewer", Entries: []api.PrefixEntry{{Action: "deny", Prefix: "0.0.0.0/0", Le: 32}}}).ok(http.StatusOK, &got)
			require.Equal(t, created.ID, got.ID, "replaced %+v", got)
			require.Equal(t, "fewer", got.Description, "replaced %+v", got)
			require.Equal(t, "IPv4", got.AddressFamily, "replaced %+v", got)
			require.Len(t, got.Entries, 1, "replaced %+v", got)
			sb.call(http.MethodPut, item, prefixList("IPv6", "2001:db8::/32")).invalid("addressFamily", "cannot be changed from IPv4 to IPv6")
			sb.call(http.MethodPut, item, api.PrefixList{ID: created.ID + 1, Description: "x", AddressFamily: "IPv4", Entries: in.Entries}).invalid("id", "the ID in the path")
			sb.call(http.MethodPost, base, api.PrefixList{ID: 7, Description: "x", AddressFamily: "IPv4", Entries: in.Entries}).invalid("id", "assigned by the API")

			var v6 api.PrefixList
			sb.call(http.MethodPost, base, prefixList("IPv6", "2001:db8::/32")).ok(http.StatusCreated, &v6)
			require.Greater(t, v6.ID, created.ID, "second list ID %d, first %d", v6.ID, created.ID)
			var lists []api.PrefixList
			sb.call(http.MethodGet, base, nil).ok(http.StatusOK, &lists)
			require.Len(t, lists, 2, "lists %+v", lists)
			require.Equal(t, created.ID, lists[0].ID, "lists %+v", lists)
			require.Equal(t, v6.ID, lists[1].ID, "lists %+v", lists)

			// Wrong owner types and unknown IDs are not found.
			sb.call(http.MethodGet, owner.wrongBase, nil).fails(http.StatusNotFound, api.CodeNotFound)
			sb.call(http.MethodGet, owner.portBase, nil).fails(http.StatusNotFound, api.CodeNotFound)
			sb.call(http.MethodGet, "/v3/products/mcr/no-such-product/prefix-lists", nil).fails(http.StatusNotFound, api.CodeNotFound)
			sb.call(http.MethodGet, base+"/999999", nil).fails(http.StatusNotFound, api.CodeNotFound)
			sb.call(http.MethodGet, owner.wrongBase+"/"+intID(created.ID), nil).fails(http.StatusNotFound, api.CodeNotFound)

			res := sb.call(http.MethodDelete, item, nil)
			require.Equal(t, http.StatusNoContent, res.status, "delete: %d %s", res.status, res.body)
			sb.call(http.MethodGet, item, nil).fails(http.StatusNotFound, api.CodeNotFound)
			sb.call(http.MethodDelete, item, nil).fails(http.StatusNotFound, api.CodeNotFound)
		})
	}

	entries := func(es ...api.PrefixEntry) api.PrefixList {
		return api.PrefixList{Description: "d", AddressFamily: "IPv4", Entries: es}
	}
	many := make([]api.PrefixEntry, 201)
	for i := range many {
		many[i] = api.PrefixEntry{Action: "permit", Prefix: "10.0.0.0/8"}
	}
	cases := []struct {
		name         string
		list         api.PrefixList
		field, wants string
	}{
		{"no description", api.PrefixList{AddressFamily: "IPv4", Entries: many[:1]}, "description", "1 to 255"},
		{"long description", api.PrefixList{Description: strings.Repeat("d", 256), AddressFamily: "IPv4", Entries: many[:1]}, "description", "1 to 255"},
		{"family", api.PrefixList{Description: "d", AddressFamily: "ipv4", Entries: many[:1]}, "addressFamily", "IPv4 or IPv6"},
		{"no entries", entries(), "entries", "1 to 200"},
		{"too many entries", entries(many...), "entries", "1 to 200"},
		{"action", entries(api.PrefixEntry{Action: "allow", Prefix: "10.0.0.0/8"}), "entries[0].action", "permit or deny"},
		{"not a CIDR", entries(api.PrefixEntry{Action: "permit", Prefix: "10.0.0.0"}), "entries[0].prefix", "not a CIDR"},
		{"other family", entries(api.PrefixEntry{Action: "permit", Prefix: "2001:db8::/32"}), "entries[0].prefix", "not an IPv4 prefix"},
		{"host bits", entries(many[0], api.PrefixEntry{Action: "permit", Prefix: "10.1.2.3/8"}), "entries[1].prefix", "use 10.0.0.0/8"},
		{"ge below length", entries(api.PrefixEntry{Action: "permit", Prefix: "10.0.0.0/16", Ge: 8}), "entries[0].ge", "between the prefix length 16 and 32"},
		{"ge above 32", entries(api.PrefixEntry{Action: "permit", Prefix: "10.0.0.0/16", Ge: 33}), "entries[0].ge", "between the prefix length 16 and 32"},
		{"le below length", entries(api.PrefixEntry{Action: "permit", Prefix: "10.0.0.0/16", Le: 12}), "entries[0].le", "between the prefix length 16 and 32"},
		{"ge above le", entries(api.PrefixEntry{Action: "permit", Prefix: "10.0.0.0/16", Ge: 24, Le: 20}), "entries[0].le", "at least ge (24)"},
		{"negative ge", entries(api.PrefixEntry{Action: "permit", Prefix: "10.0.0.0/16", Ge: -1}), "entries[0].ge", "between"},
		{"IPv6 le above 128", api.PrefixList{Description: "d", AddressFamily: "IPv6", Entries: []api.PrefixEntry{{Action: "permit", Prefix: "2001:db8::/32", Le: 129}}}, "entries[0].le", "between the prefix length 32 and 128"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sb.call(http.MethodPost, "/v3/products/mcr/"+mcr+"/prefix-lists", tc.list).invalid(tc.field, tc.wants)
			sb.call(http.MethodPost, "/v3/products/nat-gateways/"+nat+"/prefix-lists", tc.list).invalid(tc.field, tc.wants)
		})
	}
	v6ok := api.PrefixList{Description: "v6", AddressFamily: "IPv6", Entries: []api.PrefixEntry{{Action: "permit", Prefix: "2001:db8::/32", Ge: 48, Le: 128}}}
	sb.call(http.MethodPost, "/v3/products/mcr/"+mcr+"/prefix-lists", v6ok).ok(http.StatusCreated, nil)
}

func TestIPsecAddOn(t *testing.T) {
	sb := start(t)
	ps := sb.order(mcrItem(), portItem())
	mcr, port := ps[0].ProductUID, ps[1].ProductUID
	base := "/v3/products/mcr/" + mcr + "/addons"

	sb.call(http.MethodPost, base, api.IPsecAddOn{AddOnType: "GRE", TunnelCount: 10}).invalid("addOnType", "must be IP_SEC")
	sb.call(http.MethodPost, base, api.IPsecAddOn{AddOnType: "IP_SEC", TunnelCount: 15}).invalid("tunnelCount", "must be one of 10, 20, 30")
	sb.call(http.MethodPost, base, api.IPsecAddOn{AddOnUID: "mine", AddOnType: "IP_SEC", TunnelCount: 10}).invalid("addOnUid", "assigned by the API")
	sb.call(http.MethodPost, "/v3/products/mcr/"+port+"/addons", api.IPsecAddOn{AddOnType: "IP_SEC", TunnelCount: 10}).fails(http.StatusNotFound, api.CodeNotFound)

	var a api.IPsecAddOn
	sb.call(http.MethodPost, base, api.IPsecAddOn{AddOnType: "IP_SEC", TunnelCount: 10}).ok(http.StatusCreated, &a)
	require.NotEmpty(t, a.AddOnUID, "created %+v", a)
	require.EqualValues(t, 10, a.TunnelCount, "created %+v", a)
	require.Equal(t, "IP_SEC", a.AddOnType, "created %+v", a)
	e := sb.call(http.MethodPost, base, api.IPsecAddOn{AddOnType: "IP_SEC", TunnelCount: 20}).fails(http.StatusConflict, api.CodeConflict)
	require.Contains(t, e.Message, a.AddOnUID, "conflict does not name the add-on: %s", e.Message)
	item := base + "/" + a.AddOnUID
	var got api.IPsecAddOn
	sb.call(http.MethodPut, item, map[string]int{"tunnelCount": 30}).ok(http.StatusOK, &got)
	if got != (api.IPsecAddOn{AddOnUID: a.AddOnUID, AddOnType: "IP_SEC", TunnelCount: 30}) {
		t.Fatalf("updated %+v", got)
	}
	sb.call(http.MethodPut, item, map[string]int{"tunnelCount": 40}).invalid("tunnelCount", "must be one of 10, 20, 30")
	sb.call(http.MethodGet, item, nil).ok(http.StatusOK, &got)
	require.EqualValues(t, 30, got.TunnelCount, "got %+v", got)
	var all []api.IPsecAddOn
	sb.call(http.MethodGet, base, nil).ok(http.StatusOK, &all)
	require.Len(t, all, 1, "list %+v", all)
	require.Equal(t, got, all[0], "list %+v", all)
	if res := sb.call(http.MethodDelete, item, nil); res.status != http.StatusNoContent {
		t.Fatalf("delete: %d", res.status)
	}
	sb.call(http.MethodGet, item, nil).fails(http.StatusNotFound, api.CodeNotFound)
	// With the first one gone, another may be added.
	sb.call(http.MethodPost, base, api.IPsecAddOn{AddOnType: "IP_SEC", TunnelCount: 20}).ok(http.StatusCreated, nil)
}

func TestPacketFilters(t *testing.T) {
	sb := start(t)
	ps := sb.order(natItem(), mcrItem())
	nat, mcr := ps[0].ProductUID, ps[1].ProductUID
	base := "/v3/products/nat-gateways/" + nat + "/packet-filters"

	in := packetFilter()
	in.Entries = append(in.Entries,
		api.PacketFilterEntry{Action: "permit", SourceAddress: "2001:db8::/32", DestinationAddress: "::/0", DestinationPorts: "80,443,8000-8080", IPProtocol: 17},
		api.PacketFilterEntry{Action: "permit", SourceAddress: "10.1.2.3/32", DestinationAddress: "10.0.0.0/8", DestinationPorts: "1-65535"},
	)
	var created api.PacketFilter
	sb.call(http.MethodPost, base, in).ok(http.StatusCreated, &created)
	if created.ID < 1 || !slices.Equal(created.Entries, in.Entries) {
		t.Fatalf("created %+v; entries must keep their order", created)
	}
	item := base + "/" + intID(created.ID)
	replacement := api.PacketFilter{Description: "reordered", Entries: []api.PacketFilterEntry{in.Entries[1], in.Entries[0]}}
	var got api.PacketFilter
	sb.call(http.MethodPut, item, replacement).ok(http.StatusOK, &got)
	sb.call(http.MethodGet, item, nil).ok(http.StatusOK, &got)
	require.Equal(t, created.ID, got.ID, "replaced %+v", got)
	require.Equal(t, "reordered", got.Description, "replaced %+v", got)
	require.True(t, slices.Equal(got.Entries, replacement.Entries), "replaced %+v", got)
	var list []api.PacketFilter
	sb.call(http.MethodGet, base, nil).ok(http.StatusOK, &list)
	require.Len(t, list, 1, "list %+v", list)
	sb.call(http.MethodGet, "/v3/products/nat-gateways/"+mcr+"/packet-filters", nil).fails(http.StatusNotFound, api.CodeNotFound)

	entry := func(f func(*api.PacketFilterEntry)) api.PacketFilter {
		e := api.PacketFilterEntry{Action: "permit", SourceAddress: "10.0.0.0/8", DestinationAddress: "0.0.0.0/0"}
		f(&e)
		return api.PacketFilter{Description: "d", Entries: []api.PacketFilterEntry{e}}
	}
	cases := []struct {
		name         string
		filter       api.PacketFilter
		field, wants string
	}{
		{"no description", api.PacketFilter{Entries: in.Entries}, "description", "1 to 255"},
		{"no entries", api.PacketFilter{Description: "d"}, "entries", "1 to 200"},
		{"action", entry(func(e *api.PacketFilterEntry) { e.Action = "drop" }), "entries[0].action", "permit or deny"},
		{"source", entry(func(e *api.PacketFilterEntry) { e.SourceAddress = "10.0.0.1" }), "entries[0].sourceAddress", "not a CIDR"},
		{"destination", entry(func(e *api.PacketFilterEntry) { e.DestinationAddress = "any" }), "entries[0].destinationAddress", "not a CIDR"},
		{"mixed families", entry(func(e *api.PacketFilterEntry) { e.DestinationAddress = "::/0" }), "entries[0].destinationAddress", "same address family"},
		{"port zero", entry(func(e *api.PacketFilterEntry) { e.DestinationPorts = "0" }), "entries[0].destinationPorts", "between 1 and 65535"},
		{"port too big", entry(func(e *api.PacketFilterEntry) { e.DestinationPorts = "65536" }), "entries[0].destinationPorts", "between 1 and 65535"},
		{"one-port range", entry(func(e *api.PacketFilterEntry) { e.DestinationPorts = "80-80" }), "entries[0].destinationPorts", "range 80-80 must be ascending"},
		{"descending range", entry(func(e *api.PacketFilterEntry) { e.DestinationPorts = "90-80" }), "entries[0].destinationPorts", "range 90-80 must be ascending"},
		{"empty list element", entry(func(e *api.PacketFilterEntry) { e.DestinationPorts = "80,,443" }), "entries[0].destinationPorts", "not a port"},
		{"words", entry(func(e *api.PacketFilterEntry) { e.DestinationPorts = "http" }), "entries[0].destinationPorts", "not a port"},
		{"open range", entry(func(e *api.PacketFilterEntry) { e.DestinationPorts = "80-" }), "entries[0].destinationPorts", "not a port"},
		{"protocol", entry(func(e *api.PacketFilterEntry) { e.IPProtocol = 256 }), "entries[0].ipProtocol", "between 0 and 255"},
		{"entry description", entry(func(e *api.PacketFilterEntry) { e.Description = strings.Repeat("x", 256) }), "entries[0].description", "at most 255"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sb.call(http.MethodPost, base, tc.filter).invalid(tc.field, tc.wants)
			sb.call(http.MethodPut, item, tc.filter).invalid(tc.field, tc.wants)
		})
	}
	if res := sb.call(http.MethodDelete, item, nil); res.status != http.StatusNoContent {
		t.Fatalf("delete: %d", res.status)
	}
	sb.call(http.MethodGet, item, nil).fails(http.StatusNotFound, api.CodeNotFound)
}

func TestPartnerPortRotation(t *testing.T) {
	sb := start(t)
	var port api.PartnerPort
	for _, p := range sb.partnerPorts() {
		if p.ConnectType == "AZURE" && p.VXCPermitted {
			port = p
			break
		}
	}
	mcr := sb.order(mcrItem())[0].ProductUID
	vxc := sb.order(partnerVXC(mcr, port.ProductUID, 1000, azure))[0].ProductUID
	path := "/admin/partner-ports/" + port.ProductUID + "/rotate"

	sb.callAs("", http.MethodPost, path, nil).fails(http.StatusUnauthorized, api.CodeUnauthorized)
	sb.callAs("", http.MethodPost, path, nil, "X-Admin-Key", "wrong").fails(http.StatusForbidden, api.CodeForbidden)
	// A bearer token is no admin key.
	sb.call(http.MethodPost, path, nil).fails(http.StatusUnauthorized, api.CodeUnauthorized)

	var rot api.PartnerPortRotation
	sb.callAs("", http.MethodPost, path, nil, "X-Admin-Key", DefaultAdminKey).ok(http.StatusOK, &rot)
	require.Equal(t, port.ProductUID, rot.OldProductUID, "rotation %+v", rot)
	require.NotEmpty(t, rot.NewProductUID, "rotation %+v", rot)
	require.NotEqual(t, port.ProductUID, rot.NewProductUID, "rotation %+v", rot)
	sb.call(http.MethodGet, "/v3/partner-ports/"+port.ProductUID, nil).fails(http.StatusNotFound, api.CodeNotFound)
	sb.callAs("", http.MethodPost, path, nil, "X-Admin-Key", DefaultAdminKey).fails(http.StatusNotFound, api.CodeNotFound)
	var moved api.PartnerPort
	sb.call(http.MethodGet, "/v3/partner-ports/"+rot.NewProductUID, nil).ok(http.StatusOK, &moved)
	want := port
	want.ProductUID = rot.NewProductUID
	require.Equal(t, want, moved, "rotated port %+v, want %+v", moved, want)
	ports := sb.partnerPorts()
	if i := slices.IndexFunc(ports, func(p api.PartnerPort) bool { return p.ProductUID == rot.NewProductUID }); i < 0 {
		t.Fatal("rotated port not listed")
	}

	// New cross-connects need the new UID; the existing one keeps the old.
	sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{vxcItem(mcr, port.ProductUID, 1000)}}).invalid("bEndProductUid", "does not exist")
	sb.order(partnerVXC(mcr, rot.NewProductUID, 1000, azure))
	if p := sb.product(vxc); p.VXC.BEndProductUID != port.ProductUID {
		t.Fatalf("existing VXC end changed to %s", p.VXC.BEndProductUID)
	}

	// The rotation is durable.
	sb.restart()
	sb.call(http.MethodGet, "/v3/partner-ports/"+rot.NewProductUID, nil).ok(http.StatusOK, nil)
	sb.call(http.MethodGet, "/v3/partner-ports/"+port.ProductUID, nil).fails(http.StatusNotFound, api.CodeNotFound)
}

func TestSubResourceIdempotencyKey(t *testing.T) {
	sb := start(t)
	mcr := sb.order(mcrItem())[0].ProductUID
	base := "/v3/products/mcr/" + mcr + "/prefix-lists"
	in := prefixList("IPv4", "10.0.0.0/8")
	var first, again api.PrefixList
	sb.call(http.MethodPost, base, in, "Idempotency-Key", "pl-1").ok(http.StatusCreated, &first)
	res := sb.call(http.MethodPost, base, in, "Idempotency-Key", "pl-1")
	res.ok(http.StatusCreated, &again)
	require.Equal(t, "true", res.header.Get("Idempotent-Replayed"), "replay not marked")
	require.Equal(t, first.ID, again.ID, "the retry created another prefix list")
	// The key is the company's, not the token's, and survives a restart.
	sb.restart()
	sb.callAs(sb.newToken(), http.MethodPost, base, in, "Idempotency-Key", "pl-1").ok(http.StatusCreated, &again)
	require.Equal(t, first.ID, again.ID, "a new token of the company, after a restart, created another prefix list")
	var all []api.PrefixList
	sb.call(http.MethodGet, base, nil).ok(http.StatusOK, &all)
	require.Len(t, all, 1, "prefix lists after the replays: %+v", all)
	// The key with another body is refused; an over-long key too.
	e := sb.call(http.MethodPost, base, prefixList("IPv4", "10.1.0.0/16"), "Idempotency-Key", "pl-1").fails(http.StatusConflict, api.CodeConflict)
	require.Contains(t, e.Message, `"pl-1" was already used for a different request`)
	sb.call(http.MethodPost, base, in, "Idempotency-Key", strings.Repeat("k", 256)).invalid("Idempotency-Key", "at most 255 characters")
	sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{portItem()}}, "Idempotency-Key", strings.Repeat("k", 256)).
		invalid("Idempotency-Key", "at most 255 characters")
}
