// Package serve is the main function of every pulumi-resource-<p> program.
package serve

import (
	"context"
	"os"

	pfbridge "github.com/pulumi/pulumi-terraform-bridge/v3/pkg/pf/tfbridge"
	"github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tfbridge"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/cmdutil"
	rprovider "github.com/pulumi/pulumi/sdk/v3/go/pulumi/provider"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"github.com/iacsuite/providers/bridge/internal/bridgeinfo"
	"github.com/iacsuite/providers/bridge/internal/version"
	"github.com/iacsuite/providers/internal/providerserve"
)

// Main serves the bridged provider of spec over gRPC to the Pulumi engine,
// with the committed schema; a package with ImportInputs gets them applied
// to the inputs of every import.
func Main(spec bridgeinfo.Spec) {
	providerserve.TuneGC()
	ctx := context.Background()
	info := providerInfo(spec)
	meta := pfbridge.ProviderMetadata{PackageSchema: spec.Schema}
	if len(spec.ImportInputs) == 0 || hasInfoFlag(os.Args[1:]) {
		// pfbridge.Main also answers -version and -get-provider-info.
		pfbridge.Main(ctx, spec.Name, info, meta)
		return
	}
	edits := ImportEdits{Edits: map[string]func(resource.PropertyMap){}}
	for tf, edit := range spec.ImportInputs {
		if r := info.Resources[tf]; r != nil {
			edits.Edits[string(r.Tok)] = edit
		}
	}
	err := rprovider.Main(spec.Name, func(host *rprovider.HostClient) (pulumirpc.ResourceProviderServer, error) {
		srv, err := pfbridge.NewProviderServer(ctx, host, info, meta)
		if err != nil {
			return nil, err
		}
		edits.ResourceProviderServer = srv
		return edits, nil
	})
	if err != nil {
		cmdutil.ExitError(err.Error())
	}
}

// providerInfo is the ProviderInfo the program serves: the spec's, with the
// framework's server wrapped so that it does not keep every RPC's context
// (release.go).
func providerInfo(spec bridgeinfo.Spec) tfbridge.ProviderInfo {
	info := spec.Info(version.Version)
	info.P = ReleasingShim(info.P)
	return info
}

func hasInfoFlag(args []string) bool {
	for _, a := range args {
		switch a {
		case "-version", "--version", "-get-provider-info", "--get-provider-info", "-help", "--help", "-h":
			return true
		}
	}
	return false
}

// ImportEdits serves a provider, with Edits (by resource token) applied to
// the inputs that a Read without prior state (an import) returns.
type ImportEdits struct {
	pulumirpc.ResourceProviderServer
	Edits map[string]func(resource.PropertyMap)
}

var propertyOptions = plugin.MarshalOptions{
	KeepUnknowns: true, KeepSecrets: true, KeepResources: true, KeepOutputValues: true,
}

// Read edits the inputs of an import.
func (s ImportEdits) Read(ctx context.Context, req *pulumirpc.ReadRequest) (*pulumirpc.ReadResponse, error) {
	resp, err := s.ResourceProviderServer.Read(ctx, req)
	if err != nil || resp == nil || resp.GetInputs() == nil || len(req.GetProperties().GetFields()) > 0 {
		return resp, err
	}
	edit := s.Edits[string(resource.URN(req.GetUrn()).Type())]
	if edit == nil {
		return resp, nil
	}
	inputs, err := plugin.UnmarshalProperties(resp.GetInputs(), propertyOptions)
	if err != nil {
		return nil, err
	}
	edit(inputs)
	if resp.Inputs, err = plugin.MarshalProperties(inputs, propertyOptions); err != nil {
		return nil, err
	}
	return resp, nil
}
