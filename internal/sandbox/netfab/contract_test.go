package netfab

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The contract in raw JSON: requests are literal bodies and answers are
// decoded into maps, never into the wire types that client and sandbox
// share, so that a JSON name wrong in those types fails here.

func rawData(t *testing.T, r *response, status int) any {
	t.Helper()
	require.Equal(t, status, r.status, string(r.body))
	var env map[string]any
	require.NoError(t, json.Unmarshal(r.body, &env), string(r.body))
	require.Contains(t, env, "data", "answers are enveloped in data: %s", r.body)
	return env["data"]
}

func object(t *testing.T, v any) map[string]any {
	t.Helper()
	m, ok := v.(map[string]any)
	require.True(t, ok, "want a JSON object, got %T %v", v, v)
	return m
}

func array(t *testing.T, v any) []any {
	t.Helper()
	a, ok := v.([]any)
	require.True(t, ok, "want a JSON array, got %T %v", v, v)
	return a
}

func TestContractRawJSON(t *testing.T) {
	sb := start(t)

	locs := array(t, rawData(t, sb.call(http.MethodGet, "/v3/locations", nil), http.StatusOK))
	require.NotEmpty(t, locs)
	loc := object(t, locs[0])
	for _, k := range []string{"id", "name", "market", "metro", "status", "products"} {
		assert.Contains(t, loc, k, "location")
	}
	for _, k := range []string{"diversityZones", "portSpeeds", "mcrSpeeds", "ixNetworkServiceTypes", "natGateway"} {
		assert.Contains(t, object(t, loc["products"]), k, "location products")
	}

	products := array(t, rawData(t, sb.call(http.MethodPost, "/v3/orders",
		`{"items":[{"productType":"PORT","productName":"raw-port","locationId":1,"portSpeed":10000,"contractTermMonths":12,`+
			`"attributeTags":{"team":"net"}}]}`), http.StatusCreated))
	require.Len(t, products, 1)
	p := object(t, products[0])
	assert.Equal(t, "PORT", p["productType"])
	assert.Equal(t, "raw-port", p["productName"])
	assert.EqualValues(t, 1, p["locationId"])
	assert.EqualValues(t, 10000, p["portSpeed"])
	assert.EqualValues(t, 12, p["contractTermMonths"])
	assert.Equal(t, map[string]any{"team": "net"}, p["attributeTags"])
	for _, k := range []string{"productUid", "productId", "provisioningStatus", "createDate", "diversityZone", "market", "cancelable"} {
		assert.Contains(t, p, k, "product")
	}
	uid, _ := p["productUid"].(string)
	require.NotEmpty(t, uid)

	mcr := object(t, array(t, rawData(t, sb.call(http.MethodPost, "/v3/orders",
		`{"items":[{"productType":"MCR2","productName":"raw-mcr","locationId":1,"portSpeed":5000,"contractTermMonths":1}]}`),
		http.StatusCreated))[0])
	mcrUID, _ := mcr["productUid"].(string)
	require.NotEmpty(t, mcrUID)

	list := object(t, rawData(t, sb.call(http.MethodPost, "/v3/products/mcr/"+mcrUID+"/prefix-lists",
		`{"description":"raw","addressFamily":"IPv4","entries":[{"action":"permit","prefix":"10.0.0.0/8","ge":16,"le":24}]}`),
		http.StatusCreated))
	assert.Contains(t, list, "id")
	assert.Equal(t, "IPv4", list["addressFamily"])
	entries, _ := list["entries"].([]any)
	require.Len(t, entries, 1)
	assert.Equal(t, map[string]any{"action": "permit", "prefix": "10.0.0.0/8", "ge": 16.0, "le": 24.0}, entries[0])

	addOn := object(t, rawData(t, sb.call(http.MethodPost, "/v3/products/mcr/"+mcrUID+"/addons",
		`{"addOnType":"IP_SEC","tunnelCount":10}`), http.StatusCreated))
	assert.Contains(t, addOn, "addOnUid")
	assert.EqualValues(t, 10, addOn["tunnelCount"])

	// The error body.
	r := sb.call(http.MethodPost, "/v3/orders", `{"items":[{"productType":"PORT","productName":"x","locationId":1,"portSpeed":3,"contractTermMonths":12}]}`)
	require.Equal(t, http.StatusBadRequest, r.status)
	var e map[string]any
	require.NoError(t, json.Unmarshal(r.body, &e))
	assert.Equal(t, "VALIDATION_FAILED", e["code"])
	assert.Equal(t, "portSpeed", e["field"])
	assert.Contains(t, e["message"], "portSpeed: ")
}

// Cross-connects and service keys in raw JSON.
func TestContractRawJSONVXC(t *testing.T) {
	sb := start(t)
	ports := array(t, rawData(t, sb.call(http.MethodPost, "/v3/orders",
		`{"items":[{"productType":"PORT","productName":"a","locationId":1,"portSpeed":1000,"contractTermMonths":1},`+
			`{"productType":"MCR2","productName":"m","locationId":1,"portSpeed":1000,"contractTermMonths":1}]}`), http.StatusCreated))
	port, _ := object(t, ports[0])["productUid"].(string)
	mcr, _ := object(t, ports[1])["productUid"].(string)

	vxc := object(t, array(t, rawData(t, sb.call(http.MethodPost, "/v3/orders",
		`{"items":[{"productType":"VXC","productName":"v","vxc":{"aEndProductUid":"`+mcr+`","aEndVlan":10,"aEndInnerVlan":20,`+
			`"bEndProductUid":"`+port+`","bEndVlan":-1,"rateLimit":100,`+
			`"aEndPartnerConfig":{"partner":"vrouter","vrouter":{"interfaces":[{"ipAddresses":["10.0.0.1/30"],`+
			`"bgpConnections":[{"peerAsn":64512,"localIpAddress":"10.0.0.1","peerIpAddress":"10.0.0.2","password":"pw"}]}]}}}}]}`),
		http.StatusCreated))[0])
	v := object(t, vxc["vxc"])
	assert.NotContains(t, v, "aEndPartnerConfig", "partner configurations are never answered")
	a := object(t, v["aEnd"])
	assert.EqualValues(t, 10, a["vlan"])
	assert.EqualValues(t, 20, a["innerVlan"])
	assert.Equal(t, "m", a["productName"])
	for _, k := range []string{"productUid", "ownerUid", "locationId", "location", "productType"} {
		assert.Contains(t, a, k, "aEnd")
	}
	b := object(t, v["bEnd"])
	assert.Equal(t, true, b["untagged"])
	assert.NotContains(t, b, "vlan", "an untagged end has no VLAN")
	assert.Equal(t, "METRO", v["distanceBand"])
	csp := object(t, array(t, v["cspConnections"])[0])
	assert.Equal(t, "VROUTER", csp["connectType"])
	assert.Equal(t, []any{"10.0.0.1/30"}, csp["ipAddresses"])

	key := object(t, rawData(t, sb.call(http.MethodPost, "/v3/service-keys",
		`{"productUid":"`+port+`","description":"d","maxSpeed":100,"singleUse":true,"active":true,"vlan":300,`+
			`"validFor":{"startTime":"2025-01-01T00:00:00Z","endTime":"2030-01-01T00:00:00Z"}}`), http.StatusCreated))
	for _, k := range []string{"key", "productUid", "productId", "description", "maxSpeed", "singleUse", "active", "vlan",
		"preApproved", "validFor", "companyUid", "companyId", "createDate", "expired", "valid", "vxcCount"} {
		assert.Contains(t, key, k, "service key")
	}
	assert.Equal(t, map[string]any{"startTime": "2025-01-01T00:00:00Z", "endTime": "2030-01-01T00:00:00Z"}, key["validFor"])
}

// TestContractRawJSONLock: the lock operations answer the product,
// enveloped, with "locked".
func TestContractRawJSONLock(t *testing.T) {
	sb := start(t)
	port := sb.order(portItem())[0]
	p := object(t, rawData(t, sb.call(http.MethodPost, "/v3/products/"+port.ProductUID+"/lock", nil), http.StatusOK))
	assert.Equal(t, true, p["locked"])
	assert.Equal(t, port.ProductUID, p["productUid"])
	p = object(t, rawData(t, sb.call(http.MethodDelete, "/v3/products/"+port.ProductUID+"/lock", nil), http.StatusOK))
	assert.Equal(t, false, p["locked"])
}
