package orch

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
)

var (
	// controllerAddress and orchAPI are orchacc.ControllerAddress and
	// orchacc.OrchAPI, the shared controller, under the names this
	// package's tests have always used.
	controllerAddress string
	orchAPI           *client.Client
	// slowAddress is a controller whose clock stands still until its test
	// releases it: its machines and units stay pending, so applies against
	// it show that nothing waits for them.
	slowAddress string
	slowAPI     *client.Client
	slowClock   = &testClock{now: time.Now()}
	// clockedAddress is another such controller, for another test.
	clockedAddress string
	clockedAPI     *client.Client
	clock          = &testClock{now: time.Now()}
)

// testClock is a clock that stands still until released; from then on
// every reading is an hour after the last, so that everything pending on
// the controller (provisioning, removals) is done at the next look.
type testClock struct {
	mu       sync.Mutex
	now      time.Time
	released bool
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.released {
		c.now = c.now.Add(time.Hour)
	}
	return c.now
}

func (c *testClock) Release() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.released = true
}

func TestMain(m *testing.M) {
	code := orchacc.Main(m, orchacc.Options{
		New: New("test"), EnvUsername: EnvUsername, EnvPassword: EnvPassword, EnvControllerAddresses: EnvControllerAddresses,
		Setup: func(tb sandboxtest.TB) {
			controllerAddress, orchAPI = orchacc.ControllerAddress, orchacc.OrchAPI
			slowAddress, slowAPI = orchacc.StartController(tb, time.Hour, slowClock.Now)
			clockedAddress, clockedAPI = orchacc.StartController(tb, time.Hour, clock.Now)
		},
	})
	removeOrchCLI()
	os.Exit(code)
}

func accPreCheck(t *testing.T) { acctest.PreCheck(t) }

// newModel creates a model directly at the controller, for tests of
// resources that live in one, and removes it when the test ends.
func newModel(t *testing.T, c *client.Client, name string) api.Model {
	t.Helper()
	m, err := c.CreateModel(context.Background(), api.CreateModelRequest{Name: name})
	if err != nil {
		t.Fatalf("model %s: %v", name, err)
	}
	t.Cleanup(func() {
		if err := c.DestroyModel(context.Background(), m.UUID); err != nil && !client.IsNotFound(err) {
			t.Logf("removing model %s: %v", name, err)
		}
	})
	return m
}
