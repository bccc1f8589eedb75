// Command pulumi-tfgen-cloudnative writes the Pulumi schema and bridge
// metadata of the cloudnative package: pulumi-tfgen-cloudnative schema --out
// cloudnative.
package main

import (
	"github.com/iacsuite/providers/bridge/cloudnative"
	"github.com/iacsuite/providers/bridge/internal/tfgenmain"
)

func main() { tfgenmain.Main(cloudnative.Spec) }
