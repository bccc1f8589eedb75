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

// initCLI is a CLI that TestAccInitFromFilesystemMirror runs: terraform,
// and OpenTofu's tofu.
type initCLI struct {
	name, path string
}

// initCLIs are the CLIs of TestAccInitFromFilesystemMirror: the terraform
// of TerraformPath, and OpenTofu when TF_ACC_TOFU_PATH is set (make test
// sets it to OpenTofu 1.12).
func initCLIs(t *testing.T) []initCLI {
	t.Helper()
	clis := []initCLI{{"terraform", TerraformPath(t)}}
	if p := os.Getenv("TF_ACC_TOFU_PATH"); p != "" {
		clis = append(clis, initCLI{"tofu", p})
	} else {
		t.Log("no OpenTofu run: TF_ACC_TOFU_PATH is not set (make test sets it)")
	}
	return clis
}

// The provider installed by `make install` (scripts/terraform-mirror.sh)
// into ~/.terraform.d/plugins is found by a plain `terraform init`, with no
// CLI configuration at all: init writes the lock file with the provider's
// hash, and no command warns of development overrides. The example is the
// netfab topology of `make demo`, applied against a sandbox of this test.
// OpenTofu (TF_ACC_TOFU_PATH) reads the same mirror: `tofu init` finds the
// provider by its source address, whose host is explicit (OpenTofu's
// default registry host is another than Terraform's), and the demo runs
// the same. The lock file each CLI writes is taken by the other as it is.
func TestAccInitFromFilesystemMirror(t *testing.T) {
	acctest.PreCheck(t)
	clis := initCLIs(t)
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
	newDemo := func(t *testing.T) string {
		t.Helper()
		dir := filepath.Join(t.TempDir(), "demo")
		require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join(root, "examples", "netfab", "demo"))))
		return dir
	}

	// One CLI after the other: the demo names what it makes the same each
	// time.
	for _, c := range clis {
		t.Run(c.name, func(t *testing.T) {
			dir := newDemo(t)
			run := cliRunner(t, c, dir, env)
			noWarnings := func(args ...string) string {
				t.Helper()
				out, code := run(args...)
				require.Equal(t, 0, code, "%s %s:\n%s", c.name, strings.Join(args, " "), out)
				require.NotContains(t, out, "Warning", "%s %s:\n%s", c.name, strings.Join(args, " "), out)
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
			require.NoError(t, err, "%s init wrote no lock file", c.name)
			require.Contains(t, string(lock), `provider "iacsuite.example/iacsuite/netfab"`)
			require.Contains(t, string(lock), `version = "0.1.0"`)
			require.Regexp(t, `"h1:[A-Za-z0-9+/=]+"`, string(lock))
			noWarnings("init", "-input=false", "-no-color")

			// The lock file is shared by the CLIs: a team that moves from one
			// to the other keeps it. Each other CLI inits with it, without a
			// warning and without changing it.
			for _, other := range clis {
				if other == c {
					continue
				}
				odir := newDemo(t)
				require.NoError(t, os.WriteFile(filepath.Join(odir, ".terraform.lock.hcl"), lock, 0o644))
				oout, ocode := cliRunner(t, other, odir, env)("init", "-input=false", "-no-color")
				require.Equal(t, 0, ocode, "%s init with the lock file of %s:\n%s", other.name, c.name, oout)
				require.NotContains(t, oout, "Warning", "%s init with the lock file of %s:\n%s", other.name, c.name, oout)
				olock, err := os.ReadFile(filepath.Join(odir, ".terraform.lock.hcl"))
				require.NoError(t, err)
				require.Equal(t, string(lock), string(olock), "%s init changed the lock file of %s", other.name, c.name)
			}

			vars := []string{"-input=false", "-no-color", "-var", "environment=" + url}
			noWarnings(append([]string{"plan"}, vars...)...)
			noWarnings(append([]string{"apply", "-auto-approve"}, vars...)...)
			if out, code := run(append([]string{"plan", "-detailed-exitcode"}, vars...)...); code != 0 {
				t.Fatalf("the plan after apply is not empty:\n%s", out)
			}
			noWarnings(append([]string{"destroy", "-auto-approve"}, vars...)...)

			if c.name == "tofu" {
				lacksActionsAndQuery(t, dir, run)
			}
		})
	}
}

// lacksActionsAndQuery shows what an OpenTofu user meets with what only
// Terraform 1.14+ has (README "Terraform versions"): a query file is not
// read at all, so a configuration with one validates; an action block is
// refused by the CLI's own parser, naming the block, before the provider
// is asked anything (no crash, no protocol error).
func lacksActionsAndQuery(t *testing.T, dir string, run func(args ...string) (string, int)) {
	t.Helper()
	query := filepath.Join(dir, "ports.tfquery.hcl")
	require.NoError(t, os.WriteFile(query, []byte("list \"netfab_port\" \"all\" {\n  provider = netfab\n}\n"), 0o644))
	out, code := run("validate", "-no-color")
	require.Equal(t, 0, code, "tofu validate with a .tfquery.hcl file:\n%s", out)
	require.NoError(t, os.Remove(query))

	action := filepath.Join(dir, "lock.tf")
	require.NoError(t, os.WriteFile(action, []byte("action \"netfab_product_lock\" \"lock\" {\n  config {\n    product_uid = \"x\"\n  }\n}\n"), 0o644))
	out, code = run("validate", "-no-color")
	require.Equal(t, 1, code, "tofu validate with an action block:\n%s", out)
	require.Contains(t, out, `Blocks of type "action" are not expected here`)
	for _, crash := range []string{"panic", "rpc error", "plugin did not respond", "crash"} {
		require.NotContains(t, strings.ToLower(out), crash)
	}
	require.NoError(t, os.Remove(action))
}

// cliRunner runs the CLI c in dir with env, returning its output and exit
// code.
func cliRunner(t *testing.T, c initCLI, dir string, env []string) func(args ...string) (string, int) {
	return func(args ...string) (string, int) {
		t.Helper()
		cmd := exec.Command(c.path, args...)
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
}
