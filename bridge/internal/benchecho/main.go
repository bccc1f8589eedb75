// Command benchecho is the floor of benchmark P3 (docs/performance.md), a
// yardstick that is never released: the netfab provider's schema with no
// behaviour, bridged by the same bridge, mapping and Pulumi schema as
// pulumi-resource-netfab and served the same way, so that the same Pulumi
// program runs against it. Its resources do no I/O: they store their plan
// with the computed values filled in (echo.go). `pulumi up` of n ports
// against it is what the Pulumi engine, the language host, the bridge and
// the framework cost; what the real provider takes beyond it is ours
// (provider, client, service).
//
// The benchmark installs it as the netfab plugin of the same version into a
// PULUMI_HOME of its own.
package main

import (
	"github.com/hashicorp/terraform-plugin-framework/provider"

	"github.com/iacsuite/providers/bridge/internal/serve"
	"github.com/iacsuite/providers/bridge/netfab"
	tfnetfab "github.com/iacsuite/providers/internal/provider/netfab"
)

func main() {
	spec := netfab.Spec
	spec.New = func(version string) func() provider.Provider { return echo(tfnetfab.New(version)) }
	serve.Main(spec)
}
