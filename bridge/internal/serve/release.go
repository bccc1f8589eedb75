package serve

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/pulumi/pulumi-terraform-bridge/v3/pkg/pf"
	shim "github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tfshim"

	"github.com/iacsuite/providers/internal/providerserve"
)

// The bridge serves the same terraform-plugin-framework protocol server as
// the Terraform binaries, and so has the same leak: every RPC's context
// (with the loggers the bridge puts into it) stays reachable until
// StopProvider, which the bridge never sends (docs/performance.md, items 7
// and 8). The bridge takes that server from info.P, the shim
// pfbridge.ShimProvider builds, through its Server method: wrapping the
// shim there lets the provider program serve providerserve.ReleasingServer
// without a copy of the bridge.

// schemaOnlyProvider is what pfbridge.ShimProvider returns: pf.ShimProvider
// and the optional methods the bridge looks for on info.P (list resources at
// runtime, precomputed schema fixups, and the framework provider its
// build-time checks read), so that the wrapper hides none of them.
type schemaOnlyProvider interface {
	pf.ShimProvider
	ListResourcesMap() shim.ResourceMap
	ResourceSchemaFixupsMayBePrecomputed(tfToken string) bool
	FrameworkProvider() provider.Provider
}

// ReleasingShim returns the shim p (from pfbridge.ShimProvider) with the
// framework server it hands the bridge wrapped in
// providerserve.ReleasingServer. A shim of another kind is returned
// unchanged.
func ReleasingShim(p shim.Provider) shim.Provider {
	sp, ok := p.(schemaOnlyProvider)
	if !ok {
		return p
	}
	return releasingShim{sp}
}

type releasingShim struct{ schemaOnlyProvider }

// Server is the framework's protocol 6 server, wrapped.
func (p releasingShim) Server(ctx context.Context) (tfprotov6.ProviderServer, error) {
	s, err := p.schemaOnlyProvider.Server(ctx)
	if err != nil {
		return nil, err
	}
	return providerserve.ReleasingServer(s), nil
}
