package providerserve

import (
	"os"
	"runtime/debug"
	"testing"
)

// Not parallel: the GC target is the whole process's.
func TestTuneGC(t *testing.T) {
	before := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(before) })

	t.Setenv("GOGC", "150") // set by the user: left as it is
	TuneGC()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set, the GC target became %d; want it left at 100", got)
	}

	os.Unsetenv("GOGC") // t.Setenv restores it
	TuneGC()
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("without GOGC, the GC target is %d; want %d", got, gcPercent)
	}
}
