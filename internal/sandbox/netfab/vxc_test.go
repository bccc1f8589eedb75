package netfab

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

// partnerOf returns the first open partner port of a connect type (and
// zone, when given).
func (sb *sandbox) partnerOf(connectType, zone string) api.PartnerPort {
	sb.t.Helper()
	for _, p := range sb.partnerPorts() {
		if p.ConnectType == connectType && p.VXCPermitted && (zone == "" || p.DiversityZone == zone) {
			return p
		}
	}
	sb.t.Fatalf("no open %s partner port in zone %q", connectType, zone)
	return api.PartnerPort{}
}

func withVXC(it api.OrderItem, f func(*api.VXCConfig)) api.OrderItem {
	c := *it.VXC
	f(&c)
	it.VXC = &c
	return it
}

func partnerVXC(a, b string, rate int64, pc *api.PartnerConfig) api.OrderItem {
	return withVXC(vxcItem(a, b, rate), func(c *api.VXCConfig) { c.BEndPartnerConfig = pc })
}

var (
	awsVIF = &api.PartnerConfig{Partner: "aws", AWS: &api.AWSConfig{ConnectType: "AWS", Type: "private", OwnerAccount: "123456789012", Name: "vif", ASN: 64550, AmazonASN: 64551, AuthKey: "secret-bgp-key"}}
	awsHC  = &api.PartnerConfig{Partner: "aws", AWS: &api.AWSConfig{ConnectType: "AWSHC", OwnerAccount: "123456789012", Name: "hc"}}
	azure  = &api.PartnerConfig{Partner: "azure", Azure: &api.AzureConfig{ServiceKey: "1b2329a5-56dc-45d0-8a0d-87b706297777", PortChoice: "primary"}}
	google = &api.PartnerConfig{Partner: "google", Google: &api.GoogleConfig{PairingKey: "7e51371e-72a3-40b5-b844-2e3efefaee59/australia-southeast1/2"}}
	oracle = &api.PartnerConfig{Partner: "oracle", Oracle: &api.OracleConfig{VirtualCircuitID: "ocid1.virtualcircuit.oc1.ap-sydney-1.abcdefghijklmnopqrstuvwxyz0123456789"}}
	ibm    = &api.PartnerConfig{Partner: "ibm", IBM: &api.IBMConfig{AccountID: "0123456789abcdef0123456789abcdef", CustomerASN: 64999, Name: "link"}}
)

func TestVXCPartnerKinds(t *testing.T) {
	sb := start(t, func(c *Config) { c.ProvisioningDelay = 0 })
	mcr := sb.order(mcrItem())[0].ProductUID

	t.Run("AWS hosted VIF", func(t *testing.T) {
		v := sb.order(partnerVXC(mcr, sb.partnerOf("AWS", "").ProductUID, 1000, awsVIF))[0]
		require.Len(t, v.VXC.CSPConnections, 1)
		c := v.VXC.CSPConnections[0]
		assert.Equal(t, "AWS", c.ConnectType)
		assert.Equal(t, "private", c.Type)
		assert.NotEmpty(t, c.VIFID)
		assert.Nil(t, v.VXC.BEndPartnerConfig, "partner configurations are never answered")
		assert.NotContains(t, string(sb.call(http.MethodGet, "/v3/products/"+v.ProductUID, nil).body), "secret-bgp-key")
	})
	t.Run("AWS hosted connection", func(t *testing.T) {
		hc := sb.partnerOf("AWSHC", "").ProductUID
		sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{partnerVXC(mcr, hc, 150, awsHC)}}).invalid("rateLimit", "50, 100, 200")
		v := sb.order(partnerVXC(mcr, hc, 500, awsHC))[0]
		assert.NotEmpty(t, v.VXC.CSPConnections[0].ConnectionID)
		bad := *awsHC.AWS
		// The configuration's connect type decides, on any AWS port: a hosted
		// connection on a port the lookup of AWS finds keeps AWS's speeds.
		sb.order(partnerVXC(mcr, hc, 150, awsVIF))
		sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{partnerVXC(mcr, sb.partnerOf("AWS", "").ProductUID, 150, awsHC)}}).invalid("rateLimit", "50, 100, 200")
		bad.Type, bad.ConnectType = "", "AWSX"
		sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{partnerVXC(mcr, hc, 500, &api.PartnerConfig{Partner: "aws", AWS: &bad})}}).invalid("bEndPartnerConfig.aws.connectType", "AWS (a hosted virtual interface) or AWSHC")
	})
	t.Run("Azure by service key picks primary or secondary", func(t *testing.T) {
		v := sb.order(partnerVXC(mcr, "", 200, azure))[0]
		assert.Equal(t, "red", portZone(sb, v.VXC.BEndProductUID))
		sec := *azure.Azure
		sec.PortChoice = "secondary"
		v2 := sb.order(partnerVXC(mcr, "", 200, &api.PartnerConfig{Partner: "azure", Azure: &sec}))[0]
		assert.Equal(t, "blue", portZone(sb, v2.VXC.BEndProductUID))
		assert.Equal(t, "AZURE", v2.VXC.BEnd.ProductType[:0]+v2.VXC.CSPConnections[0].ConnectType)
		bad := *azure.Azure
		bad.ServiceKey = "not-a-key"
		sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{partnerVXC(mcr, "", 200, &api.PartnerConfig{Partner: "azure", Azure: &bad})}}).invalid("bEndPartnerConfig.azure.serviceKey", "UUID")
	})
	t.Run("Google by pairing key", func(t *testing.T) {
		v := sb.order(partnerVXC(mcr, "", 1000, google))[0]
		assert.Equal(t, "blue", portZone(sb, v.VXC.BEndProductUID), "edge domain 2")
		assert.Equal(t, google.Google.PairingKey, v.VXC.CSPConnections[0].PairingKey)
		sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{partnerVXC(mcr, "", 150, google)}}).invalid("rateLimit", "Google")
	})
	t.Run("Oracle, IBM, transit", func(t *testing.T) {
		sb.order(partnerVXC(mcr, sb.partnerOf("ORACLE", "").ProductUID, 1000, oracle))
		// Without a B end, the virtual circuit's port: the red zone's.
		picked := sb.order(partnerVXC(mcr, "", 1000, oracle))[0]
		assert.Equal(t, "red", portZone(sb, picked.VXC.BEndProductUID))
		assert.Equal(t, "ORACLE", picked.VXC.CSPConnections[0].ConnectType)
		sb.order(partnerVXC(mcr, sb.partnerOf("IBM", "").ProductUID, 1000, ibm))
		tr := sb.order(partnerVXC(mcr, sb.partnerOf("TRANSIT", "").ProductUID, 1000, &api.PartnerConfig{Partner: "transit"}))[0]
		assert.NotEmpty(t, tr.VXC.CSPConnections[0].IPv4GatewayAddress)
		badIBM := *ibm.IBM
		badIBM.CustomerASN = 64500
		sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{partnerVXC(mcr, sb.partnerOf("IBM", "").ProductUID, 1000, &api.PartnerConfig{Partner: "ibm", IBM: &badIBM})}}).invalid("bEndPartnerConfig.ibm.customerAsn", "64999")
	})
	t.Run("a configuration that does not fit the port", func(t *testing.T) {
		aws := sb.partnerOf("AWS", "").ProductUID
		sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{partnerVXC(mcr, aws, 1000, oracle)}}).invalid("bEndPartnerConfig.partner", "does not fit")
		sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{partnerVXC(mcr, aws, 1000, nil)}}).invalid("bEndPartnerConfig", "required")
		mixed := &api.PartnerConfig{Partner: "aws", AWS: awsVIF.AWS, Google: google.Google}
		sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{partnerVXC(mcr, aws, 1000, mixed)}}).invalid("bEndPartnerConfig.google", "applies to partner google only")
	})
}

func portZone(sb *sandbox, uid string) string {
	for _, p := range sb.partnerPorts() {
		if p.ProductUID == uid {
			return p.DiversityZone
		}
	}
	sb.t.Fatalf("no partner port %s", uid)
	return ""
}

func TestVXCVLANs(t *testing.T) {
	sb := start(t, func(c *Config) { c.ProvisioningDelay = 0 })
	ps := sb.order(portItem(), portItem(), mcrItem())
	a, b, mcr := ps[0].ProductUID, ps[1].ProductUID, ps[2].ProductUID
	orderErr := func(it api.OrderItem) *response {
		return sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{it}})
	}

	v := sb.order(withVXC(vxcItem(a, b, 100), func(c *api.VXCConfig) {
		c.AEndVLAN, c.AEndInnerVLAN, c.BEndVLAN, c.BEndInnerVLAN = 100, 300, 101, 301
	}))[0]
	assert.EqualValues(t, 100, v.VXC.AEnd.VLAN)
	assert.EqualValues(t, 300, v.VXC.AEnd.InnerVLAN)
	assert.Equal(t, "port-1", v.VXC.AEnd.ProductName)
	assert.Equal(t, "METRO", v.VXC.DistanceBand)
	orderErr(withVXC(vxcItem(a, b, 100), func(c *api.VXCConfig) { c.AEndVLAN = 100 })).invalid("aEndVlan", "already used")

	// Untagged: once per port, without an inner VLAN, never on an MCR.
	u := sb.order(withVXC(vxcItem(a, b, 100), func(c *api.VXCConfig) { c.AEndVLAN = -1 }))[0]
	assert.True(t, u.VXC.AEnd.Untagged)
	assert.Zero(t, u.VXC.AEnd.VLAN)
	orderErr(withVXC(vxcItem(a, b, 100), func(c *api.VXCConfig) { c.AEndVLAN = -1 })).invalid("aEndVlan", "already used")
	orderErr(withVXC(vxcItem(b, a, 100), func(c *api.VXCConfig) { c.AEndVLAN, c.AEndInnerVLAN = -1, 5 })).invalid("aEndInnerVlan", "untagged")
	orderErr(withVXC(vxcItem(mcr, a, 100), func(c *api.VXCConfig) { c.AEndVLAN = -1 })).invalid("aEndVlan", "port end only")
	orderErr(withVXC(vxcItem(a, b, 100), func(c *api.VXCConfig) { c.AEndVLAN = 4094 })).invalid("aEndVlan", "between 2 and 4093")
	orderErr(withVXC(vxcItem(a, b, 100), func(c *api.VXCConfig) { c.AEndVNICIndex = new(int64) })).invalid("aEndVnicIndex", "MVE ends only")

	// Auto-assigned: the lowest free VLAN.
	auto := sb.order(vxcItem(mcr, a, 100))[0]
	assert.EqualValues(t, 2, auto.VXC.AEndVLAN)
}

func TestVXCUpdateInPlace(t *testing.T) {
	sb := start(t, func(c *Config) { c.ProvisioningDelay = 0 })
	ps := sb.order(portItem(), portItem(), mcrItem())
	a, b, mcr := ps[0].ProductUID, ps[1].ProductUID, ps[2].ProductUID
	other := sb.order(withVXC(vxcItem(a, b, 100), func(c *api.VXCConfig) { c.AEndVLAN = 200 }))[0]
	v := sb.order(vxcItem(a, b, 100))[0]
	put := func(u api.VXCUpdate) *response {
		return sb.call(http.MethodPut, "/v3/products/"+v.ProductUID, api.ProductUpdate{VXC: &u})
	}
	var got api.Product
	put(api.VXCUpdate{RateLimit: ptr(int64(700)), AEndVLAN: ptr(int64(300)), BEndInnerVLAN: ptr(int64(44)), Shutdown: ptr(true)}).ok(http.StatusOK, &got)
	assert.EqualValues(t, 700, got.VXC.RateLimit)
	assert.EqualValues(t, 300, got.VXC.AEnd.VLAN)
	assert.EqualValues(t, 44, got.VXC.BEnd.InnerVLAN)
	assert.True(t, got.VXC.Shutdown)
	assert.Equal(t, v.ProductUID, got.ProductUID)
	put(api.VXCUpdate{AEndVLAN: ptr(int64(200))}).invalid("aEndVlan", other.ProductUID)
	put(api.VXCUpdate{RateLimit: ptr(int64(20000))}).invalid("rateLimit", "slower end")
	sb.call(http.MethodPut, "/v3/products/"+v.ProductUID, `{"vxc":{"bEndProductUid":"`+mcr+`"}}`).invalid("bEndProductUid", "unknown or immutable")

	// A cloud's configuration changes only by a new VXC; the MCR's own vrouter in place.
	aws := sb.order(partnerVXC(mcr, sb.partnerOf("AWS", "").ProductUID, 1000, awsVIF))[0]
	sb.call(http.MethodPut, "/v3/products/"+aws.ProductUID, api.ProductUpdate{VXC: &api.VXCUpdate{BEndPartnerConfig: awsVIF}}).invalid("bEndPartnerConfig", "new VXC")
	vr := &api.PartnerConfig{Partner: "vrouter", VRouter: &api.VRouterConfig{Interfaces: []api.VRouterInterface{{
		IPAddresses:    []string{"10.0.0.1/30"},
		BFD:            &api.BFD{TxInterval: 300, RxInterval: 300, Multiplier: 3},
		BGPConnections: []api.BGPConnection{{PeerASN: 64512, LocalIPAddress: "10.0.0.1", PeerIPAddress: "10.0.0.2", BFDEnabled: true}},
		IPRoutes:       []api.IPRoute{{Prefix: "10.10.0.0/16", NextHop: "10.0.0.2"}},
	}}}}
	sb.call(http.MethodPut, "/v3/products/"+aws.ProductUID, api.ProductUpdate{VXC: &api.VXCUpdate{AEndPartnerConfig: vr}}).ok(http.StatusOK, &got)
	require.Len(t, got.VXC.CSPConnections, 2)
	assert.Equal(t, "VROUTER", got.VXC.CSPConnections[0].ConnectType)
	assert.Equal(t, []string{"10.0.0.1/30"}, got.VXC.CSPConnections[0].IPAddresses)
}

func TestVXCVRouterRules(t *testing.T) {
	sb := start(t, func(c *Config) { c.ProvisioningDelay = 0 })
	ps := sb.order(mcrItem(), natItem(), portItem(), portItem())
	mcr, nat, port, port2 := ps[0].ProductUID, ps[1].ProductUID, ps[2].ProductUID, ps[3].ProductUID
	vr := func(in api.VRouterInterface) *api.PartnerConfig {
		return &api.PartnerConfig{Partner: "vrouter", VRouter: &api.VRouterConfig{Interfaces: []api.VRouterInterface{in}}}
	}
	aEnd := func(a string, pc *api.PartnerConfig) *response {
		it := withVXC(vxcItem(a, port, 100), func(c *api.VXCConfig) { c.AEndPartnerConfig = pc })
		return sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{it}})
	}
	bgp := func(b api.BGPConnection) api.VRouterInterface {
		return api.VRouterInterface{IPAddresses: []string{"10.0.0.1/30"}, BGPConnections: []api.BGPConnection{b}}
	}
	ok := api.BGPConnection{PeerASN: 64512, LocalIPAddress: "10.0.0.1", PeerIPAddress: "10.0.0.2"}
	with := func(f func(*api.BGPConnection)) api.BGPConnection { b := ok; f(&b); return b }

	aEnd(mcr, vr(bgp(ok))).ok(http.StatusCreated, nil)
	sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{withVXC(vxcItem(port2, port, 100), func(c *api.VXCConfig) { c.AEndPartnerConfig = vr(bgp(ok)) })}}).
		invalid("aEndPartnerConfig.partner", "vrouter applies to an MCR or NAT gateway end")
	aEnd(mcr, vr(bgp(with(func(b *api.BGPConnection) { b.PeerIPAddress = "10.9.0.2" })))).invalid("aEndPartnerConfig.vrouter.interfaces[0].bgpConnections[0].peerIpAddress", "subnet")
	aEnd(mcr, vr(bgp(with(func(b *api.BGPConnection) { b.LocalIPAddress = "10.0.0.1/30" })))).invalid("aEndPartnerConfig.vrouter.interfaces[0].bgpConnections[0].localIpAddress", "without a prefix length")
	aEnd(mcr, vr(bgp(with(func(b *api.BGPConnection) { b.ASPathPrependCount = 11 })))).invalid("aEndPartnerConfig.vrouter.interfaces[0].bgpConnections[0].asPathPrependCount", "0 and 10")
	aEnd(mcr, vr(bgp(with(func(b *api.BGPConnection) { b.BFDEnabled = true })))).invalid("aEndPartnerConfig.vrouter.interfaces[0].bgpConnections[0].bfdEnabled", "bfd")
	aEnd(mcr, vr(bgp(with(func(b *api.BGPConnection) { b.ImportWhitelist = "no-such-list" })))).invalid("aEndPartnerConfig.vrouter.interfaces[0].bgpConnections[0].importWhitelist", "no prefix filter list")
	aEnd(mcr, vr(api.VRouterInterface{BFD: &api.BFD{TxInterval: 100, RxInterval: 300, Multiplier: 3}})).invalid("aEndPartnerConfig.vrouter.interfaces[0].bfd.txInterval", "300 and 9000")
	aEnd(mcr, vr(api.VRouterInterface{IPRoutes: []api.IPRoute{{Prefix: "10.1.0.0/8", NextHop: "10.0.0.2"}}})).invalid("aEndPartnerConfig.vrouter.interfaces[0].ipRoutes[0].prefix", "network-address")
	aEnd(mcr, vr(api.VRouterInterface{PacketFilterIn: 1})).invalid("aEndPartnerConfig.vrouter.interfaces[0].packetFilterIn", "NAT gateway end only")
	aEnd(nat, vr(api.VRouterInterface{PacketFilterIn: 99})).invalid("aEndPartnerConfig.vrouter.interfaces[0].packetFilterIn", "no packet filter 99")
	aEnd(mcr, vr(api.VRouterInterface{InterfaceType: "ipSecTunnel", IPsecTunnel: &api.IPsecTunnelOptions{SourceIPAddress: "10.0.0.1", DestinationIPAddress: "203.0.113.1", PreSharedKey: "k"}})).invalid("aEndPartnerConfig.vrouter.interfaces[0].ipSecTunnel", "no IPsec add-on")

	// A prefix filter list of the MCR is named by its description.
	sb.call(http.MethodPost, "/v3/products/mcr/"+mcr+"/prefix-lists", api.PrefixList{Description: "allowed", AddressFamily: "IPv4",
		Entries: []api.PrefixEntry{{Action: "permit", Prefix: "10.0.0.0/8"}}}).ok(http.StatusCreated, nil)
	aEnd(mcr, vr(bgp(with(func(b *api.BGPConnection) { b.ImportWhitelist = "allowed" })))).ok(http.StatusCreated, nil)
}

func TestServiceKeys(t *testing.T) {
	sb := start(t, func(c *Config) { c.ProvisioningDelay = 0 })
	port := sb.order(portItem())[0]
	other := sb.tokenOf(OtherAccessKey, OtherSecretKey)
	var theirs []api.Product
	sb.callAs(other, http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{portItem()}}).ok(http.StatusCreated, &theirs)
	theirPort := theirs[0].ProductUID

	var multi, single api.ServiceKey
	sb.call(http.MethodPost, "/v3/service-keys", api.ServiceKeyRequest{ProductUID: port.ProductUID, Description: "multi", MaxSpeed: 500, Active: true}).ok(http.StatusCreated, &multi)
	assert.True(t, multi.Valid)
	assert.NotEmpty(t, multi.Key)
	assert.NotEmpty(t, multi.ValidFor.StartTime)
	sb.call(http.MethodPost, "/v3/service-keys", api.ServiceKeyRequest{ProductUID: port.ProductUID, MaxSpeed: 100, SingleUse: true, Active: true, VLAN: 100}).ok(http.StatusCreated, &single)

	for _, c := range []struct {
		req         api.ServiceKeyRequest
		field, want string
	}{
		{api.ServiceKeyRequest{ProductUID: port.ProductUID, MaxSpeed: 100, SingleUse: true, Active: true}, "vlan", "required for a single-use key"},
		{api.ServiceKeyRequest{ProductUID: port.ProductUID, MaxSpeed: 100, Active: true, VLAN: 5}, "vlan", "single-use keys only"},
		{api.ServiceKeyRequest{ProductUID: port.ProductUID, MaxSpeed: 20000, Active: true}, "maxSpeed", "port's speed"},
		{api.ServiceKeyRequest{ProductUID: theirPort, MaxSpeed: 100, Active: true}, "productUid", "does not exist"},
		{api.ServiceKeyRequest{ProductUID: port.ProductUID, MaxSpeed: 100, Active: true, ValidFor: &api.ServiceKeyValidFor{StartTime: "2025-05-01T00:00:00Z", EndTime: "2025-04-01T00:00:00Z"}}, "validFor.endTime", "after"},
	} {
		sb.call(http.MethodPost, "/v3/service-keys", c.req).invalid(c.field, c.want)
	}

	// The other company orders VXCs to our port with the keys.
	orderAs := func(it api.OrderItem) *response {
		return sb.callAs(other, http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{it}})
	}
	keyVXC := func(key string, rate int64) api.OrderItem {
		return withVXC(vxcItem(theirPort, "", rate), func(c *api.VXCConfig) { c.ServiceKey = key })
	}
	orderAs(keyVXC(multi.Key, 600)).invalid("rateLimit", "maximum speed of the service key")
	var got []api.Product
	orderAs(keyVXC(multi.Key, 500)).ok(http.StatusCreated, &got)
	assert.Equal(t, port.ProductUID, got[0].VXC.BEndProductUID)
	orderAs(keyVXC(multi.Key, 500)).ok(http.StatusCreated, nil)
	orderAs(keyVXC(single.Key, 100)).ok(http.StatusCreated, &got)
	assert.EqualValues(t, 100, got[0].VXC.BEndVLAN, "the single-use key's VLAN")
	orderAs(keyVXC(single.Key, 100)).invalid("serviceKey", "single-use and has been used")
	orderAs(keyVXC("9d3c0d59-0000-4000-8000-000000000000", 100)).invalid("serviceKey", "does not exist")

	var k api.ServiceKey
	sb.call(http.MethodGet, "/v3/service-keys/"+multi.Key, nil).ok(http.StatusOK, &k)
	assert.EqualValues(t, 2, k.VXCCount)
	assert.NotEmpty(t, k.LastUsed)
	sb.call(http.MethodGet, "/v3/service-keys/"+single.Key, nil).ok(http.StatusOK, &k)
	assert.False(t, k.Valid, "a used single-use key")

	// Deactivated, or outside its window, a key is refused.
	sb.call(http.MethodPut, "/v3/service-keys/"+multi.Key, api.ServiceKeyUpdate{Active: ptr(false)}).ok(http.StatusOK, &k)
	assert.False(t, k.Active)
	orderAs(keyVXC(multi.Key, 100)).invalid("serviceKey", "not active")
	sb.call(http.MethodPut, "/v3/service-keys/"+multi.Key, api.ServiceKeyUpdate{Active: ptr(true), ValidFor: &api.ServiceKeyValidFor{EndTime: "2025-01-01T00:00:00Z"}}).ok(http.StatusOK, &k)
	assert.True(t, k.Expired)
	orderAs(keyVXC(multi.Key, 100)).invalid("serviceKey", "expired")
	sb.call(http.MethodPut, "/v3/service-keys/"+multi.Key, `{"maxSpeed": 5}`).invalid("maxSpeed", "unknown or immutable")

	// A key is its company's: the other sees none of ours.
	sb.callAs(other, http.MethodGet, "/v3/service-keys/"+multi.Key, nil).fails(http.StatusNotFound, api.CodeNotFound)
	var list []api.ServiceKey
	sb.callAs(other, http.MethodGet, "/v3/service-keys", nil).ok(http.StatusOK, &list)
	assert.Empty(t, list)
	sb.call(http.MethodGet, "/v3/service-keys?productUid="+port.ProductUID, nil).ok(http.StatusOK, &list)
	assert.Len(t, list, 2)

	// Our port has their VXCs on it now: it cannot be cancelled.
	sb.call(http.MethodDelete, "/v3/products/"+port.ProductUID, nil).fails(http.StatusConflict, api.CodeConflict)
	sb.call(http.MethodDelete, "/v3/service-keys/"+multi.Key, nil).ok(http.StatusNoContent, nil)
	sb.call(http.MethodGet, "/v3/service-keys/"+multi.Key, nil).fails(http.StatusNotFound, api.CodeNotFound)
}
