package pulumitest

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Main is the TestMain of a package whose tests run the CLI against
// sandboxes: it makes this process trust the sandbox certificate
// (SSL_CERT_FILE) before anything in it, or the CLI and the plugins it
// starts, loads the system pool; runs the tests; and removes what
// Plugins and PluginCache made.
func Main(m *testing.M) {
	tb, cleanup := sandboxtest.ForMain()
	sandboxtest.Serve(tb, http.NotFoundHandler())
	code := m.Run()
	Cleanup()
	cleanup()
	os.Exit(code)
}

// ServeSandbox serves, until the test ends, the sandbox service that
// newHandler makes on a fresh store (<name>.db in a temporary directory),
// and returns its address.
func ServeSandbox(t *testing.T, name string, newHandler func(*store.Store) (http.Handler, error)) *url.URL {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), name+".db"))
	if err != nil {
		t.Fatalf("%s store: %v", name, err)
	}
	t.Cleanup(func() { st.Close() })
	h, err := newHandler(st)
	if err != nil {
		t.Fatalf("%s sandbox: %v", name, err)
	}
	u, err := url.Parse(sandboxtest.Serve(t, h))
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// ExampleDir is the directory of the Pulumi program examples/pulumi/<name>
// of the repository.
func ExampleDir(t *testing.T, name string) string {
	t.Helper()
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(root, "..", "examples", "pulumi", name)
}

// Example copies the Pulumi program examples/pulumi/<name> of the
// repository to a temporary directory (see Project) and returns it.
func (c *CLI) Example(name string) string {
	c.t.Helper()
	return c.Project(ExampleDir(c.t, name))
}
