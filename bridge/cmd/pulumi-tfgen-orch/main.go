// Command pulumi-tfgen-orch writes the Pulumi schema and bridge metadata
// of the orch package: pulumi-tfgen-orch schema --out orch.
package main

import (
	"github.com/iacsuite/providers/bridge/internal/tfgenmain"
	"github.com/iacsuite/providers/bridge/orch"
)

func main() { tfgenmain.Main(orch.Spec) }
