// Command pulumi-resource-netfab is the Pulumi resource provider of the
// netfab package: the netfab Terraform provider, bridged.
package main

import (
	"github.com/iacsuite/providers/bridge/internal/serve"
	"github.com/iacsuite/providers/bridge/netfab"
)

func main() { serve.Main(netfab.Spec) }
