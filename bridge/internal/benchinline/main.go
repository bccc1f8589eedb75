// Command benchinline is the Go half of benchmark P3 (docs/performance.md):
// `pulumi up` of n netfab ports from a Go program run inline by the
// Automation API (the Go language host is not needed), the counterpart of
// the YAML program the benchmark also runs. It prints the seconds the up
// took.
//
//	benchinline -n 100 -dir DIR    (with PULUMI_HOME, PATH holding bin/, and the
//	                                provider's NETFAB_* settings in the environment)
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"

	netfabsdk "github.com/iacsuite/providers/bridge/sdk/netfab/go/netfab"
)

func main() {
	n := flag.Int("n", 100, "ports")
	dir := flag.String("dir", "", "directory of the file backend")
	environment := flag.String("environment", "", "netfab API base address")
	flag.Parse()
	d, err := up(context.Background(), *n, *dir, *environment)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchinline:", err)
		os.Exit(1)
	}
	fmt.Printf("%.3f\n", d.Seconds())
}

func up(ctx context.Context, n int, dir, environment string) (time.Duration, error) {
	program := func(ctx *pulumi.Context) error {
		for i := range n {
			if _, err := netfabsdk.NewPort(ctx, fmt.Sprintf("p%d", i), &netfabsdk.PortArgs{
				ProductName:        pulumi.Sprintf("bench-%d", i),
				PortSpeed:          pulumi.Int(10000),
				LocationId:         pulumi.Int(1),
				ContractTermMonths: pulumi.Int(12),
			}); err != nil {
				return err
			}
		}
		return nil
	}
	stack, err := auto.UpsertStackInlineSource(ctx, "bench", "bench", program,
		auto.Project(workspace.Project{
			Name:    "bench",
			Runtime: workspace.NewProjectRuntimeInfo("go", nil),
			Backend: &workspace.ProjectBackend{URL: "file://" + dir},
		}),
		auto.SecretsProvider("passphrase"),
	)
	if err != nil {
		return 0, err
	}
	if err := stack.SetConfig(ctx, "netfab:environment", auto.ConfigValue{Value: environment}); err != nil {
		return 0, err
	}
	start := time.Now()
	_, err = stack.Up(ctx, optup.ProgressStreams(io.Discard), optup.SuppressOutputs())
	return time.Since(start), err
}
