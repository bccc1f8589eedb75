// Command pulumi-tfgen-fwmgr writes the Pulumi schema and bridge metadata
// of the fwmgr package: pulumi-tfgen-fwmgr schema --out fwmgr.
package main

import (
	"github.com/iacsuite/providers/bridge/fwmgr"
	"github.com/iacsuite/providers/bridge/internal/tfgenmain"
)

func main() { tfgenmain.Main(fwmgr.Spec) }
