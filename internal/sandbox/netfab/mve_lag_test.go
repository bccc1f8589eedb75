package netfab

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

const rsaKey = "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 test@example.com"

// mveOf is an MVE item of the image and size with a vendor configuration.
func mveOf(image int64, size string, vc *api.MVEVendorConfig, vnics ...string) api.OrderItem {
	it := api.OrderItem{ProductType: api.ProductTypeMVE, ProductName: "mve", LocationID: 1, ContractTermMonths: 1,
		MVE: &api.MVEConfig{ImageID: image, Size: size, VendorConfig: vc}}
	for _, d := range vnics {
		it.MVE.VNICs = append(it.MVE.VNICs, api.MVEVNIC{Description: d})
	}
	return it
}

func TestMVEVendorConfigurations(t *testing.T) {
	sb := start(t)
	yes, no := true, false
	cases := []struct {
		name    string
		item    api.OrderItem
		vendor  string
		vnics   int
		vnicsIn []string
	}{
		{"aruba", mveOf(9, "SMALL", &api.MVEVendorConfig{Vendor: "aruba", AccountName: "acct", AccountKey: "key", SystemTag: "tag", MVELabel: "MVE 2/8"}, "Data Plane", "Control Plane"), "ARUBA", 2, []string{"Data Plane", "Control Plane"}},
		{"vendor in any case", mveOf(9, "SMALL", &api.MVEVendorConfig{Vendor: "aRuBa", AccountName: "acct", AccountKey: "key", SystemTag: "tag"}), "ARUBA", 1, nil},
		{"cisco autonomous", mveOf(2, "SMALL", &api.MVEVendorConfig{Vendor: "cisco", SSHPublicKey: rsaKey}), "CISCO", 1, nil},
		{"cisco SD-WAN", mveOf(2, "SMALL", &api.MVEVendorConfig{Vendor: "cisco", CloudInit: "I2Nsb3VkLWNvbmZpZwo="}), "CISCO", 1, nil},
		{"cisco firewall locally managed", mveOf(14, "MEDIUM", &api.MVEVendorConfig{Vendor: "cisco", AdminPassword: "s3cret-pass", ManageLocally: &yes}, "a", "b", "c", "d"), "CISCO", 4, nil},
		{"cisco firewall with a management centre", mveOf(14, "MEDIUM", &api.MVEVendorConfig{Vendor: "cisco", AdminPassword: "s3cret-pass", ManageLocally: &no, FMCIPAddress: "fmc.example.com", FMCRegistrationKey: "reg", FMCNatID: "nat"}), "CISCO", 4, nil},
		{"fortinet", mveOf(4, "SMALL", &api.MVEVendorConfig{Vendor: "fortinet", SSHPublicKey: rsaKey, LicenseData: "bGljZW5zZQ=="}), "FORTINET", 1, nil},
		{"palo alto", mveOf(8, "MEDIUM", &api.MVEVendorConfig{Vendor: "palo_alto", SSHPublicKey: rsaKey, AdminPasswordHash: "$5$2833ea35$Pdyc6dKE8N/UBRge3QWDJJyotG3I59pxLJWVmcSQDdC"}), "PALO_ALTO", 2, nil},
		{"versa", mveOf(11, "SMALL", &api.MVEVendorConfig{Vendor: "versa", DirectorAddress: "director1.versa.com", ControllerAddress: "10.0.0.1", LocalAuth: "l", RemoteAuth: "r", SerialNumber: "sn"}), "VERSA", 1, nil},
		{"vmware", mveOf(24, "SMALL", &api.MVEVendorConfig{Vendor: "vmware", VcoAddress: "vco.example.com", VcoActivationCode: "code", SSHPublicKey: rsaKey}), "VMWARE", 1, nil},
		{"6wind", mveOf(16, "SMALL", &api.MVEVendorConfig{Vendor: "6wind", SSHPublicKey: rsaKey}, "ens4", "ens5", "ens6", "ens7", "ens8"), "6WIND", 5, nil},
		{"meraki", mveOf(18, "SMALL", &api.MVEVendorConfig{Vendor: "meraki", Token: "tok"}), "MERAKI", 1, nil},
		{"aviatrix", mveOf(70, "SMALL", &api.MVEVendorConfig{Vendor: "aviatrix", CloudInit: "I2Nsb3VkLWNvbmZpZwo="}), "AVIATRIX", 1, nil},
		{"prisma", mveOf(19, "SMALL", &api.MVEVendorConfig{Vendor: "prisma", IONKey: "ion", SecretKey: "sec"}), "PRISMA", 1, nil},
		{"juniper takes none", mveOf(13, "LARGE", nil), "JUNIPER", 1, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := sb.order(tc.item)[0]
			require.NotNil(t, p.MVE)
			require.Equal(t, tc.vendor, p.MVE.Vendor)
			require.Len(t, p.MVE.VNICs, tc.vnics)
			for i, n := range p.MVE.VNICs {
				require.EqualValues(t, i+1, n.VLAN, "vNIC %d", i)
				if tc.vnicsIn != nil {
					require.Equal(t, tc.vnicsIn[i], n.Description)
				}
			}
			// The configuration holds secrets: it is never answered.
			require.NotContains(t, string(sb.call(http.MethodGet, "/v3/products/"+p.ProductUID, nil).body), "vendorConfig")
		})
	}
}

func TestMVEVendorConfigurationRefusals(t *testing.T) {
	sb := start(t)
	yes, no := true, false
	aruba := func(f func(*api.MVEVendorConfig)) api.OrderItem {
		vc := &api.MVEVendorConfig{Vendor: "aruba", AccountName: "acct", AccountKey: "key", SystemTag: "tag"}
		f(vc)
		return mveOf(9, "SMALL", vc)
	}
	cases := []struct {
		name        string
		item        api.OrderItem
		field, want string
	}{
		{"unknown vendor", aruba(func(vc *api.MVEVendorConfig) { vc.Vendor = "acme" }), "vendorConfig.vendor", "must be one of 6wind, aruba, aviatrix, cisco, fortinet, meraki, palo_alto, prisma, versa, vmware"},
		{"vendor of another image", aruba(func(vc *api.MVEVendorConfig) { vc.Vendor = "cisco" }), "vendorConfig.vendor", "image 9 (Aruba EdgeConnect SD-WAN) is of vendor aruba, not cisco"},
		{"vendor missing", aruba(func(vc *api.MVEVendorConfig) { vc.Vendor = "" }), "vendorConfig.vendor", "required"},
		{"required field", aruba(func(vc *api.MVEVendorConfig) { vc.AccountKey = "" }), "vendorConfig.accountKey", "required for aruba images"},
		{"field of another vendor", aruba(func(vc *api.MVEVendorConfig) { vc.Token = "t" }), "vendorConfig.token", "does not apply to aruba images"},
		{"ed25519 key", mveOf(16, "SMALL", &api.MVEVendorConfig{Vendor: "6wind", SSHPublicKey: "ssh-ed25519 AAAAC3Nza x@y"}), "vendorConfig.sshPublicKey", "ed25519 and other key types are not supported"},
		{"password hash", mveOf(8, "MEDIUM", &api.MVEVendorConfig{Vendor: "palo_alto", SSHPublicKey: rsaKey, AdminPasswordHash: "plain"}), "vendorConfig.adminPasswordHash", "sha256crypt"},
		{"palo alto vNICs", mveOf(8, "MEDIUM", &api.MVEVendorConfig{Vendor: "palo_alto", SSHPublicKey: rsaKey, AdminPasswordHash: "$5$s$h"}, "only one"), "vnics", "has 2 to 5 vNICs, got 1"},
		{"six vNICs", mveOf(16, "SMALL", &api.MVEVendorConfig{Vendor: "6wind", SSHPublicKey: rsaKey}, "1", "2", "3", "4", "5", "6"), "vnics", "has 1 to 5 vNICs, got 6"},
		{"vNIC VLAN", with(mveOf(16, "SMALL", &api.MVEVendorConfig{Vendor: "6wind", SSHPublicKey: rsaKey}), func(i *api.OrderItem) { i.MVE.VNICs = []api.MVEVNIC{{VLAN: 7}} }), "vnics[0].vlan", "assigned by the service"},
		{"cisco both modes", mveOf(2, "SMALL", &api.MVEVendorConfig{Vendor: "cisco", SSHPublicKey: rsaKey, CloudInit: "eA=="}), "vendorConfig.sshPublicKey", "exactly one of sshPublicKey (autonomous mode) and cloudInit (SD-WAN mode)"},
		{"cisco no mode", mveOf(2, "SMALL", &api.MVEVendorConfig{Vendor: "cisco"}), "vendorConfig.sshPublicKey", "exactly one of"},
		{"cloud init not base64", mveOf(70, "SMALL", &api.MVEVendorConfig{Vendor: "aviatrix", CloudInit: "#cloud-config"}), "vendorConfig.cloudInit", "Base64"},
		{"firewall password short", mveOf(14, "MEDIUM", &api.MVEVendorConfig{Vendor: "cisco", AdminPassword: "short", ManageLocally: &yes}), "vendorConfig.adminPassword", "9 to 100 characters"},
		{"firewall without its centre", mveOf(14, "MEDIUM", &api.MVEVendorConfig{Vendor: "cisco", AdminPassword: "long-enough", ManageLocally: &no}), "vendorConfig.fmcIpAddress", "required when manageLocally is false"},
		{"firewall locally with a centre", mveOf(14, "MEDIUM", &api.MVEVendorConfig{Vendor: "cisco", AdminPassword: "long-enough", ManageLocally: &yes, FMCIPAddress: "10.0.0.1"}), "vendorConfig.fmcIpAddress", "does not apply when manageLocally is true"},
		{"firewall vNICs", mveOf(14, "MEDIUM", &api.MVEVendorConfig{Vendor: "cisco", AdminPassword: "long-enough", ManageLocally: &yes}, "a", "b"), "vnics", "has 4 to 5 vNICs, got 2"},
		{"versa address", mveOf(11, "SMALL", &api.MVEVendorConfig{Vendor: "versa", DirectorAddress: "not an address", ControllerAddress: "c.example", LocalAuth: "l", RemoteAuth: "r", SerialNumber: "s"}), "vendorConfig.directorAddress", "fully qualified domain name or an IP address"},
		{"juniper with a configuration", mveOf(13, "LARGE", &api.MVEVendorConfig{Vendor: "juniper"}), "vendorConfig", "takes no vendor configuration"},
		{"size of image", mveOf(8, "SMALL", &api.MVEVendorConfig{Vendor: "palo_alto"}), "size", "must be one of MEDIUM, LARGE, X_LARGE_12 for image 8"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{tc.item}}).invalid(tc.field, tc.want)
		})
	}
}

func TestMVEUpdateKeepsItsConfiguration(t *testing.T) {
	sb := start(t)
	p := sb.order(mveOf(16, "SMALL", &api.MVEVendorConfig{Vendor: "6wind", SSHPublicKey: rsaKey}, "ens4", "ens5"))[0]
	name, term := "renamed", int64(12)
	var got api.Product
	sb.call(http.MethodPut, "/v3/products/"+p.ProductUID, api.ProductUpdate{ProductName: &name, ContractTermMonths: &term}).ok(http.StatusOK, &got)
	require.Equal(t, p.MVE, got.MVE)
	require.Equal(t, "renamed", got.ProductName)
	// What an MVE boots with does not change in place.
	sb.call(http.MethodPut, "/v3/products/"+p.ProductUID, `{"mve":{"size":"LARGE"}}`).invalid("mve", "")
	sb.call(http.MethodPut, "/v3/products/"+p.ProductUID, `{"vnics":[]}`).invalid("vnics", "")
}

func lagItem(count int64) api.OrderItem {
	return api.OrderItem{ProductType: api.ProductTypePort, ProductName: "lag", LocationID: 1, PortSpeed: 10000,
		ContractTermMonths: 12, LAG: &api.LAGOrder{LagCount: count}}
}

func TestLAGPort(t *testing.T) {
	sb := start(t)
	var priced []api.OrderValidation
	sb.call(http.MethodPost, "/v3/orders/validate", api.OrderRequest{Items: []api.OrderItem{lagItem(3)}}).ok(http.StatusOK, &priced)
	require.InDelta(t, 3*1100*0.9, priced[0].MonthlyRate, 0.001, "a LAG costs its member ports")

	p := sb.order(lagItem(3))[0]
	require.Equal(t, api.ProductTypePort, p.ProductType)
	require.True(t, p.LagPrimary)
	require.Positive(t, p.LagID)
	require.NotNil(t, p.LAG)
	require.EqualValues(t, 3, p.LAG.LagCount)
	require.Len(t, p.LAG.LagPortUIDs, 3)
	require.Equal(t, p.ProductUID, p.LAG.LagPortUIDs[0])
	require.NotEmpty(t, p.LAG.Interface.Demarcation)
	require.Zero(t, p.LAG.Interface.Up, "not LIVE yet")
	sb.clock.Advance(2 * delay)
	live := sb.product(p.ProductUID)
	require.Equal(t, api.StatusLive, live.ProvisioningStatus)
	require.EqualValues(t, 1, live.LAG.Interface.Up)

	second := sb.order(lagItem(1))[0]
	require.Greater(t, second.LagID, p.LagID, "each LAG has its own ID")
	plain := sb.order(portItem())[0]
	require.Nil(t, plain.LAG)
	require.False(t, plain.LagPrimary)

	// A LAG is a port: listed, changed and cancelled as one.
	var ports []api.Product
	sb.call(http.MethodGet, "/v3/products?productType=PORT", nil).ok(http.StatusOK, &ports)
	require.Len(t, ports, 3)
	term := int64(24)
	var got api.Product
	sb.call(http.MethodPut, "/v3/products/"+p.ProductUID, api.ProductUpdate{ContractTermMonths: &term}).ok(http.StatusOK, &got)
	require.Equal(t, live.LAG, got.LAG)
	sb.call(http.MethodPut, "/v3/products/"+p.ProductUID, `{"lag":{"lagCount":4}}`).invalid("lag", "")
	// A cross-connect rides on a LAG as on any port.
	vxc := sb.order(vxcItem(p.ProductUID, plain.ProductUID, 100))[0]
	require.Equal(t, p.ProductUID, vxc.VXC.AEndProductUID)
	sb.call(http.MethodDelete, "/v3/products/"+p.ProductUID, nil).fails(http.StatusConflict, api.CodeConflict)
	sb.call(http.MethodDelete, "/v3/products/"+vxc.ProductUID, nil).ok(http.StatusOK, nil)
	sb.call(http.MethodDelete, "/v3/products/"+p.ProductUID, nil).ok(http.StatusOK, nil)
}

func TestLAGPortRefusals(t *testing.T) {
	sb := start(t)
	cases := []struct {
		name        string
		item        api.OrderItem
		field, want string
	}{
		{"no members", lagItem(0), "lagCount", "between 1 and 8"},
		{"too many members", lagItem(9), "lagCount", "between 1 and 8"},
		{"1G members", with(lagItem(2), func(i *api.OrderItem) { i.PortSpeed = 1000 }), "portSpeed", "must be one of 10000, 100000, 400000"},
		{"400G nowhere", with(lagItem(2), func(i *api.OrderItem) { i.PortSpeed = 400000 }), "portSpeed", "400000 is not offered at location 1"},
		{"lag on an MCR", with(mcrItem(), func(i *api.OrderItem) { i.LAG = &api.LAGOrder{LagCount: 2} }), "lag", "applies to PORT items only"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{tc.item}}).invalid(tc.field, tc.want)
		})
	}
}

// with is base changed by f.
func with(base api.OrderItem, f func(*api.OrderItem)) api.OrderItem { f(&base); return base }

// The MVE and LAG parts of the contract in raw JSON (see contract_test.go).
func TestContractRawJSONMVEAndLAG(t *testing.T) {
	sb := start(t)
	mve := object(t, array(t, rawData(t, sb.call(http.MethodPost, "/v3/orders",
		`{"items":[{"productType":"MVE","productName":"raw-mve","locationId":1,"contractTermMonths":1,"mve":{"imageId":9,"size":"SMALL",`+
			`"vendorConfig":{"vendor":"aruba","mveLabel":"MVE 2/8","accountName":"a","accountKey":"k","systemTag":"t"},`+
			`"vnics":[{"description":"Data Plane"},{"description":"Control Plane"}]}}]}`), http.StatusCreated))[0])
	section := object(t, mve["mve"])
	assert.Equal(t, "ARUBA", section["vendor"])
	assert.EqualValues(t, 9, section["imageId"])
	assert.Equal(t, "SMALL", section["size"])
	assert.Equal(t, []any{map[string]any{"description": "Data Plane", "vlan": 1.0}, map[string]any{"description": "Control Plane", "vlan": 2.0}}, section["vnics"])
	assert.NotContains(t, section, "vendorConfig")

	lag := object(t, array(t, rawData(t, sb.call(http.MethodPost, "/v3/orders",
		`{"items":[{"productType":"PORT","productName":"raw-lag","locationId":1,"portSpeed":10000,"contractTermMonths":1,"lag":{"lagCount":2}}]}`),
		http.StatusCreated))[0])
	assert.Equal(t, true, lag["lagPrimary"])
	assert.NotZero(t, lag["lagId"])
	l := object(t, lag["lag"])
	assert.EqualValues(t, 2, l["lagCount"])
	assert.Len(t, array(t, l["lagPortUids"]), 2)
	assert.Equal(t, map[string]any{"demarcation": "Equinix SY1", "up": 0.0}, l["interface"])
}

// MVEs and LAGs as cross-connect ends: a LAG carries its member ports'
// speed together; an MVE end names one of its vNICs.
func TestMVEAndLAGAsCrossConnectEnds(t *testing.T) {
	sb := start(t)
	lag := sb.order(lagItem(3))[0]
	fast := sb.order(with(portItem(), func(i *api.OrderItem) { i.PortSpeed = 100000 }))[0]
	vxc := sb.order(vxcItem(lag.ProductUID, fast.ProductUID, 25000))[0]
	require.EqualValues(t, 25000, vxc.VXC.RateLimit, "three 10G members carry 25G")
	sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{vxcItem(lag.ProductUID, fast.ProductUID, 30001)}}).
		invalid("rateLimit", "between 1 and 30000")

	mve := sb.order(mveOf(16, "SMALL", &api.MVEVendorConfig{Vendor: "6wind", SSHPublicKey: rsaKey}, "ens4", "ens5"))[0]
	onVNIC := func(i int64) api.OrderItem {
		return with(vxcItem(mve.ProductUID, fast.ProductUID, 100), func(it *api.OrderItem) { it.VXC.AEndVNICIndex = &i })
	}
	require.Equal(t, mve.ProductUID, sb.order(onVNIC(1))[0].VXC.AEndProductUID)
	sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{onVNIC(2)}}).invalid("aEndVnicIndex", "must be below 2: MVE "+mve.ProductUID+" has 2 vNICs")
}
