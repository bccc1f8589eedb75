// Command pulumi-resource-orch is the Pulumi resource provider of the
// orch package: the orch Terraform provider, bridged.
package main

import (
	"github.com/iacsuite/providers/bridge/internal/serve"
	"github.com/iacsuite/providers/bridge/orch"
)

func main() { serve.Main(orch.Spec) }
