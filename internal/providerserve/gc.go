package providerserve

import (
	"os"
	"runtime/debug"
)

// gcPercent is the garbage collector's target (GOGC) of the provider
// binaries when the user sets none. A provider process lives for one
// Terraform or Pulumi operation, and almost all it allocates is the
// short-lived values of one RPC: with Go's default of 100 the collector took
// a quarter of the provider's CPU in the 500-resource apply of bench P2.
// 200 collects half as often for a few more megabytes of peak memory
// (docs/performance.md).
const gcPercent = 200

// TuneGC sets gcPercent unless GOGC is set, which then wins as it always
// does in Go programs.
func TuneGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(gcPercent)
	}
}
