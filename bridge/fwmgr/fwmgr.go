// Package fwmgr maps the fwmgr Terraform provider to the Pulumi package
// fwmgr. Tokens are computed: the data source fwmgr_os_show_bgp_peers is
// fwmgr:index/getOsShowBgpPeers:getOsShowBgpPeers.
package fwmgr

import (
	_ "embed" // schema.json and bridge-metadata.json

	"github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tfbridge"

	"github.com/iacsuite/providers/bridge/internal/bridgeinfo"
	"github.com/iacsuite/providers/bridge/internal/version"
	tffwmgr "github.com/iacsuite/providers/internal/provider/fwmgr"
)

//go:embed schema.json
var schema []byte

//go:embed bridge-metadata.json
var metadata []byte

// Spec is the mapping of the fwmgr provider.
var Spec = bridgeinfo.Spec{
	Name:        "fwmgr",
	DisplayName: "fwmgr",
	Description: "A Pulumi package for reading the configuration and state of a firewall operating system " +
		"through its OS API: interfaces, BGP, PIM, IS-IS, IGMP, BOOTP relay, clusters, connections, " +
		"diagnostics, dynamic layers, features and IP conflicts.",
	Keywords:  []string{"firewall", "network", "security", "category/network"},
	New:       tffwmgr.New,
	ConfigEnv: configEnv(),
	Metadata:  metadata,
	Schema:    schema,
}

// configEnv declares the environment variable of every setting.
func configEnv() map[string][]string {
	m := map[string][]string{}
	for setting, v := range tffwmgr.SettingEnvVars() {
		m[setting] = []string{v}
	}
	return m
}

// Provider is the bridge's ProviderInfo of the fwmgr package.
func Provider() tfbridge.ProviderInfo { return Spec.Info(version.Version) }

// Schema is the committed Pulumi package schema.
func Schema() []byte { return schema }
