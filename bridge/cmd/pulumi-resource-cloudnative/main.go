// Command pulumi-resource-cloudnative is the Pulumi resource provider of the
// cloudnative package: the cloudnative Terraform provider, bridged.
package main

import (
	"github.com/iacsuite/providers/bridge/cloudnative"
	"github.com/iacsuite/providers/bridge/internal/serve"
)

func main() { serve.Main(cloudnative.Spec) }
