// Package acctest is what the acceptance tests of every provider share: the
// TF_ACC gate, protocol-6 provider factories, a sandbox service started per
// test package on a store of its own, and state checks that terraform-plugin-
// testing's knownvalue does not have.
//
// A provider's provider_test.go starts its sandbox once in TestMain:
//
//	var protoV6ProviderFactories = acctest.ProviderFactories("netfab", New("test"))
//
//	func TestMain(m *testing.M) {
//		tb, cleanup := sandboxtest.ForMain()
//		sandboxURL = acctest.StartSandbox(tb, "netfab", func(st *store.Store) (http.Handler, error) {
//			return sandbox.New(sandbox.Config{Store: st})
//		})
//		code := m.Run()
//		cleanup()
//		os.Exit(code)
//	}
//
// and each acceptance test begins with acctest.PreCheck(t).
package acctest

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// PreCheck skips an acceptance test unless TF_ACC is set (make test-acc
// sets it, with TF_ACC_TERRAFORM_PATH).
func PreCheck(t *testing.T) {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 (make test-acc)")
	}
}

// ProviderFactories serves the provider that newProvider makes under name,
// over protocol 6, for resource.TestCase.ProtoV6ProviderFactories.
func ProviderFactories(name string, newProvider func() provider.Provider) map[string]func() (tfprotov6.ProviderServer, error) {
	return map[string]func() (tfprotov6.ProviderServer, error){
		name: providerserver.NewProtocol6WithError(newProvider()),
	}
}

// StartSandbox serves, over HTTPS on loopback until t ends, the handler that
// newHandler builds on a new store in a directory of its own, and returns
// its base URL. name names the directory and the store file.
func StartSandbox(t sandboxtest.TB, name string, newHandler func(*store.Store) (http.Handler, error)) string {
	t.Helper()
	dir, err := os.MkdirTemp("", name+"-sandbox-")
	if err != nil {
		t.Fatalf("state dir: %v", err)
	}
	st, err := store.Open(filepath.Join(dir, name+".db"))
	if err != nil {
		os.RemoveAll(dir)
		t.Fatalf("store: %v", err)
	}
	t.Cleanup(func() { st.Close(); os.RemoveAll(dir) })
	h, err := newHandler(st)
	if err != nil {
		t.Fatalf("sandbox: %v", err)
	}
	return sandboxtest.Serve(t, h)
}
