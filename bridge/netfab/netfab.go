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

// customize names the element type of getMves' list after an MVE: the
// bridge's singular of "mves" would be "mfe".
func customize(info *tfbridge.ProviderInfo) {
	name := "getMvesMve"
	info.DataSources["netfab_mves"].Fields = map[string]*tfbridge.SchemaInfo{
		"mves": {Elem: &tfbridge.SchemaInfo{Elem: &tfbridge.SchemaInfo{TypeName: &name}}},
	}
}

// Provider is the bridge's ProviderInfo of the netfab package.
func Provider() tfbridge.ProviderInfo { return Spec.Info(version.Version) }

// Schema is the committed Pulumi package schema.
func Schema() []byte { return schema }
