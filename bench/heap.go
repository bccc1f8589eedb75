package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strings"
	"sync"
	"time"
)

// heapWatch samples this process's runtime/metrics every 50 ms while the
// provider served in process works, and keeps the heap profile taken when
// the live heap was largest: what the provider's memory is made of at its
// peak (make bench-profile).
type heapWatch struct {
	mu         sync.Mutex
	peak       heapSample
	profile    []byte
	goroutines []byte // the goroutine profile at the peak (debug=1 text)
	stop       func()
}

// heapSample is the memory of the Go runtime at one moment, in bytes.
type heapSample struct {
	live, objects, unused, free, released, stacks, runtime, total uint64
	goroutines                                                    int
}

var heapMetrics = []string{
	"/gc/heap/live:bytes",
	"/memory/classes/heap/objects:bytes",
	"/memory/classes/heap/unused:bytes",
	"/memory/classes/heap/free:bytes",
	"/memory/classes/heap/released:bytes",
	"/memory/classes/heap/stacks:bytes",
	"/memory/classes/metadata/other:bytes",
	"/memory/classes/total:bytes",
}

func readHeap() heapSample {
	s := make([]metrics.Sample, len(heapMetrics))
	for i, name := range heapMetrics {
		s[i].Name = name
	}
	metrics.Read(s)
	v := func(i int) uint64 {
		if s[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return s[i].Value.Uint64()
	}
	return heapSample{live: v(0), objects: v(1), unused: v(2), free: v(3), released: v(4), stacks: v(5), runtime: v(6), total: v(7),
		goroutines: runtime.NumGoroutine()}
}

func watchHeap(ctx context.Context) *heapWatch {
	ctx, cancel := context.WithCancel(ctx)
	w := &heapWatch{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		for {
			s := readHeap()
			if s.objects+s.unused > w.peak.objects+w.peak.unused {
				var b, g bytes.Buffer
				_ = pprof.Lookup("heap").WriteTo(&b, 0)
				_ = pprof.Lookup("goroutine").WriteTo(&g, 1)
				w.mu.Lock()
				w.peak, w.profile, w.goroutines = s, b.Bytes(), g.Bytes()
				w.mu.Unlock()
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	w.stop = func() { cancel(); <-done }
	return w
}

// write stops the watch, writes the peak's heap profile to path and returns
// a line describing the peak.
func (w *heapWatch) write(path string) (string, error) {
	w.stop()
	w.mu.Lock()
	defer w.mu.Unlock()
	mb := func(v uint64) string { return fmt.Sprintf("%.1fMB", float64(v)/(1<<20)) }
	p := w.peak
	line := fmt.Sprintf("peak Go heap (in-use objects + unused spans): objects %s (live at the last GC %s), unused %s, free %s, "+
		"stacks %s, runtime metadata %s; total mapped by the runtime %s (released %s); %d goroutines",
		mb(p.objects), mb(p.live), mb(p.unused), mb(p.free), mb(p.stacks), mb(p.runtime), mb(p.total), mb(p.released), p.goroutines)
	if err := os.WriteFile(strings.TrimSuffix(path, ".pprof")+".goroutines.txt", w.goroutines, 0o644); err != nil {
		return line, err
	}
	return line, os.WriteFile(path, w.profile, 0o644)
}
