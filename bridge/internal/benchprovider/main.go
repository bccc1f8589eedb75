// Command benchprovider is pulumi-resource-netfab with a CPU profile, for
// `make bench-profile` (docs/performance.md): it serves the bridged netfab
// provider as the real binary does, prints its port for
// PULUMI_DEBUG_PROVIDERS, and writes the profile to the file named by its
// first argument when it receives SIGTERM or SIGINT.
package main

import (
	"fmt"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"

	"github.com/iacsuite/providers/bridge/internal/serve"
	"github.com/iacsuite/providers/bridge/netfab"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: benchprovider PROFILE")
		os.Exit(2)
	}
	f, err := os.Create(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	go func() {
		<-stop
		pprof.StopCPUProfile()
		f.Close()
		os.Exit(0)
	}()
	os.Args = os.Args[:1]
	serve.Main(netfab.Spec)
}
