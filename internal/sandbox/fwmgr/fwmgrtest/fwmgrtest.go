// Package fwmgrtest starts the fwmgr device sandbox inside a test process,
// on HTTPS loopback (trusted through sandboxtest), with a clock the test
// moves, so that session expiry is tested without waiting.
package fwmgrtest

import (
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Clock is a settable clock.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// Sandbox is a running device sandbox.
type Sandbox struct {
	// URL is the base address, https://127.0.0.1:<port>.
	URL string
	// Clock drives session expiry.
	Clock *Clock
	// Device is the seeded device the sandbox answers from.
	Device *fwmgr.Device
	// StorePath is the SQLite file of the sessions.
	StorePath string
}

// Start serves a device sandbox until the test ends. configure may change the
// configuration (Store and Now are set already).
func Start(t testing.TB, configure ...func(*fwmgr.Config)) *Sandbox {
	t.Helper()
	path := filepath.Join(t.TempDir(), "fwmgr.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatalf("fwmgr sandbox store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	clock := &Clock{now: time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)}
	cfg := fwmgr.Config{Store: st, Now: clock.Now}
	for _, f := range configure {
		f(&cfg)
	}
	h, err := fwmgr.New(cfg)
	if err != nil {
		t.Fatalf("fwmgr sandbox: %v", err)
	}
	return &Sandbox{URL: sandboxtest.Serve(t, h), Clock: clock, Device: fwmgr.Seed(), StorePath: path}
}
