package workflowtest

import (
	"bytes"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	sandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// The provider installed by `make install` (scripts/terraform-mirror.sh)
// into ~/.terraform.d/plugins is found by a plain `terraform init`, with no
// CLI configuration at all: init writes the lock file with the provider's
// hash, and no command warns of development overrides. The example is the
// netfab topology of `make demo`, applied against a sandbox of this test.
func TestAccInitFromFilesystemMirror(t *testing.T) {
	acctest.PreCheck(t)
	tf := TerraformPath(t)
	root := repoRoot()
	tmp := t.TempDir()
	home := filepath.Join(tmp, "home")
	bin := filepath.Join(tmp, "bin")

	build := exec.Command("go", "build", "-o", filepath.Join(bin, "terraform-provider-netfab"), "./cmd/terraform-provider-netfab")
	build.Dir = root
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	mirror := exec.Command(filepath.Join(root, "scripts", "terraform-mirror.sh"),
		filepath.Join(home, ".terraform.d", "plugins"), AddressPrefix, "0.1.0", bin, "netfab")
	out, err = mirror.CombinedOutput()
	require.NoError(t, err, "terraform-mirror.sh: %s", out)

	url := acctest.StartSandbox(t, "netfab", func(st *store.Store) (http.Handler, error) {
		return sandbox.New(sandbox.Config{Store: st, ProvisioningDelay: 20 * time.Millisecond})
	})
	dir := filepath.Join(tmp, "demo")
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join(root, "examples", "netfab", "demo"))))

	// The environment of a user with no Terraform configuration of their
	// own: only HOME (where the mirror is) and the provider's credentials.
	// SSL_CERT_FILE, which trusts the sandbox, comes from StartSandbox.
	var env []string
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); !strings.HasPrefix(name, "TF_") && name != "HOME" {
			env = append(env, kv)
		}
	}
	env = append(env, "HOME="+home, "CHECKPOINT_DISABLE=1",
		"NETFAB_ACCESS_KEY="+sandbox.DefaultAccessKey, "NETFAB_SECRET_KEY="+sandbox.DefaultSecretKey,
		"NETFAB_ACCEPT_PURCHASE_TERMS=true")
	run := func(args ...string) (string, int) {
		t.Helper()
		cmd := exec.Command(tf, args...)
		cmd.Dir, cmd.Env = dir, env
		var buf bytes.Buffer
		cmd.Stdout, cmd.Stderr = &buf, &buf
		err := cmd.Run()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return buf.String(), exit.ExitCode()
		}
		require.NoError(t, err)
		return buf.String(), 0
	}
	noWarnings := func(args ...string) string {
		t.Helper()
		out, code := run(args...)
		require.Equal(t, 0, code, "terraform %s:\n%s", strings.Join(args, " "), out)
		require.NotContains(t, out, "Warning", "terraform %s:\n%s", strings.Join(args, " "), out)
		return out
	}

	initOut, code := run("init", "-input=false", "-no-color")
	require.Equal(t, 0, code, initOut)
	require.Contains(t, initOut, "Installed iacsuite.example/iacsuite/netfab v0.1.0")
	require.NotContains(t, initOut, "development overrides", initOut)
	// The one warning a first init from any filesystem mirror gives: the
	// lock file holds the hash of this platform only (a registry would
	// have given the signed hashes of all).
	require.Equal(t, 1, strings.Count(initOut, "Warning"), initOut)
	require.Contains(t, initOut, "Warning: Incomplete lock file information for providers", initOut)
	lock, err := os.ReadFile(filepath.Join(dir, ".terraform.lock.hcl"))
	require.NoError(t, err, "terraform init wrote no lock file")
	require.Contains(t, string(lock), `provider "iacsuite.example/iacsuite/netfab"`)
	require.Contains(t, string(lock), `version = "0.1.0"`)
	require.Regexp(t, `"h1:[A-Za-z0-9+/=]+"`, string(lock))
	noWarnings("init", "-input=false", "-no-color")

	vars := []string{"-input=false", "-no-color", "-var", "environment=" + url}
	noWarnings(append([]string{"plan"}, vars...)...)
	noWarnings(append([]string{"apply", "-auto-approve"}, vars...)...)
	if out, code := run(append([]string{"plan", "-detailed-exitcode"}, vars...)...); code != 0 {
		t.Fatalf("the plan after apply is not empty:\n%s", out)
	}
	noWarnings(append([]string{"destroy", "-auto-approve"}, vars...)...)
}
