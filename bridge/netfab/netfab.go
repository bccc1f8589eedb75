// Package netfab maps the netfab Terraform provider to the Pulumi package
// netfab. Tokens are computed: netfab_mcr is netfab:index/mcr:Mcr and the
// data source netfab_mcrs is netfab:index/getMcrs:getMcrs.
package netfab

import (
	_ "embed" // schema.json and bridge-metadata.json

	"github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tfbridge"

	"github.com/iacsuite/providers/bridge/internal/bridgeinfo"
	"github.com/iacsuite/providers/bridge/internal/version"
	tfnetfab "github.com/iacsuite/providers/internal/provider/netfab"
)

//go:embed schema.json
var schema []byte

//go:embed bridge-metadata.json
var metadata []byte

// Spec is the mapping of the netfab provider.
var Spec = bridgeinfo.Spec{
	Name:        "netfab",
	DisplayName: "netfab",
	Description: "A Pulumi package for ordering and managing network-connectivity products: " +
		"locations, ports, cloud routers (MCR), IPsec add-ons, prefix filter lists, " +
		"internet-exchange connections and NAT gateways.",
	Keywords: []string{"network", "connectivity", "category/network"},
	New:      tfnetfab.New,
	ConfigEnv: map[string][]string{
		"accept_purchase_terms": {"NETFAB_ACCEPT_PURCHASE_TERMS"},
		"access_key":            {"NETFAB_ACCESS_KEY"},
		"secret_key":            {"NETFAB_SECRET_KEY"},
	},
	Metadata:  metadata,
	Schema:    schema,
	Customize: customize,
}

// DeleteBeforeReplace lists the resources that the service refuses to hold
// twice at once, so that a replacement must delete the old one before it
// creates the new one (Pulumi creates first unless told otherwise; Terraform
// deletes first). The sandbox's rules decide: an IX holds its VLAN on the
// requested port or edge until it is cancelled, so a new IX on the same
// port and VLAN is refused while the old one exists, and so does a VXC on
// each of its ends (and a single-use service key); an MCR holds at most
// one IPsec add-on. Ports, MCRs, NAT gateways and their prefix lists and
// packet filters have no such rule (names need not be unique), so they keep
// Pulumi's create-first replacement, which keeps them serving meanwhile.
var DeleteBeforeReplace = []string{"netfab_ix", "netfab_mcr_ipsec_addon", "netfab_vxc"}

// WaitTimeDefault is the provider's wait_time when it is not set, in
// minutes: a real default, stated as the Pulumi default.
const WaitTimeDefault = 10

// customize names the element type of getMves' list after an MVE (the
// bridge's singular of "mves" would be "mfe"), makes the replacements that
// the service forbids side by side delete first, and states the provider's
// wait_time default. (Replacing inputs and resource defaults come from the
// Terraform schema: see bridgeinfo.Facts.)
func customize(info *tfbridge.ProviderInfo) {
	name := "getMvesMve"
	info.DataSources["netfab_mves"].Fields = map[string]*tfbridge.SchemaInfo{
		"mves": {Elem: &tfbridge.SchemaInfo{Elem: &tfbridge.SchemaInfo{TypeName: &name}}},
	}
	for _, tf := range DeleteBeforeReplace {
		info.Resources[tf].DeleteBeforeReplace = true
	}
	if info.Config["wait_time"] == nil {
		info.Config["wait_time"] = &tfbridge.SchemaInfo{}
	}
	info.Config["wait_time"].Default = &tfbridge.DefaultInfo{Value: WaitTimeDefault}
}

// Provider is the bridge's ProviderInfo of the netfab package.
func Provider() tfbridge.ProviderInfo { return Spec.Info(version.Version) }

// Schema is the committed Pulumi package schema.
func Schema() []byte { return schema }
