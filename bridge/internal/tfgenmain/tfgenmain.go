// Package tfgenmain is the main function of every pulumi-tfgen-<p> program:
// `pulumi-tfgen-<p> schema --out DIR` writes schema.json and
// bridge-metadata.json. (SDKs come from cmd/sdkgen.)
package tfgenmain

import (
	"fmt"
	"os"

	pftfgen "github.com/pulumi/pulumi-terraform-bridge/v3/pkg/pf/tfgen"

	"github.com/iacsuite/providers/bridge/internal/bridgeinfo"
	"github.com/iacsuite/providers/bridge/internal/version"
)

// Main runs the bridge's tfgen command line for spec.
func Main(spec bridgeinfo.Spec) {
	dir, err := os.MkdirTemp("", "pulumi-tfgen-docs-")
	if err == nil {
		info, genErr := spec.GenInfo(version.Version, dir)
		if err = genErr; err == nil {
			pftfgen.Main(spec.Name, info)
		}
		_ = os.RemoveAll(dir)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "pulumi-tfgen-"+spec.Name+":", err)
		os.Exit(1)
	}
}
