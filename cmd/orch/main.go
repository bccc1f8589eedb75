// Command orch bootstraps, reports, upgrades and destroys sandbox
// orchestration controllers (see internal/orchcli): the binary that the
// orch_controller resource's orch_binary names.
package main

import "github.com/iacsuite/providers/internal/orchcli"

// version is set at build time with -ldflags "-X main.version=...".
var version string

func main() {
	if version != "" {
		orchcli.Version = version
	}
	orchcli.Main()
}
