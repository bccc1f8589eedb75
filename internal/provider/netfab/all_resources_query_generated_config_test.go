package netfab

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/workflowtest"
)

// Every list resource adopts objects made outside Terraform as Terraform
// 1.14+ users do it: the objects are made through the API, a list block
// finds them, `terraform query -generate-config-out` writes their
// configuration and import blocks, which plan only imports, apply, and plan
// empty; each result's resource equals the read after import
// (internal/workflowtest). A list resource without a case fails the test.
func TestAccQueryGeneratedConfig(t *testing.T) {
	accPreCheck(t)
	workflowtest.TestQueries(t, workflowtest.Provider{Name: "netfab", New: New("test"), Config: providerConfig()}, queryCases)
}

var queryCases = map[string]workflowtest.QueryCase{
	"netfab_lag_port": {
		Objects: func(t *testing.T) (string, int) {
			name := queryName(t, "lag")
			loc := locationWith(t, offersPort(10000))
			lag := func(count int64) netfabapi.OrderItem {
				return netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: name, LocationID: loc, PortSpeed: 10000,
					ContractTermMonths: 12, MarketplaceVisibility: new(false), LAG: &netfabapi.LAGOrder{LagCount: count}}
			}
			// A plain port of the same name is not a LAG: not listed.
			dsOrder(t, lag(2), lag(1), netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: name,
				LocationID: loc, PortSpeed: 10000, ContractTermMonths: 1})
			return fmt.Sprintf("product_name = %q\nlocation_id = %d", name, loc), 2
		},
	},
	"netfab_mve": {
		Objects: func(t *testing.T) (string, int) {
			name := queryName(t, "mve")
			loc := locationWith(t, offersMVE)
			img := mveImage(t, "meraki", "")
			require.EqualValues(t, importMVEImage, img.ID, "the query case's Add names the catalogue's Meraki image")
			mve := func(vnics ...string) netfabapi.OrderItem {
				it := netfabapi.OrderItem{ProductType: netfabapi.ProductTypeMVE, ProductName: name, LocationID: loc, ContractTermMonths: 12,
					MVE: &netfabapi.MVEConfig{ImageID: img.ID, Size: "SMALL", VendorConfig: &netfabapi.MVEVendorConfig{Vendor: "meraki", Token: "vmx-token-1"}}}
				for _, d := range vnics {
					it.MVE.VNICs = append(it.MVE.VNICs, netfabapi.MVEVNIC{Description: d})
				}
				return it
			}
			dsOrder(t, mve("WAN", "LAN"), mve())
			return fmt.Sprintf("product_name = %q", name), 2
		},
		// The service never answers vendor_config: the user adds it.
		Add:     fmt.Sprintf(`vendor_config = { vendor = "meraki", image_id = %d, product_size = "SMALL", token = "vmx-token-1" }`, importMVEImage),
		Records: "vendor_config",
	},
	"netfab_vxc": {
		Objects: func(t *testing.T) (string, int) {
			name := queryName(t, "vxc")
			loc := locationWith(t, offersPort(1000))
			port := netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: name + "-port", LocationID: loc, PortSpeed: 1000, ContractTermMonths: 1}
			ps := dsOrder(t, port, port)
			vxc := func(vlan int64) netfabapi.OrderItem {
				return netfabapi.OrderItem{ProductType: netfabapi.ProductTypeVXC, ProductName: name, ContractTermMonths: 12,
					ResourceTags: map[string]string{"team": "net"},
					VXC:          &netfabapi.VXCConfig{AEndProductUID: ps[0].ProductUID, AEndVLAN: vlan, BEndProductUID: ps[1].ProductUID, BEndInnerVLAN: 30, RateLimit: 100}}
			}
			dsOrder(t, vxc(100), vxc(-1))
			return fmt.Sprintf("product_name = %q", name), 2
		},
	},
	"netfab_service_key": {
		Objects: func(t *testing.T) (string, int) {
			port := dsOrder(t, netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: queryName(t, "key-port"),
				LocationID: locationWith(t, offersPort(1000)), PortSpeed: 1000, ContractTermMonths: 1})[0]
			for _, k := range []netfabapi.ServiceKeyRequest{
				{ProductUID: port.ProductUID, Description: "multi", MaxSpeed: 500, Active: true},
				{ProductUID: port.ProductUID, MaxSpeed: 100, SingleUse: true, Active: false, VLAN: 100,
					ValidFor: &netfabapi.ServiceKeyValidFor{StartTime: "2025-01-01T00:00:00Z", EndTime: "2099-01-01T00:00:00Z"}},
			} {
				_, err := api.CreateServiceKey(context.Background(), k)
				require.NoError(t, err)
			}
			return fmt.Sprintf("product_uid = %q", port.ProductUID), 2
		},
	},
	"netfab_port": {
		Objects: func(t *testing.T) (string, int) {
			name := queryName(t, "port")
			loc := locationWith(t, offersPort(10000))
			dsOrder(t, queryPort(name, loc), netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: name,
				LocationID: loc, PortSpeed: 1000, ContractTermMonths: 1, MarketplaceVisibility: new(true)})
			return fmt.Sprintf("product_name = %q\nlocation_id = %d", name, loc), 2
		},
	},
	"netfab_mcr": {
		Objects: func(t *testing.T) (string, int) {
			name := queryName(t, "mcr")
			ps := dsOrder(t, queryMCR(t, name), queryMCR(t, name))
			// The first has a prefix filter list: Read reads them into
			// the MCR's prefix_filter_lists.
			_, err := api.CreateMCRPrefixFilterList(context.Background(), ps[0].ProductUID, queryPrefixList("customer routes"))
			require.NoError(t, err)
			return fmt.Sprintf("product_name = %q", name), 2
		},
	},
	"netfab_ix": {
		Objects: func(t *testing.T) (string, int) {
			name := queryName(t, "ix")
			loc, exchanges := ixLocation(t)
			port := dsOrder(t, queryPort(name+"-port", loc))[0]
			dsOrder(t, queryIX(name, port.ProductUID, exchanges[0], 100), queryIX(name, port.ProductUID, exchanges[0], 101))
			return fmt.Sprintf("product_name = %q", name), 2
		},
	},
	"netfab_nat_gateway": {
		Objects: func(t *testing.T) (string, int) {
			name := queryName(t, "nat")
			dsOrder(t, queryNAT(t, name), queryNAT(t, name))
			return fmt.Sprintf("product_name = %q\nprovisioning_status = \"LIVE\"", name), 2
		},
	},
	"netfab_mcr_prefix_filter_list": {
		Objects: func(t *testing.T) (string, int) {
			mcr := dsOrder(t, queryMCR(t, queryName(t, "mcr")))[0].ProductUID
			for _, d := range []string{"customer routes", "default only"} {
				_, err := api.CreateMCRPrefixFilterList(context.Background(), mcr, queryPrefixList(d))
				require.NoError(t, err)
			}
			return fmt.Sprintf("mcr_id = %q", mcr), 2
		},
		Volatile: []string{"last_updated"},
	},
	"netfab_mcr_ipsec_addon": {
		Objects: func(t *testing.T) (string, int) {
			mcr := dsOrder(t, queryMCR(t, queryName(t, "mcr")))[0].ProductUID
			_, err := api.CreateIPsecAddOn(context.Background(), mcr, 20)
			require.NoError(t, err)
			// An MCR has at most one add-on.
			return fmt.Sprintf("mcr_id = %q", mcr), 1
		},
	},
	"netfab_nat_gateway_packet_filter": {
		Objects: func(t *testing.T) (string, int) {
			nat := dsOrder(t, queryNAT(t, queryName(t, "nat")))[0].ProductUID
			for _, f := range []netfabapi.PacketFilter{
				{Description: "egress", Entries: []netfabapi.PacketFilterEntry{
					{Action: "permit", Description: "web", SourceAddress: "10.0.0.0/8", DestinationAddress: "0.0.0.0/0", DestinationPorts: "80,443", IPProtocol: 6},
					{Action: "deny", SourceAddress: "10.0.0.0/8", DestinationAddress: "192.0.2.0/24"},
				}},
				{Description: "ingress", Entries: []netfabapi.PacketFilterEntry{{Action: "deny", SourceAddress: "0.0.0.0/0", DestinationAddress: "10.0.0.0/8"}}},
			} {
				_, err := api.CreateNATPacketFilter(context.Background(), nat, f)
				require.NoError(t, err)
			}
			return fmt.Sprintf("nat_gateway_product_uid = %q", nat), 2
		},
	},
	"netfab_nat_gateway_prefix_list": {
		Objects: func(t *testing.T) (string, int) {
			nat := dsOrder(t, queryNAT(t, queryName(t, "nat")))[0].ProductUID
			for _, d := range []string{"customer routes", "default only"} {
				_, err := api.CreateNATPrefixList(context.Background(), nat, queryPrefixList(d))
				require.NoError(t, err)
			}
			return fmt.Sprintf("nat_gateway_product_uid = %q", nat), 2
		},
	},
}

// Order items of the query tests, with the optional settings users set.
