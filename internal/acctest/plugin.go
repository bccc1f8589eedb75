package acctest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
)

// Most acceptance tests serve the provider in the test process
// (ProviderFactories), where every provider block of a configuration shares
// one provider server: the last block configured wins. A test of two
// provider blocks of the same provider (one configured from an ephemeral
// resource of the other), or of the logs Terraform writes with TF_LOG, runs
// terraform itself with the test binary as the provider plugin, so that each
// provider block gets a process of its own and the provider's logs reach
// Terraform's, as in production (PluginRun).

// envServePlugin makes a test binary serve its provider as a plugin instead
// of running tests (ServePluginIfAsked).
const envServePlugin = "ACCTEST_SERVE_PROVIDER"

// ServePluginIfAsked is the first thing of a provider package's TestMain:
// when Terraform starts the test binary as the provider plugin (PluginRun),
// it serves the provider until Terraform is done and exits.
func ServePluginIfAsked(name string, newProvider func() provider.Provider) {
	if os.Getenv(envServePlugin) != name {
		return
	}
	err := providerserver.Serve(context.Background(), newProvider, providerserver.ServeOpts{Address: AddressPrefix + "/" + name})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(0)
}

// AddressPrefix is the host and namespace of the providers' source
// addresses.
const AddressPrefix = "iacsuite.example/iacsuite"

// PluginRun is a Terraform working directory whose provider is this test
// binary, started by Terraform through dev_overrides.
type PluginRun struct {
	t    *testing.T
	name string
	tf   string
	Dir  string
	env  []string
}

// NewPluginRun writes config (after the required_providers block of the
// provider name) into a new working directory. env is added to the
// environment of every terraform command (TF_VAR_*, TF_LOG, provider
// settings).
func NewPluginRun(t *testing.T, name, config string, env ...string) *PluginRun {
	t.Helper()
	tf := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if tf == "" {
		p, err := exec.LookPath("terraform")
		if err != nil {
			t.Fatal("no terraform: set TF_ACC_TERRAFORM_PATH")
		}
		tf = p
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	plugins, work := filepath.Join(root, "plugins"), filepath.Join(root, "work")
	for _, d := range []string{plugins, work} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(self, filepath.Join(plugins, "terraform-provider-"+name)); err != nil {
		t.Fatal(err)
	}
	cli := fmt.Sprintf("provider_installation {\n  dev_overrides {\n    %q = %q\n  }\n  direct {}\n}\n", AddressPrefix+"/"+name, plugins)
	cliFile := filepath.Join(root, "terraformrc")
	if err := os.WriteFile(cliFile, []byte(cli), 0o600); err != nil {
		t.Fatal(err)
	}
	var base []string
	for _, kv := range os.Environ() {
		// The test process's own logging settings must not apply to the
		// runs, which choose their own.
		if k, _, _ := strings.Cut(kv, "="); k != "TF_LOG" && k != "TF_LOG_PATH" && k != "TF_ACC_LOG_PATH" {
			base = append(base, kv)
		}
	}
	base = append(base, "TF_CLI_CONFIG_FILE="+cliFile, envServePlugin+"="+name, "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1")
	r := &PluginRun{t: t, name: name, tf: tf, Dir: work, env: append(base, env...)}
	r.SetConfig(config)
	return r
}

// SetConfig replaces the working directory's configuration, keeping its
// state.
func (r *PluginRun) SetConfig(config string) {
	r.t.Helper()
	main := fmt.Sprintf("terraform {\n  required_providers {\n    %s = { source = %q }\n  }\n}\n\n%s", r.name, AddressPrefix+"/"+r.name, config)
	if err := os.WriteFile(filepath.Join(r.Dir, "main.tf"), []byte(main), 0o600); err != nil {
		r.t.Fatal(err)
	}
}

// Run runs terraform with args and returns its standard output and error,
// in order, and its error.
func (r *PluginRun) Run(ctx context.Context, env []string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, r.tf, args...)
	cmd.Dir = r.Dir
	cmd.Env = append(append([]string(nil), r.env...), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// MustRun runs terraform and fails the test unless it succeeds.
func (r *PluginRun) MustRun(ctx context.Context, env []string, args ...string) string {
	r.t.Helper()
	out, err := r.Run(ctx, env, args...)
	if err != nil {
		r.t.Fatalf("terraform %s: %v\n%s", strings.Join(args, " "), err, lastLines(out, 60))
	}
	return out
}

// Lacks fails the test when any of values is in what: an output, a log, a
// JSON document.
func Lacks(t *testing.T, where, what string, values ...string) {
	t.Helper()
	if err := lacks(where, what, values); err != nil {
		t.Fatal(err)
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// StateResources are the resources of the root module's state, as
// `terraform show -json` prints them.
func (r *PluginRun) StateResources(ctx context.Context) []*tfjson.StateResource {
	r.t.Helper()
	out, err := r.Run(ctx, nil, "show", "-json", "-no-color")
	if err != nil {
		r.t.Fatalf("terraform show -json: %v\n%s", err, out)
	}
	var st tfjson.State
	if err := st.UnmarshalJSON([]byte(out)); err != nil {
		r.t.Fatalf("terraform show -json: %v", err)
	}
	if st.Values == nil || st.Values.RootModule == nil {
		return nil
	}
	return st.Values.RootModule.Resources
}
