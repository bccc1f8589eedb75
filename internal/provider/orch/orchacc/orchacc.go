// Package orchacc holds what the acceptance tests of the orch provider
// (package orch) and of its hub resources (package hub) share: the shared
// sandboxes their TestMain starts, one set per test package, and the
// helpers that work with them. It cannot import the provider (the tests of
// package orch import it), so Main takes the provider and its environment
// variables from the caller.
package orchacc

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"sync"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/iacsuite/providers/internal/acctest"
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

// AdminPassword is the sandbox admin's password: distinctive, so that a
// copy in logs or state would be found.
const AdminPassword = "orch-test-pw-4c1d9e7b" //nolint:gosec // the test sandboxes' own password, no real credential

var (
	// ControllerAddress is host:port of the shared controller, "east" to
	// the hub.
	ControllerAddress string
	// OrchAPI talks to the shared controller directly, to check what
	// Terraform did and to change things behind its back.
	OrchAPI *client.Client
	// ProviderFactories serve the provider Main was given.
	ProviderFactories map[string]func() (tfprotov6.ProviderServer, error)
)

// Options is what Main needs of the test package.
type Options struct {
	// New makes the provider under test (orch.New("test")).
	New func() provider.Provider
	// EnvUsername, EnvPassword and EnvControllerAddresses are the names of
	// the provider's environment variables (orch.EnvUsername, ...).
	EnvUsername, EnvPassword, EnvControllerAddresses string
	// Setup starts what else the package's tests share, after the shared
	// controller and before the hub; it may be nil.
	Setup func(tb sandboxtest.TB)
}

// Main is the body of a test package's TestMain: it starts the shared
// controller, the package's own sandboxes (o.Setup) and the hubs
// (StartHub), runs the tests and returns the exit code, failing the run
// when a create remembered its Idempotency-Key late.
func Main(m *testing.M, o Options) int {
	acctest.ServePluginIfAsked("orch", o.New)
	ProviderFactories = acctest.ProviderFactories("orch", o.New)
	tb, cleanup := sandboxtest.ForMain()
	ControllerAddress, OrchAPI = StartController(tb, 0, nil)
	if o.Setup != nil {
		o.Setup(tb)
	}
	StartHub(tb)
	// The provider reads its credentials from the environment, as users
	// commonly configure it.
	os.Setenv(o.EnvUsername, "admin")
	os.Setenv(o.EnvPassword, AdminPassword)
	os.Setenv(o.EnvControllerAddresses, ControllerAddress)
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
	return code
}

// StartController serves a fresh controller sandbox with its own store and
// returns its address and a client of its API.
func StartController(t sandboxtest.TB, delay time.Duration, now func() time.Time) (string, *client.Client) {
	base := acctest.StartSandbox(t, "orch", func(st *store.Store) (http.Handler, error) {
		return sandbox.New(sandbox.Config{Store: st, AdminPassword: AdminPassword, ProvisioningDelay: delay, Now: now,
			RemoteControllerAllowed: offeringControllerAllowed})
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("sandbox address: %v", err)
	}
	c, err := client.New(client.Config{Addresses: []string{u.Host}, Username: "admin", Password: AdminPassword})
	if err != nil {
		t.Fatalf("client: %v", err)
	}
	return u.Host, c
}

// UniqueName gives each test its own names, so tests sharing the sandbox
// cannot see each other's objects.
func UniqueName(t *testing.T, suffix string) string {
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

// StateAttr reads an attribute of a resource in state.
func StateAttr(s *terraform.State, address, attr string) (string, error) {
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

// ImportID returns a function that builds an import identifier from state.
func ImportID(address string, attrs ...string) func(*terraform.State) (string, error) {
	return func(s *terraform.State) (string, error) {
		parts := make([]string, len(attrs))
		for i, a := range attrs {
			v, err := StateAttr(s, address, a)
			if err != nil {
				return "", err
			}
			parts[i] = v
		}
		return strings.Join(parts, ":"), nil
	}
}

// startedOfferingControllers are the addresses of the offering controllers the
// tests started: the shared controllers connect only to them (their
// allow-list, which a controller started before them cannot list).
var startedOfferingControllers sync.Map

// AllowOfferingController lets the shared controllers connect to the
// offering controller at hostport until the test ends.
func AllowOfferingController(t *testing.T, hostport string) {
	startedOfferingControllers.Store(hostport, true)
	t.Cleanup(func() { startedOfferingControllers.Delete(hostport) })
}

func offeringControllerAllowed(hostport string) bool {
	_, ok := startedOfferingControllers.Load(hostport)
	return ok
}
