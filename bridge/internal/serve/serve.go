// Package serve is the main function of every pulumi-resource-<p> program.
package serve

import (
	"context"

	pfbridge "github.com/pulumi/pulumi-terraform-bridge/v3/pkg/pf/tfbridge"

	"github.com/iacsuite/providers/bridge/internal/bridgeinfo"
	"github.com/iacsuite/providers/bridge/internal/version"
)

// Main serves the bridged provider of spec over gRPC to the Pulumi engine,
// with the committed schema.
func Main(spec bridgeinfo.Spec) {
	pfbridge.Main(context.Background(), spec.Name, spec.Info(version.Version),
		pfbridge.ProviderMetadata{PackageSchema: spec.Schema})
}
