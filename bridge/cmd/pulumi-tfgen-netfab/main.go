// Command pulumi-tfgen-netfab writes the Pulumi schema and bridge metadata
// of the netfab package: pulumi-tfgen-netfab schema --out netfab.
package main

import (
	"github.com/iacsuite/providers/bridge/internal/tfgenmain"
	"github.com/iacsuite/providers/bridge/netfab"
)

func main() { tfgenmain.Main(netfab.Spec) }
