// Command pulumi-resource-fwmgr is the Pulumi resource provider of the
// fwmgr package: the fwmgr Terraform provider, bridged.
package main

import (
	"github.com/iacsuite/providers/bridge/fwmgr"
	"github.com/iacsuite/providers/bridge/internal/serve"
)

func main() { serve.Main(fwmgr.Spec) }
