package orch

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	sandbox "github.com/iacsuite/providers/internal/sandbox/orch"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Acceptance tests run the real terraform binary (TF_ACC=1,
// TF_ACC_TERRAFORM_PATH) against one orch controller sandbox served in this
// process and shared by all tests, which run in parallel, each in models of
// its own.

// testAdminPassword is the sandbox admin's password: distinctive, so that a
// copy in logs or state would be found.
const testAdminPassword = "orch-test-pw-4c1d9e7b"

var (
	// controllerAddress is host:port of the shared sandbox.
	controllerAddress string
	// api talks to the shared sandbox directly, to check what Terraform did
	// and to change things behind its back.
	orchAPI *client.Client
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

var protoV6ProviderFactories = acctest.ProviderFactories("orch", New("test"))

func TestMain(m *testing.M) {
	acctest.ServePluginIfAsked("orch", New("test"))
	tb, cleanup := sandboxtest.ForMain()
	controllerAddress, orchAPI = startController(tb, 0, nil)
	slowAddress, slowAPI = startController(tb, time.Hour, slowClock.Now)
	clockedAddress, clockedAPI = startController(tb, time.Hour, clock.Now)
	startHub(tb)
	// The provider reads its credentials from the environment, as users
	// commonly configure it.
	os.Setenv(EnvUsername, "admin")
	os.Setenv(EnvPassword, testAdminPassword)
	os.Setenv(EnvControllerAddresses, controllerAddress)
	code := m.Run()
	// Every create of the controller commits the request's Idempotency-Key
	// with the object it makes, so that a crash right after the commit
	// cannot lead the provider's retry to make it twice; the tests above
	// send every create with a key, as the provider does.
	if late := httpx.CreatesRememberedLate(); len(late) > 0 {
		fmt.Fprintf(os.Stderr, "controller creates whose Idempotency-Key was remembered after their commit, not with it (httpx.RememberInTx): %s\n", strings.Join(late, ", "))
		code = max(code, 1)
	}
	cleanup()
	removeOrchCLI()
	os.Exit(code)
}

// startController serves a fresh controller sandbox with its own store and
// returns its address and a client of its API.
func startController(t sandboxtest.TB, delay time.Duration, now func() time.Time) (string, *client.Client) {
	base := acctest.StartSandbox(t, "orch", func(st *store.Store) (http.Handler, error) {
		return sandbox.New(sandbox.Config{Store: st, AdminPassword: testAdminPassword, ProvisioningDelay: delay, Now: now,
			RemoteControllerAllowed: offeringControllerAllowed})
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("sandbox address: %v", err)
	}
	c, err := client.New(client.Config{Addresses: []string{u.Host}, Username: "admin", Password: testAdminPassword})
	if err != nil {
		t.Fatalf("client: %v", err)
	}
	return u.Host, c
}

func accPreCheck(t *testing.T) { acctest.PreCheck(t) }

// uniqueName gives each test its own names, so tests sharing the sandbox
// cannot see each other's objects.
func uniqueName(t *testing.T, suffix string) string {
	n := strings.ToLower(strings.NewReplacer("/", "-", "_", "-").Replace(t.Name()))
	n = strings.TrimPrefix(n, "testacc")
	if suffix != "" {
		n += "-" + suffix
	}
	if len(n) > 60 {
		n = n[len(n)-60:]
		n = strings.TrimLeft(n, "-")
	}
	return n
}

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

// stateAttr reads an attribute of a resource in state.
func stateAttr(s *terraform.State, address, attr string) (string, error) {
	rs, ok := s.RootModule().Resources[address]
	if !ok {
		return "", fmt.Errorf("%s not in state", address)
	}
	v, ok := rs.Primary.Attributes[attr]
	if !ok {
		return "", fmt.Errorf("%s has no attribute %s", address, attr)
	}
	return v, nil
}

// importID returns a function that builds an import identifier from state.
func importID(address string, attrs ...string) func(*terraform.State) (string, error) {
	return func(s *terraform.State) (string, error) {
		parts := make([]string, len(attrs))
		for i, a := range attrs {
			v, err := stateAttr(s, address, a)
			if err != nil {
				return "", err
			}
			parts[i] = v
		}
		return strings.Join(parts, ":"), nil
	}
}
