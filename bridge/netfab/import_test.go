package netfab_test

import (
	"testing"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	"github.com/iacsuite/providers/bridge/netfab"
)

// importCases: one per resource of the provider (TestImportEveryResource
// fails for a resource without one). Each creates the resource in the
// program that is then forgotten, and names the import ID of its Terraform
// docs (docs/netfab/resources/<name>.md, "Import").
var importCases = map[string]pulumitest.ImportCase{
	"netfab_port": {
		Name: "edge",
		Properties: `
			productName: imported-port
			locationId: 1
			portSpeed: 10000
			contractTermMonths: 12
			costCentre: platform
			resourceTags:
			  team: network`,
		ID: func(o pulumitest.Outputs) string { return o.S("productUid") }, // <PRODUCT_UID>
	},
	"netfab_mcr": {
		Name: "core",
		Properties: `
			productName: imported-router
			locationId: 1
			portSpeed: 5000
			contractTermMonths: 12
			asn: 64512
			resourceTags:
			  environment: import`,
		ID: func(o pulumitest.Outputs) string { return o.S("productUid") }, // <PRODUCT_UID>
	},
	"netfab_mcr_ipsec_addon": {
		Name: "vpn",
		Properties: `
			mcrId: ${core.productUid}
			tunnelCount: 10`,
		ID: func(o pulumitest.Outputs) string { return o.S("mcrId") + ":" + o.S("addOnUid") }, // <MCR_UID>:<ADD_ON_UID>
	},
	"netfab_mcr_prefix_filter_list": {
		Name: "customers",
		Properties: `
			mcrId: ${core.productUid}
			description: customer routes
			addressFamily: IPv4
			entries:
			  - action: permit
			    prefix: 10.0.0.0/8
			    ge: 16
			    le: 24
			  - action: deny
			    prefix: 0.0.0.0/0`,
		// <MCR_UID>:<PREFIX_FILTER_LIST_ID>
		ID: func(o pulumitest.Outputs) string { return o.S("mcrId") + ":" + o.S("prefixFilterListId") },
	},
	"netfab_ix": {
		Name: "peering",
		Properties: `
			productName: imported-ix
			requestedProductUid: ${edge.productUid}
			networkServiceType: Sydney IX
			asn: 64512
			macAddress: 00:11:22:aa:bb:cc
			rateLimit: 1000
			vlan: 100`,
		ID: func(o pulumitest.Outputs) string { return o.S("productUid") }, // <PRODUCT_UID>
	},
	"netfab_vxc": {
		Name: "link",
		Properties: `
			productName: imported-vxc
			rateLimit: 500
			contractTermMonths: 12
			aEnd:
			  requestedProductUid: ${edge.productUid}
			  orderedVlan: 210
			bEnd:
			  requestedProductUid: ${core.productUid}`,
		ID: func(o pulumitest.Outputs) string { return o.S("productUid") }, // <PRODUCT_UID>
	},
	"netfab_service_key": {
		Name: "handoff",
		Properties: `
			productUid: ${edge.productUid}
			description: imported key
			singleUse: true
			vlan: 220
			maxSpeed: 1000
			active: true`,
		// The key is a secret output; the resource ID is the same key.
		ID: func(o pulumitest.Outputs) string { return o.S("id") }, // <key>
	},
	"netfab_lag_port": {
		Name: "bundle",
		Properties: `
			productName: imported-lag
			locationId: 1
			portSpeed: 10000
			lagCount: 2
			contractTermMonths: 12
			marketplaceVisibility: false
			costCentre: platform`,
		ID: func(o pulumitest.Outputs) string { return o.S("productUid") }, // <PRODUCT_UID>
	},
	"netfab_mve": {
		Name: "sdwan",
		Properties: `
			productName: imported-mve
			locationId: 1
			contractTermMonths: 12
			vendorConfig:
			  vendor: meraki
			  imageId: 18
			  productSize: SMALL
			  token: vmx-token-1
			vnics:
			  - description: WAN
			  - description: LAN`,
		ID: func(o pulumitest.Outputs) string { return o.S("productUid") }, // <PRODUCT_UID>
		// The service never answers the vendor configuration.
		Records: []string{"vendorConfig"},
	},
	"netfab_nat_gateway": {
		Name: "egress",
		Properties: `
			productName: imported-nat
			locationId: 1
			diversityZone: red
			speed: 1000
			sessionCount: 50000
			contractTermMonths: 1
			promoCode: LAUNCH`,
		ID: func(o pulumitest.Outputs) string { return o.S("productUid") }, // <PRODUCT_UID>
	},
	"netfab_nat_gateway_packet_filter": {
		Name: "web",
		Properties: `
			natGatewayProductUid: ${egress.productUid}
			description: allow web, deny the rest
			entries:
			  - action: permit
			    description: https
			    sourceAddress: 10.0.0.0/8
			    destinationAddress: 0.0.0.0/0
			    destinationPorts: "443"
			    ipProtocol: 6
			  - action: deny
			    sourceAddress: 0.0.0.0/0
			    destinationAddress: 0.0.0.0/0`,
		// <NAT_GATEWAY_PRODUCT_UID>:<PACKET_FILTER_ID>
		ID: func(o pulumitest.Outputs) string {
			return o.S("natGatewayProductUid") + ":" + o.S("natGatewayPacketFilterId")
		},
	},
	"netfab_nat_gateway_prefix_list": {
		Name: "internal",
		Properties: `
			natGatewayProductUid: ${egress.productUid}
			description: internal ranges
			addressFamily: IPv4
			entries:
			  - action: permit
			    prefix: 10.0.0.0/8
			    le: 24`,
		// <NAT_GATEWAY_PRODUCT_UID>:<PREFIX_LIST_ID>
		ID: func(o pulumitest.Outputs) string {
			return o.S("natGatewayProductUid") + ":" + o.S("natGatewayPrefixListId")
		},
	},
}

// Every netfab resource imports with `pulumi import` by its Terraform import
// ID; the generated YAML is the program of the imported stack, with an
// empty preview; destroy then cancels every imported product.
func TestImportEveryResource(t *testing.T) {
	t.Parallel()
	url, api := startSandbox(t)
	cli := pulumitest.New(t, "netfab")
	suite := pulumitest.NewImportSuite(netfab.Provider(), importCases)
	suite.Configure = providerConfig(url).Apply
	suite.Run(t, cli, func() { expectNothingActive(t, api) })
}

// Every resource of the provider has an import case, checked without the
// CLI so that a new resource without one fails even where the CLI is
// missing.
func TestImportCasesCoverEveryResource(t *testing.T) {
	pulumitest.NewImportSuite(netfab.Provider(), importCases).CheckCases(t)
}
