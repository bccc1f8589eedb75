package netfab

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

func ptr[T any](v T) *T { return &v }

func TestUpdateInPlace(t *testing.T) {
	sb := start(t)
	ps := sb.order(portItem(), mcrItem(), natItem())
	port, mcr, nat := ps[0], ps[1], ps[2]
	ix := sb.order(ixItem(port.ProductUID, 100))[0]
	sb.order(ixItem(port.ProductUID, 101))
	sb.clock.Advance(3 * delay)

	var got api.Product
	sb.call(http.MethodPut, "/v3/products/"+mcr.ProductUID, api.ProductUpdate{
		ProductName: ptr("core-router"), CostCentre: ptr("NET-42"), ContractTermMonths: ptr(int64(24)),
		MarketplaceVisibility: ptr(true), MCR: &api.MCRUpdate{ASN: ptr(int64(65001))},
	}).ok(http.StatusOK, &got)
	if got.ProductUID != mcr.ProductUID || got.ProductName != "core-router" || got.CostCentre != "NET-42" ||
		got.ContractTermMonths != 24 || !got.MarketplaceVisibility || got.MCR.ASN != 65001 || got.PortSpeed != mcr.PortSpeed {
		t.Fatalf("updated MCR %+v", got)
	}
	require.Equal(t, api.StatusLive, got.ProvisioningStatus, "update changed the status to %s or did not touch lastUpdated (%s)", got.ProvisioningStatus, got.LastUpdated)
	require.Equal(t, rfc3339(sb.clock.Now()), got.LastUpdated, "update changed the status to %s or did not touch lastUpdated (%s)", got.ProvisioningStatus, got.LastUpdated)
	if again := sb.product(mcr.ProductUID); again.MCR.ASN != 65001 || again.ProductName != "core-router" {
		t.Fatalf("update not stored: %+v", again)
	}

	sb.call(http.MethodPut, "/v3/products/"+nat.ProductUID, api.ProductUpdate{NATGateway: &api.NATUpdate{
		Speed: ptr(int64(2500)), SessionCount: ptr(int64(200000)), BGPShutdownDefault: ptr(true),
	}}).ok(http.StatusOK, &got)
	require.EqualValues(t, 2500, got.NATGateway.Speed, "updated NAT gateway %+v", got.NATGateway)
	require.EqualValues(t, 200000, got.NATGateway.SessionCount, "updated NAT gateway %+v", got.NATGateway)
	require.True(t, got.NATGateway.BGPShutdownDefault, "updated NAT gateway %+v", got.NATGateway)

	sb.call(http.MethodPut, "/v3/products/"+ix.ProductUID, api.ProductUpdate{IX: &api.IXUpdate{
		VLAN: ptr(int64(150)), RateLimit: ptr(int64(2000)), ASN: ptr(int64(64999)), Shutdown: ptr(true), ReverseDNS: ptr("peer.example.net"),
	}}).ok(http.StatusOK, &got)
	if got.IX.VLAN != 150 || got.IX.RateLimit != 2000 || got.IX.Resources.VPLSInterface.VLAN != 150 ||
		got.IX.Resources.BGPConnections[0].CustomerASN != 64999 || got.IX.IXPeerMacro != "AS64999" ||
		got.IX.Resources.IPAddresses[0].ReverseDNS != "peer.example.net" || got.IX.Resources.Interface.Up != 0 {
		t.Fatalf("updated IX %+v", got.IX)
	}

	cases := []struct {
		name, uid string
		body      any
		field     string
		wants     string
	}{
		{"immutable port speed", mcr.ProductUID, `{"portSpeed": 10000}`, "portSpeed", "unknown or immutable"},
		{"immutable location", port.ProductUID, `{"locationId": 2}`, "locationId", "unknown or immutable"},
		{"section of another type", port.ProductUID, api.ProductUpdate{MCR: &api.MCRUpdate{ASN: ptr(int64(1))}}, "mcr", "applies to MCR2 products only"},
		{"name", port.ProductUID, api.ProductUpdate{ProductName: ptr("")}, "productName", "1 to 64"},
		{"term", port.ProductUID, api.ProductUpdate{ContractTermMonths: ptr(int64(3))}, "contractTermMonths", "must be one of"},
		{"MCR ASN", mcr.ProductUID, api.ProductUpdate{MCR: &api.MCRUpdate{ASN: ptr(int64(0))}}, "asn", "between 1 and 4294967295"},
		{"NAT pairing", nat.ProductUID, api.ProductUpdate{NATGateway: &api.NATUpdate{Speed: ptr(int64(10000))}}, "sessionCount", "must be one of 400000, 800000, 2000000 for speed 10000"},
		{"IX VLAN in use", ix.ProductUID, api.ProductUpdate{IX: &api.IXUpdate{VLAN: ptr(int64(101))}}, "vlan", "already used"},
		{"IX rate", ix.ProductUID, api.ProductUpdate{IX: &api.IXUpdate{RateLimit: ptr(int64(20000))}}, "rateLimit", "between 1 and 10000"},
		{"IX MAC", ix.ProductUID, api.ProductUpdate{IX: &api.IXUpdate{MACAddress: ptr("nope")}}, "macAddress", "hexadecimal"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sb.call(http.MethodPut, "/v3/products/"+tc.uid, tc.body).invalid(tc.field, tc.wants)
		})
	}
	if p := sb.product(nat.ProductUID); p.NATGateway.Speed != 2500 {
		t.Fatalf("refused update changed the NAT gateway: %+v", p.NATGateway)
	}
	sb.call(http.MethodPut, "/v3/products/no-such-product", api.ProductUpdate{ProductName: ptr("x")}).fails(http.StatusNotFound, api.CodeNotFound)
}

func TestCancel(t *testing.T) {
	sb := start(t)
	ps := sb.order(portItem(), mcrItem(), natItem())
	port, mcr, nat := ps[0].ProductUID, ps[1].ProductUID, ps[2].ProductUID
	ix := sb.order(ixItem(port, 100))[0].ProductUID
	vxc := sb.order(vxcItem(port, mcr, 100))[0].ProductUID
	sb.clock.Advance(2 * delay)

	// A port with connections refuses, naming them.
	e := sb.call(http.MethodDelete, "/v3/products/"+port, nil).fails(http.StatusConflict, api.CodeConflict)
	require.True(t, strings.Contains(e.Message, ix), "conflict does not name the connections: %s", e.Message)
	require.True(t, strings.Contains(e.Message, vxc), "conflict does not name the connections: %s", e.Message)
	require.Contains(t, e.Message, "has active VXCs and IX connections associated with it.")

	for _, uid := range []string{ix, vxc, port} {
		var p api.Product
		sb.call(http.MethodDelete, "/v3/products/"+uid, nil).ok(http.StatusOK, &p)
		require.Equal(t, api.StatusCancelled, p.ProvisioningStatus, "cancelled %+v", p)
		require.Equal(t, rfc3339(sb.clock.Now()), p.TerminateDate, "cancelled %+v", p)
		require.False(t, p.Cancelable, "cancelled %+v", p)
	}
	var listed []api.Product
	sb.call(http.MethodGet, "/v3/products", nil).ok(http.StatusOK, &listed)
	require.Len(t, listed, 2, "list has %d products, want the MCR and the NAT gateway", len(listed))
	sb.call(http.MethodGet, "/v3/products?productType=PORT", nil).ok(http.StatusOK, &listed)
	require.Len(t, listed, 0, "cancelled port listed: %+v", listed)
	sb.call(http.MethodGet, "/v3/products?productType=ROUTER", nil).invalid("productType", "must be one of")

	if p := sb.product(port); p.ProvisioningStatus != api.StatusCancelled || p.LiveDate == "" {
		t.Fatalf("cancelled port: %s, liveDate %q", p.ProvisioningStatus, p.LiveDate)
	}
	sb.clock.Advance(delay)
	if p := sb.product(port); p.ProvisioningStatus != api.StatusDecommissioned {
		t.Fatalf("port %s after the delay, want DECOMMISSIONED", p.ProvisioningStatus)
	}
	sb.call(http.MethodDelete, "/v3/products/"+port, nil).fails(http.StatusNotFound, api.CodeNotFound)
	sb.call(http.MethodPut, "/v3/products/"+port, api.ProductUpdate{ProductName: ptr("x")}).fails(http.StatusConflict, api.CodeConflict)
	sb.call(http.MethodPut, "/v3/products/"+port+"/tags", map[string]string{"a": "b"}).fails(http.StatusConflict, api.CodeConflict)
	sb.call(http.MethodDelete, "/v3/products/no-such-product", nil).fails(http.StatusNotFound, api.CodeNotFound)

	// Cancelling an MCR or a NAT gateway takes its sub-resources with it.
	var list api.PrefixList
	sb.call(http.MethodPost, "/v3/products/mcr/"+mcr+"/prefix-lists", prefixList("IPv4", "10.0.0.0/8")).ok(http.StatusCreated, &list)
	var addOn api.IPsecAddOn
	sb.call(http.MethodPost, "/v3/products/mcr/"+mcr+"/addons", api.IPsecAddOn{AddOnType: "IP_SEC", TunnelCount: 10}).ok(http.StatusCreated, &addOn)
	var filter api.PacketFilter
	sb.call(http.MethodPost, "/v3/products/nat-gateways/"+nat+"/packet-filters", packetFilter()).ok(http.StatusCreated, &filter)
	for _, uid := range []string{mcr, nat} {
		sb.call(http.MethodDelete, "/v3/products/"+uid, nil).ok(http.StatusOK, nil)
	}
	for _, path := range []string{
		"/v3/products/mcr/" + mcr + "/prefix-lists/" + intID(list.ID),
		"/v3/products/mcr/" + mcr + "/addons/" + addOn.AddOnUID,
		"/v3/products/nat-gateways/" + nat + "/packet-filters/" + intID(filter.ID),
	} {
		sb.call(http.MethodGet, path, nil).fails(http.StatusNotFound, api.CodeNotFound)
	}
	var lists []api.PrefixList
	sb.call(http.MethodGet, "/v3/products/mcr/"+mcr+"/prefix-lists", nil).ok(http.StatusOK, &lists)
	require.Len(t, lists, 0, "prefix lists of a cancelled MCR: %+v", lists)
	sb.call(http.MethodPost, "/v3/products/mcr/"+mcr+"/addons", api.IPsecAddOn{AddOnType: "IP_SEC", TunnelCount: 10}).fails(http.StatusConflict, api.CodeConflict)
}

func TestTags(t *testing.T) {
	sb := start(t)
	p := sb.order(func() api.OrderItem {
		it := portItem()
		it.ResourceTags = map[string]string{"env": "test"}
		return it
	}())[0]
	path := "/v3/products/" + p.ProductUID + "/tags"
	var tags map[string]string
	sb.call(http.MethodGet, path, nil).ok(http.StatusOK, &tags)
	require.Len(t, tags, 1, "ordered tags %v", tags)
	require.Equal(t, "test", tags["env"], "ordered tags %v", tags)
	sb.call(http.MethodPut, path, map[string]string{"team": "net", "tier": ""}).ok(http.StatusOK, nil)
	tags = nil // decoding into a map merges
	sb.call(http.MethodGet, path, nil).ok(http.StatusOK, &tags)
	require.Len(t, tags, 2, "PUT did not replace the tags: %v", tags)
	require.Equal(t, "net", tags["team"], "PUT did not replace the tags: %v", tags)
	require.Equal(t, "", tags["env"], "PUT did not replace the tags: %v", tags)
	sb.call(http.MethodPut, path, map[string]string{"": "v"}).invalid("resourceTags", "1 to 128")
	sb.call(http.MethodPut, path, map[string]string{"k": strings.Repeat("v", 257)}).invalid("resourceTags", "at most 256")
	sb.call(http.MethodPut, path, map[string]string{}).ok(http.StatusOK, nil)
	tags = nil
	sb.call(http.MethodGet, path, nil).ok(http.StatusOK, &tags)
	require.Len(t, tags, 0, "tags after clearing: %v", tags)
	sb.call(http.MethodGet, "/v3/products/no-such-product/tags", nil).fails(http.StatusNotFound, api.CodeNotFound)
}

// A product read asked with includeResourceTags=true carries the product's
// resource tags (absent when it has none), so that a refresh is one request;
// without it, no read has the field.
func TestProductReadWithTags(t *testing.T) {
	sb := start(t)
	tagged := portItem()
	tagged.ResourceTags = map[string]string{"env": "test"}
	ps := sb.order(tagged, portItem())
	var got api.ListedProduct
	sb.call(http.MethodGet, "/v3/products/"+ps[0].ProductUID+"?includeResourceTags=true", nil).ok(http.StatusOK, &got)
	assert.Equal(t, ps[0].ProductUID, got.ProductUID)
	assert.Equal(t, map[string]string{"env": "test"}, got.ResourceTags)
	got = api.ListedProduct{}
	sb.call(http.MethodGet, "/v3/products/"+ps[0].ProductUID, nil).ok(http.StatusOK, &got)
	assert.Nil(t, got.ResourceTags, "a read without includeResourceTags")
	got = api.ListedProduct{}
	sb.call(http.MethodGet, "/v3/products/"+ps[1].ProductUID+"?includeResourceTags=true", nil).ok(http.StatusOK, &got)
	assert.Nil(t, got.ResourceTags, "a product without tags")
	sb.call(http.MethodGet, "/v3/products/"+ps[0].ProductUID+"?includeResourceTags=maybe", nil).invalid("includeResourceTags", "true or false")
}

// Attribute tags are set by the order and replaced by a PUT that has them.
func TestAttributeTags(t *testing.T) {
	sb := start(t)
	it := portItem()
	it.AttributeTags = map[string]string{"purpose": "peering"}
	p := sb.order(it)[0]
	require.Len(t, p.AttributeTags, 1, "ordered attribute tags %v", p.AttributeTags)
	require.Equal(t, "peering", p.AttributeTags["purpose"], "ordered attribute tags %v", p.AttributeTags)
	path := "/v3/products/" + p.ProductUID
	put := func(body any) api.Product {
		t.Helper()
		var got api.Product // fresh: decoding into a used map merges
		sb.call(http.MethodPut, path, body).ok(http.StatusOK, &got)
		return got
	}
	if got := put(api.ProductUpdate{ProductName: ptr("renamed")}); got.AttributeTags["purpose"] != "peering" {
		t.Fatalf("an update without attributeTags changed them: %v", got.AttributeTags)
	}
	if got := put(api.ProductUpdate{AttributeTags: map[string]string{"owner": "net"}}); len(got.AttributeTags) != 1 || got.AttributeTags["owner"] != "net" {
		t.Fatalf("replaced attribute tags %v", got.AttributeTags)
	}
	put(`{"attributeTags": {}}`)
	if got := sb.product(p.ProductUID); len(got.AttributeTags) != 0 || got.AttributeTags == nil {
		t.Fatalf("cleared attribute tags %#v", got.AttributeTags)
	}
	sb.call(http.MethodPut, path, api.ProductUpdate{AttributeTags: map[string]string{"": "x"}}).invalid("attributeTags", "1 to 128")
	it.AttributeTags = map[string]string{"k": strings.Repeat("v", 257)}
	sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{it}}).invalid("attributeTags", "at most 256")
}

// Everything survives closing and reopening the store, and the lifecycle
// carries on from the stored timestamps.
func TestRestartDurability(t *testing.T) {
	sb := start(t)
	ps := sb.order(portItem(), mcrItem(), natItem())
	port, mcr, nat := ps[0], ps[1], ps[2]
	var list api.PrefixList
	sb.call(http.MethodPost, "/v3/products/mcr/"+mcr.ProductUID+"/prefix-lists", prefixList("IPv4", "10.0.0.0/8")).ok(http.StatusCreated, &list)
	var filter api.PacketFilter
	sb.call(http.MethodPost, "/v3/products/nat-gateways/"+nat.ProductUID+"/packet-filters", packetFilter()).ok(http.StatusCreated, &filter)
	sb.clock.Advance(delay)
	sb.call(http.MethodDelete, "/v3/products/"+port.ProductUID, nil).ok(http.StatusOK, nil)

	sb.restart()

	if p := sb.product(mcr.ProductUID); p.ProvisioningStatus != api.StatusConfigured || p.CreateDate != mcr.CreateDate {
		t.Fatalf("MCR after restart: %+v", p)
	}
	if p := sb.product(port.ProductUID); p.ProvisioningStatus != api.StatusCancelled {
		t.Fatalf("port after restart: %s", p.ProvisioningStatus)
	}
	sb.clock.Advance(delay)
	if p := sb.product(mcr.ProductUID); p.ProvisioningStatus != api.StatusLive {
		t.Fatalf("MCR after restart and delay: %s", p.ProvisioningStatus)
	}
	if p := sb.product(port.ProductUID); p.ProvisioningStatus != api.StatusDecommissioned {
		t.Fatalf("port after restart and delay: %s", p.ProvisioningStatus)
	}
	var got api.PrefixList
	sb.call(http.MethodGet, "/v3/products/mcr/"+mcr.ProductUID+"/prefix-lists/"+intID(list.ID), nil).ok(http.StatusOK, &got)
	require.Equal(t, list.Description, got.Description, "prefix list after restart: %+v", got)
	require.Len(t, got.Entries, 1, "prefix list after restart: %+v", got)
	var gotFilter api.PacketFilter
	sb.call(http.MethodGet, "/v3/products/nat-gateways/"+nat.ProductUID+"/packet-filters/"+intID(filter.ID), nil).ok(http.StatusOK, &gotFilter)
	// Sequences carry on.
	next := sb.order(portItem())[0]
	require.Greater(t, next.ProductID, nat.ProductID, "product ID %d after restart, want more than %d", next.ProductID, nat.ProductID)
	var second api.PrefixList
	sb.call(http.MethodPost, "/v3/products/mcr/"+mcr.ProductUID+"/prefix-lists", prefixList("IPv6", "2001:db8::/32")).ok(http.StatusCreated, &second)
	require.Greater(t, second.ID, list.ID, "prefix list ID %d after restart, want more than %d", second.ID, list.ID)
}

// The promotion code is kept and answered, and an update records a new one.
func TestPromoCodeIsKeptAndUpdatable(t *testing.T) {
	sb := start(t)
	item := mcrItem()
	item.PromoCode = "SPRING"
	mcr := sb.order(item)[0]
	require.Equal(t, "SPRING", sb.product(mcr.ProductUID).PromoCode)
	var got api.Product
	sb.call(http.MethodPut, "/v3/products/"+mcr.ProductUID, api.ProductUpdate{PromoCode: ptr("AUTUMN")}).ok(http.StatusOK, &got)
	require.Equal(t, "AUTUMN", got.PromoCode)
	require.Equal(t, "AUTUMN", sb.product(mcr.ProductUID).PromoCode)
}

// listPage is one page of GET /v3/products.
func (sb *sandbox) listPage(query string) api.ProductPage {
	sb.t.Helper()
	r := sb.call(http.MethodGet, "/v3/products?"+query, nil)
	require.Equal(sb.t, http.StatusOK, r.status, "%s", r.body)
	var page api.ProductPage
	require.NoError(sb.t, json.Unmarshal(r.body, &page), "%s", r.body)
	return page
}

// size is the page size of a query.
func size(query string) int {
	v, _ := url.ParseQuery(query)
	if n, err := strconv.Atoi(v.Get("pageSize")); err == nil {
		return n
	}
	return api.ProductsPageSizeDefault
}

// listAll follows the pages of a listing, and returns the names per page.
func (sb *sandbox) listAll(query string) [][]string {
	sb.t.Helper()
	var pages [][]string
	token := ""
	for {
		q := query
		if token != "" {
			q += "&pageToken=" + url.QueryEscape(token)
		}
		page := sb.listPage(q)
		names := []string{}
		for _, p := range page.Data {
			names = append(names, p.ProductName)
		}
		if token = page.NextPageToken; token == "" {
			if len(names) == 0 && len(pages) > 0 {
				// The contract allows an empty last page after a full one.
				return pages
			}
			return append(pages, names)
		}
		require.Len(sb.t, names, size(q), "a page before the last is not full")
		pages = append(pages, names)
		require.Less(sb.t, len(pages), 100, "the listing does not end")
	}
}

// The product listing pages, by product ID, with its filters applied before
// paging: every page but the last is full, and the token of one page leads
// to the next (issue 23: a list of many products streams page by page).
func TestListProductsPagesAndFilters(t *testing.T) {
	sb := start(t)
	named := func(name string, location int64) api.OrderItem {
		it := portItem()
		it.ProductName, it.LocationID = name, location
		return it
	}
	sb.order(named("a", 1), named("b", 2), named("c", 1), mcrItem(), named("d", 1))
	sb.clock.Advance(2 * delay)
	late := sb.order(named("e", 2), named("a", 2))
	require.NoError(t, json.Unmarshal(sb.call(http.MethodPut, "/v3/products/"+late[1].ProductUID+"/tags",
		map[string]string{"team": "net"}).body, new(any)))
	// Another company's port is never listed.
	other := sb.tokenOf(OtherAccessKey, OtherSecretKey)
	sb.callAs(other, http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{named("a", 1)}}).ok(http.StatusCreated, nil)

	assert.Equal(t, [][]string{{"a", "b"}, {"c", "d"}, {"e", "a"}}, sb.listAll("productType=PORT&pageSize=2"))
	assert.Equal(t, [][]string{{"a", "b", "c", "mcr-1", "d", "e", "a"}}, sb.listAll(""))
	assert.Equal(t, [][]string{{"a", "c"}, {"d"}}, sb.listAll("productType=PORT&locationId=1&pageSize=2"))
	assert.Equal(t, [][]string{{"a", "a"}}, sb.listAll("productType=PORT&productName=a"))
	assert.Equal(t, [][]string{{"e", "a"}}, sb.listAll("productType=PORT&provisioningStatus=DEPLOYABLE"))
	assert.Equal(t, [][]string{{"a", "b", "c"}, {"d"}}, sb.listAll("productType=PORT&provisioningStatus=LIVE&pageSize=3"))
	assert.Equal(t, [][]string{{}}, sb.listAll("productType=PORT&productName=none"))

	// Tags only when asked, and then on every product that has some.
	for _, p := range sb.listPage("productType=PORT&locationId=2").Data {
		assert.Nil(t, p.ResourceTags, "%s", p.ProductName)
	}
	tagged := sb.listPage("productType=PORT&locationId=2&includeResourceTags=true").Data
	require.Len(t, tagged, 3)
	assert.Nil(t, tagged[0].ResourceTags)
	assert.Equal(t, map[string]string{"team": "net"}, tagged[2].ResourceTags)

	sb.call(http.MethodGet, "/v3/products?pageSize=0", nil).invalid("pageSize", "from 1 to 1000")
	sb.call(http.MethodGet, "/v3/products?pageSize=1001", nil).invalid("pageSize", "from 1 to 1000")
	sb.call(http.MethodGet, "/v3/products?pageToken=abc", nil).invalid("pageToken", "not a token this listing gave")
	sb.call(http.MethodGet, "/v3/products?locationId=x", nil).invalid("locationId", "positive whole number")
	sb.call(http.MethodGet, "/v3/products?provisioningStatus=CANCELLED", nil).invalid("provisioningStatus", "DEPLOYABLE, CONFIGURED, LIVE")
	sb.call(http.MethodGet, "/v3/products?includeResourceTags=maybe", nil).invalid("includeResourceTags", "true or false")
}
