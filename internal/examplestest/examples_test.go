// Package examplestest runs every example of examples/<provider>/resources
// and examples/<provider>/data-sources of netfab, cloudnative and orch (and
// examples/<provider>/ephemeral-resources of those and fwmgr) the
// way a user who copies it does: with the real terraform
// (TF_EXAMPLES_TERRAFORM_PATH, the oldest supported Terraform in make test),
// the provider binaries, and one `sandbox serve` whose printed settings are
// the environment. A charm's source directory in an example is packed into
// its .charm archive first. Each example is validated, applied, planned again (which
// must be empty), imported with each line of its import.sh (then planned
// empty again), and destroyed; fwmgr's read-only data-source examples are
// applied, planned and destroyed as one configuration. The examples run in
// parallel against the one sandbox, so they name what they create differently from each other; the
// hub's examples run one after the other, since they change who may use the
// hub.
//
// With TF_EXAMPLES_TOFU_PATH (make test sets it to OpenTofu 1.12), every
// example runs a second time, with tofu, right after its Terraform run and
// against the same sandbox (<example>/terraform, then <example>/tofu: the
// two runs create the same names, so they never overlap). A CLI with
// resource identity (OpenTofu 1.12, Terraform 1.12+) also imports each
// resource of import.sh by an import block with the identity its state
// records. What OpenTofu lacks is skipped there, naming it: the query
// files of list resources. The tofu runs of one example per provider
// encrypt the state (encryptedOnTofu), and an example's .tftest.hcl files run with
// `terraform test` and `tofu test` before its apply.
package examplestest

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/go-version"
	tfjson "github.com/hashicorp/terraform-json"

	"github.com/iacsuite/providers/internal/acctest"
	client "github.com/iacsuite/providers/internal/client/orch"
)

// providers whose examples run here one by one. fwmgr's data-source
// examples (generated from its table, read-only) run as one configuration,
// TestAccExamples/fwmgr/data-sources; its ephemeral resource's example runs
// one by one, as the others do (findExamples).
var (
	providers = []string{"netfab", "cloudnative", "orch"}
	built     = append(slices.Clone(providers), "fwmgr")
)

const (
	addressPrefix = "iacsuite.example/iacsuite"
	orchPassword  = "examples-orch-admin-pw"
	hubSecret     = "examples-hub-client-secret"
)

// env is the environment of `sandbox serve`'s printed settings and what the
// examples' variables take from the sandbox; set by TestMain.
var (
	repoRoot    string
	binDir      string
	sandboxEnv  map[string]string
	exampleVars map[string]string
	cliConfig   string
	setupErr    error
)

func TestMain(m *testing.M) {
	var stop func()
	if os.Getenv("TF_ACC") != "" {
		stop, setupErr = setUp()
	}
	code := m.Run()
	if stop != nil {
		stop()
	}
	os.Exit(code)
}

// setUp builds the sandbox, the orch CLI and the providers, starts the
// sandbox on free ports and writes the CLI configuration that points
// Terraform at the built providers.
func setUp() (func(), error) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		return nil, err
	}
	repoRoot = root
	tmp, err := os.MkdirTemp("", "examples-")
	if err != nil {
		return nil, err
	}
	cleanup := func() { os.RemoveAll(tmp) }
	binDir = filepath.Join(tmp, "bin")
	args := []string{"build", "-o", binDir + string(filepath.Separator), "./cmd/sandbox", "./cmd/orch"}
	for _, p := range built {
		args = append(args, "./cmd/terraform-provider-"+p)
	}
	build := exec.Command("go", args...)
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		cleanup()
		return nil, fmt.Errorf("go build: %w\n%s", err, out)
	}

	// Development overrides: the configurations run without terraform init,
	// straight on the binaries just built.
	var overrides strings.Builder
	for _, p := range built {
		fmt.Fprintf(&overrides, "    %q = %q\n", addressPrefix+"/"+p, binDir)
	}
	cliConfig = filepath.Join(tmp, "terraformrc")
	if err := os.WriteFile(cliConfig, []byte("provider_installation {\n  dev_overrides {\n"+overrides.String()+"  }\n  direct {}\n}\n"), 0o644); err != nil {
		cleanup()
		return nil, err
	}

	state := filepath.Join(tmp, "sandbox")
	serveArgs := []string{"serve", "--state-dir", state, "--provisioning-delay", "0s",
		"--orch-admin-password", orchPassword, "--hub-admin-client-secret", hubSecret}
	for _, svc := range []string{"netfab", "migration", "fwmgr", "orch", "hub"} {
		serveArgs = append(serveArgs, "--"+svc+"-addr", "127.0.0.1:0")
	}
	ctx, cancel := context.WithCancel(context.Background())
	serve := exec.CommandContext(ctx, filepath.Join(binDir, "sandbox"), serveArgs...)
	var log bytes.Buffer
	serve.Stdout, serve.Stderr = &log, &log
	serve.Cancel = func() error { return serve.Process.Signal(os.Interrupt) }
	if err := serve.Start(); err != nil {
		cancel()
		cleanup()
		return nil, err
	}
	stop := func() {
		cancel()
		_ = serve.Wait()
		cleanup()
	}
	// `sandbox env` answers once every service is up.
	var text []byte
	for i := 0; ; i++ {
		text, err = exec.Command(filepath.Join(binDir, "sandbox"), "env", "--state-dir", state).Output()
		if err == nil {
			break
		}
		if i == 300 {
			stop()
			return nil, fmt.Errorf("the sandbox did not come up: %w\n%s", err, log.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	if sandboxEnv, err = shellEnv(string(text)); err != nil {
		stop()
		return nil, err
	}
	if exampleVars, err = varsFromSandbox(); err != nil {
		stop()
		return nil, err
	}
	return stop, nil
}

// shellEnv runs the text `sandbox env` printed in a shell, as a user
// pasting it does, and returns what it exported.
func shellEnv(text string) (map[string]string, error) {
	cmd := exec.Command("sh", "-c", "set -e\n"+text+"\nenv -0")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("sandbox env in a shell: %w", err)
	}
	env := map[string]string{}
	for _, kv := range strings.Split(string(out), "\x00") {
		k, v, ok := strings.Cut(kv, "=")
		if ok && k != "PATH" && k != "PWD" && k != "SHLVL" && k != "_" {
			env[k] = v
		}
	}
	for _, k := range []string{"SSL_CERT_FILE", "NETFAB_ENVIRONMENT", "CLOUDNATIVE_ENDPOINT", "ORCH_CONTROLLER_ADDRESSES", "ORCH_HUB_ADDRESSES", "ORCH_HUB_CLIENT_SECRET"} {
		if env[k] == "" {
			return nil, fmt.Errorf("sandbox env printed no %s:\n%s", k, text)
		}
	}
	return env, nil
}

// varsFromSandbox are the values of the variables that the examples
// declare for what only the running sandbox knows (TF_VAR_<name>): the
// controller a hub example registers, and the orch CLI.
func varsFromSandbox() (map[string]string, error) {
	c, err := client.New(client.Config{
		Addresses:     []string{sandboxEnv["ORCH_CONTROLLER_ADDRESSES"]},
		Username:      "admin",
		Password:      orchPassword,
		CACertificate: sandboxEnv["ORCH_CA_CERT"],
	})
	if err != nil {
		return nil, err
	}
	info, err := c.Controller(context.Background())
	if err != nil {
		return nil, fmt.Errorf("the sandbox's controller: %w", err)
	}
	return map[string]string{
		"controller_uuid":           info.UUID,
		"controller_address":        sandboxEnv["ORCH_CONTROLLER_ADDRESSES"],
		"controller_ca_certificate": sandboxEnv["ORCH_CA_CERT"],
		"controller_password":       orchPassword,
		"orch_binary":               filepath.Join(binDir, "orch"),
		// What a user gives the examples: a password and the client
		// certificate of an lxd cloud (the sandbox takes any).
		"db_password":     "example-db-password",
		"api_token":       "example-api-token",
		"user_password":   "example-user-password",
		"admin_password":  "example-admin-password",
		"lxd_client_cert": "example-client-cert",
		"lxd_client_key":  "example-client-key",
		"vault_token":     "example-vault-token",
	}, nil
}

// example is one folder of examples/<provider>/{resources,data-sources,ephemeral-resources}.
type example struct {
	provider string
	kind     string // resources, data-sources or ephemeral-resources
	name     string // the resource or data source type
	dir      string
}

// hubMode: the example runs with the provider in hub mode (client
// credentials of the hub instead of the controller's user).
func (e example) hubMode() bool { return strings.HasPrefix(e.name, "orch_hub_") }

func findExamples(t *testing.T) []example {
	t.Helper()
	var all []example
	kinds := func(p string) []string {
		if p == "fwmgr" {
			// Its show data sources run as one configuration (runFwmgr);
			// its management resources and data sources one by one.
			return []string{"resources", "data-sources", "ephemeral-resources"}
		}
		return []string{"resources", "data-sources", "ephemeral-resources"}
	}
	for _, p := range built {
		for _, kind := range kinds(p) {
			entries, err := os.ReadDir(filepath.Join(repoRoot, "examples", p, kind))
			if os.IsNotExist(err) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				if p == "fwmgr" && kind == "data-sources" && !isManagement(e.Name()) {
					continue
				}
				if e.IsDir() {
					all = append(all, example{p, kind, e.Name(), filepath.Join(repoRoot, "examples", p, kind, e.Name())})
				}
			}
		}
	}
	return all
}

// cli is a command-line tool the examples run on: terraform, or OpenTofu's
// tofu.
type cli struct {
	// name is the subtest of the runs with it: terraform or tofu.
	name    string
	path    string
	version *version.Version
}

// tofu: the CLI is OpenTofu.
func (c cli) tofu() bool { return c.name == "tofu" }

func (c cli) String() string {
	if c.tofu() {
		return fmt.Sprintf("%s (OpenTofu %s)", c.path, c.version)
	}
	return fmt.Sprintf("%s (Terraform %s)", c.path, c.version)
}

// identity: the CLI imports by resource identity (`import` blocks with
// identity = { ... }): Terraform 1.12+, and OpenTofu, whose first release
// with it, 1.12, numbers its versions apart from Terraform's.
func (c cli) identity() bool { return !c.version.LessThan(acctest.TerraformIdentity) }

// clis are the CLIs the examples run on: TF_EXAMPLES_TERRAFORM_PATH (else
// the terraform on PATH), and OpenTofu when TF_EXAMPLES_TOFU_PATH is set.
func clis(t *testing.T) []cli {
	t.Helper()
	tf := os.Getenv("TF_EXAMPLES_TERRAFORM_PATH")
	if tf == "" {
		p, err := exec.LookPath("terraform")
		if err != nil {
			t.Fatal("no terraform: set TF_EXAMPLES_TERRAFORM_PATH (make test-acc does)")
		}
		tf = p
	}
	out := []cli{{name: "terraform", path: tf}}
	if p := os.Getenv("TF_EXAMPLES_TOFU_PATH"); p != "" {
		out = append(out, cli{name: "tofu", path: p})
	}
	for i := range out {
		v, err := cliVersion(out[i].path)
		if err != nil {
			t.Fatal(err)
		}
		out[i].version = v
		t.Logf("examples with %s", out[i])
	}
	if len(out) == 1 {
		t.Log("no OpenTofu run: TF_EXAMPLES_TOFU_PATH is not set (make test sets it)")
	}
	return out
}

// cliVersion is the version `version -json` reports, in the environment
// of the examples (their CLI configuration). OpenTofu writes its warnings
// about the CLI configuration (a TF_CLI_CONFIG_FILE that does not exist) to
// stdout before the JSON, so the JSON is read from its first line that
// opens an object.
func cliVersion(path string) (*version.Version, error) {
	cmd := exec.Command(path, "version", "-json")
	cmd.Env = environ(example{}, os.TempDir())
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s version -json: %w", path, err)
	}
	text := string(out)
	if i := strings.Index(text, "\n{"); i >= 0 && !strings.HasPrefix(text, "{") {
		text = text[i+1:]
	}
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		return nil, fmt.Errorf("%s version -json: %w\n%s", path, err, out)
	}
	return version.NewVersion(v.Version)
}

// onEach runs f in a subtest of each CLI, one after the other.
func onEach(t *testing.T, cs []cli, f func(t *testing.T, c cli)) {
	t.Helper()
	for _, c := range cs {
		t.Run(c.name, func(t *testing.T) { f(t, c) })
	}
}

func TestAccExamples(t *testing.T) {
	acctest.PreCheck(t)
	if setupErr != nil {
		t.Fatal(setupErr)
	}
	cs := clis(t)
	examples := findExamples(t)
	if len(examples) < 42 {
		t.Fatalf("found %d examples, expected at least 42", len(examples))
	}
	var hub, management []example
	for _, e := range examples {
		if e.hubMode() {
			hub = append(hub, e)
			continue
		}
		if isManagement(e.name) {
			management = append(management, e)
			continue
		}
		t.Run(e.provider+"/"+e.kind+"/"+e.name, func(t *testing.T) {
			t.Parallel()
			onEach(t, cs, func(t *testing.T, c cli) { run(t, c, e) })
		})
	}
	t.Run("fwmgr/data-sources", func(t *testing.T) {
		t.Parallel()
		onEach(t, cs, runFwmgr)
	})
	// A management type's resource and data-source examples create the
	// same object (its name unique in the domain): one after the other.
	t.Run("fwmgr/management", func(t *testing.T) {
		t.Parallel()
		for _, e := range management {
			t.Run(e.kind+"/"+e.name, func(t *testing.T) {
				onEach(t, cs, func(t *testing.T, c cli) { run(t, c, e) })
			})
		}
	})
	for _, p := range append(slices.Clone(providers), "fwmgr") {
		t.Run(p+"/list-resources", func(t *testing.T) {
			t.Parallel()
			onEach(t, cs, func(t *testing.T, c cli) { runQueryFiles(t, c, p) })
		})
	}
	// orch_hub_access_controller changes who administers the hub: last.
	sort.SliceStable(hub, func(i, j int) bool {
		return hub[j].name == "orch_hub_access_controller" && hub[i].name != hub[j].name
	})
	t.Run("orch/hub", func(t *testing.T) {
		t.Parallel()
		for _, e := range hub {
			t.Run(e.kind+"/"+e.name, func(t *testing.T) {
				onEach(t, cs, func(t *testing.T, c cli) { run(t, c, e) })
			})
		}
	})
}

// runQueryFiles puts the query examples of provider p (list blocks in
// .tfquery.hcl files, Terraform 1.14+) beside a configuration of p and
// validates it: a Terraform older than 1.14 must ignore them (the examples
// of the resources may carry them too), and a newer one must accept them.
// OpenTofu has no list resources: skipped there.
func runQueryFiles(t *testing.T, c cli, p string) {
	if c.tofu() {
		t.Skipf("OpenTofu %s has no list resources (.tfquery.hcl list blocks, `query`: Terraform 1.14+)", c.version)
	}
	root := filepath.Join(repoRoot, "examples", p, "list-resources")
	entries, err := os.ReadDir(root)
	if os.IsNotExist(err) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, e := range entries {
		files, _ := filepath.Glob(filepath.Join(root, e.Name(), "*.tfquery.hcl"))
		if len(files) == 0 {
			t.Fatalf("%s holds no .tfquery.hcl file", filepath.Join(root, e.Name()))
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, e.Name()+"-"+filepath.Base(f)), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	config := fmt.Sprintf("terraform {\n  required_providers {\n    %s = { source = %q }\n  }\n}\n", p, addressPrefix+"/"+p)
	if err := os.WriteFile(filepath.Join(dir, "versions_test_generated.tf"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	w := &workdir{t: t, tf: c.path, dir: dir, env: environ(example{provider: p, kind: "list-resources"}, dir)}
	if c.version.LessThan(acctest.TerraformQuery) {
		w.must("validate", "-no-color")
		return
	}
	w.must("validate", "-query", "-no-color")
}

// workdir is the Terraform working directory of one example.
type workdir struct {
	t   *testing.T
	tf  string
	dir string
	env []string
}

func (w *workdir) run(args ...string) (string, int) {
	w.t.Helper()
	cmd := exec.Command(w.tf, args...)
	cmd.Dir = w.dir
	cmd.Env = w.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	text := devOverridesWarning.ReplaceAllString(out.String(), "")
	if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
		return text, exit.ExitCode()
	}
	if err != nil {
		w.t.Fatalf("%s %s: %v", filepath.Base(w.tf), strings.Join(args, " "), err)
	}
	return text, 0
}

// devOverridesWarning is the warning every command gives under the CLI
// configuration of these tests: noise in the output of a failure.
var devOverridesWarning = regexp.MustCompile(`(?s)(│ )?Warning: Provider development overrides are in effect.*?releases\.\n`)

func (w *workdir) must(args ...string) string {
	w.t.Helper()
	out, code := w.run(args...)
	if code != 0 {
		w.t.Fatalf("%s %s: exit %d\n%s", filepath.Base(w.tf), strings.Join(args, " "), code, out)
	}
	return out
}

// planEmpty fails the test unless a plan has no changes.
func (w *workdir) planEmpty(after string) {
	w.t.Helper()
	out, code := w.run("plan", "-input=false", "-no-color", "-detailed-exitcode")
	if code != 0 {
		w.t.Fatalf("the plan after %s is not empty (exit %d):\n%s", after, code, out)
	}
}

// notImportable are the resources that model a command, with nothing on
// the service to import (their docs say so).
var notImportable = map[string]string{
	"fwmgr_management_publish":        "a publish is a command, not an object of the server",
	"fwmgr_management_install_policy": "an installation is a command, not an object of the server",
	"fwmgr_management_verify_policy":  "a verification is a command, not an object of the server",
}

// changesAfterImport are the examples whose first plan after an import
// changes the imported resource in place, as its documentation says: what
// the service never answers is written by the next apply, which calls
// nothing. After that apply the plan is empty.
var changesAfterImport = map[string]string{
	"orch_model":          "config entries are not imported (the resource's description)",
	"orch_credential":     "attributes are sensitive and the controller never answers them",
	"orch_controller":     "destroy_flags are settings of the destroy, not of the controller, and the write-only credential attributes are sent again in place instead of the imported ones",
	"orch_hub_controller": "the hub never answers the credentials it connects with (import.sh)",
	"orch_cluster_cloud":  "cluster_config is a path the controller never answers: the first apply after an import records it",
	"orch_machine":        "a configured timeouts block is not in the imported state, and Terraform plans recording it",
	"orch_user":           "the password is never answered: the first apply after an import sets the configured one (as upstream)",
	"netfab_mve":          "vendor_config is never answered by the service: the first apply after an import records it (import.sh)",
	"orch_secret":         "an import reads the content into value; the first apply with value_wo sends it and drops value",
	"orch_secret_backend": "an import reads the configuration into config; the first apply with config_wo sends it and drops config",
	"netfab_vxc":          "partner configurations hold secrets and the service never answers them (as upstream's): the first apply after an import records the configuration's, a vrouter one by updating the router in place",
}

// openBugs are the examples that, as users write them, meet a bug that is
// open in the issue named: the plan after the import may then change
// anything, and the apply after it must bring the plan to empty. Remove an
// entry once its bug is fixed.
var openBugs = map[string]string{
	"orch_secret": "the plan after an import changes value, which the import reads differently from the configuration",
}

var replacesOrDestroys = regexp.MustCompile(`(?m)must be replaced|will be destroyed|will be created`)

// planAfterImport fails the test unless the plan after an import is empty,
// or changes in place what the example's resource documents, or meets an
// open bug; in the last two cases an apply must bring it to empty.
func (w *workdir) planAfterImport(e example, after string) {
	w.t.Helper()
	out, code := w.run("plan", "-input=false", "-no-color", "-detailed-exitcode")
	if code == 0 {
		return
	}
	documented, isDocumented := changesAfterImport[e.name]
	bug, isBug := openBugs[e.name]
	switch {
	case code != 2:
		w.t.Fatalf("the plan after %s failed (exit %d):\n%s", after, code, out)
	case isBug:
		w.t.Logf("the plan after %s is not empty: open bug (%s):\n%s", after, bug, out)
	case isDocumented && !replacesOrDestroys.MatchString(out):
		w.t.Logf("the plan after %s changes in place: %s", after, documented)
	default:
		w.t.Fatalf("the plan after %s is not empty:\n%s", after, out)
	}
	w.must("apply", "-auto-approve", "-input=false", "-no-color")
	w.planEmpty("the apply after " + after)
}

// environ is the environment of the example's terraform runs: this
// process's, without any setting of the providers, plus what the sandbox
// printed, the user's own project settings and the sandbox's variables.
func environ(e example, dir string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "NETFAB_") || strings.HasPrefix(k, "CLOUDNATIVE_") || strings.HasPrefix(k, "ORCH_") || strings.HasPrefix(k, "FWMGR_") ||
			strings.HasPrefix(k, "TF_") || k == "SSL_CERT_FILE" {
			continue
		}
		env = append(env, kv)
	}
	set := map[string]string{}
	for k, v := range sandboxEnv {
		set[k] = v
	}
	if e.hubMode() {
		set["ORCH_CONTROLLER_ADDRESSES"] = sandboxEnv["ORCH_HUB_ADDRESSES"]
		set["ORCH_CLIENT_ID"] = sandboxEnv["ORCH_HUB_CLIENT_ID"]
		set["ORCH_CLIENT_SECRET"] = sandboxEnv["ORCH_HUB_CLIENT_SECRET"]
		delete(set, "ORCH_USERNAME")
		delete(set, "ORCH_PASSWORD")
	}
	// The user's own project and location (the sandbox takes any).
	set["CLOUDNATIVE_PROJECT"] = "my-project"
	set["CLOUDNATIVE_LOCATION"] = "us-central1"
	// curl, which an example's provisioner runs, trusts the sandbox's CA.
	set["CURL_CA_BUNDLE"] = sandboxEnv["SSL_CERT_FILE"]
	// The orch CLI keeps the controllers it bootstraps here.
	set["ORCH_DATA_DIR"] = filepath.Join(dir, ".orch")
	for k, v := range exampleVars {
		set["TF_VAR_"+k] = v
	}
	set["TF_CLI_CONFIG_FILE"] = cliConfig
	set["TF_IN_AUTOMATION"] = "1"
	set["CHECKPOINT_DISABLE"] = "1"
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		env = append(env, k+"="+set[k])
	}
	return env
}

// run runs one example from validate to destroy.
func run(t *testing.T, c cli, e example) {
	dir := t.TempDir()
	files, err := os.ReadDir(e.dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		// A charm's source directory (metadata.yaml at its root) is packed
		// into <dir>.charm beside the configuration before the plan, as
		// the example tells a user to: the repository holds no archives.
		if f.IsDir() {
			if _, err := os.Stat(filepath.Join(e.dir, f.Name(), "metadata.yaml")); err == nil {
				packCharm(t, filepath.Join(e.dir, f.Name()), filepath.Join(dir, f.Name()+".charm"))
			}
			continue
		}
		// The import blocks are for a configuration that adopts existing
		// objects; import.sh is what is run here.
		if strings.HasPrefix(f.Name(), "import") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(e.dir, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The required_providers block a user's configuration has.
	versions := fmt.Sprintf("terraform {\n  required_providers {\n    %s = { source = %q }\n  }\n}\n", e.provider, addressPrefix+"/"+e.provider)
	if err := os.WriteFile(filepath.Join(dir, "versions_test_generated.tf"), []byte(versions), 0o644); err != nil {
		t.Fatal(err)
	}
	encrypted := c.tofu() && encryptedOnTofu[e.name]
	if encrypted {
		if err := os.WriteFile(filepath.Join(dir, "encryption_test_generated.tf"), []byte(tofuStateEncryption), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w := &workdir{t: t, tf: c.path, dir: dir, env: environ(e, dir)}
	w.must("validate", "-no-color")
	// An example's .tftest.hcl runs first: `test` applies and destroys in
	// a state of its own, so it never meets the apply below.
	if tests, _ := filepath.Glob(filepath.Join(dir, "*.tftest.hcl")); len(tests) > 0 {
		out := w.must("test", "-no-color")
		if !strings.Contains(out, "Success!") || strings.Contains(out, " 0 passed") {
			t.Fatalf("%s test ran no passing test:\n%s", c.name, out)
		}
		t.Logf("%s test: %s", c.name, strings.TrimSpace(out[strings.LastIndex(out, "Success!"):]))
	}
	applied := false
	t.Cleanup(func() {
		if applied {
			if out, code := w.run("destroy", "-auto-approve", "-input=false", "-no-color"); code != 0 {
				t.Errorf("terraform destroy: exit %d\n%s", code, out)
			}
		}
	})
	applied = true
	w.must("apply", "-auto-approve", "-input=false", "-no-color")
	if encrypted {
		checkStateEncrypted(t, dir)
	}
	w.planEmpty("apply")
	if _, command := notImportable[e.name]; e.kind == "resources" && !command {
		imports := importLines(t, e)
		if len(imports) == 0 {
			t.Fatalf("%s/import.sh has no terraform import line", e.dir)
		}
		for _, imp := range imports {
			id := imp.id(t, w)
			w.must("state", "rm", "-no-color", imp.address)
			w.must("import", "-input=false", "-no-color", imp.address, id)
			w.planAfterImport(e, c.name+" import "+imp.address+" "+id)
		}
		if c.identity() {
			for _, imp := range imports {
				w.importByIdentity(e, imp.address)
			}
		}
	}
	applied = false
	out, code := w.run("destroy", "-auto-approve", "-input=false", "-no-color")
	if code != 0 {
		t.Fatalf("terraform destroy: exit %d\n%s", code, out)
	}
}

// encryptedOnTofu are the examples whose tofu run encrypts its state: one
// per provider (those with a .tftest.hcl). Not every example: the key is
// derived anew by every command, a deliberately slow PBKDF2 (OpenTofu
// refuses fewer than 200,000 iterations), which would add minutes over all
// of them while showing nothing more of the providers.
var encryptedOnTofu = map[string]bool{
	"orch_model":                             true,
	"netfab_port":                            true,
	"cloudnative_migration_import_data_file": true,
	"fwmgr_management_host":                  true,
}

// tofuStateEncryption is the OpenTofu-only terraform block the tofu runs of
// encryptedOnTofu add beside the example: its state (and saved plans)
// encrypted with a key derived from a passphrase, enforced, so that a
// provider whose values could not round-trip through the encrypted state
// fails there. Terraform refuses the block; OpenTofu 1.7+ has it.
const tofuStateEncryption = `terraform {
  encryption {
    key_provider "pbkdf2" "examples" {
      passphrase = "examples-state-passphrase-of-the-tests"
      iterations = 200000
    }
    method "aes_gcm" "examples" {
      keys = key_provider.pbkdf2.examples
    }
    state {
      method   = method.aes_gcm.examples
      enforced = true
    }
    plan {
      method   = method.aes_gcm.examples
      enforced = true
    }
  }
}
`

// checkStateEncrypted fails unless dir's state file is OpenTofu's encrypted
// form: an envelope with encrypted_data and no resources in the clear.
func checkStateEncrypted(t *testing.T, dir string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "terraform.tfstate"))
	if err != nil {
		t.Fatal(err)
	}
	var envelope map[string]json.RawMessage
	if err := json.Unmarshal(b, &envelope); err != nil {
		t.Fatalf("state file: %v", err)
	}
	if _, ok := envelope["encrypted_data"]; !ok {
		t.Fatalf("the state file is not encrypted: its keys are %v", slices.Sorted(maps.Keys(envelope)))
	}
	if _, ok := envelope["resources"]; ok {
		t.Fatal("the encrypted state file also holds resources in the clear")
	}
}

// packCharm zips the files of the charm source directory src into the
// .charm archive dst, as `zip -r` run inside src does.
func packCharm(t *testing.T, src, dst string) {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		w, err := zw.Create(filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	})
	if err == nil {
		err = zw.Close()
	}
	if err == nil {
		err = os.WriteFile(dst, buf.Bytes(), 0o644)
	}
	if err != nil {
		t.Fatalf("packing the charm %s: %v", src, err)
	}
}

// importLine is one `terraform import ADDRESS ID` of an import.sh. Each
// <attribute> of ID stands for that attribute of the resource in state.
type importLine struct {
	address string
	pattern string
}

var placeholder = regexp.MustCompile(`<([a-z_]+)>`)

func importLines(t *testing.T, e example) []importLine {
	t.Helper()
	f, err := os.Open(filepath.Join(e.dir, "import.sh"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []importLine
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || fields[0] != "terraform" {
			continue
		}
		if len(fields) != 4 || fields[1] != "import" {
			t.Fatalf("import.sh: %q is not terraform import ADDRESS ID", sc.Text())
		}
		// A quoted ID is the shell's quoting (of a ';' in it), not part of it.
		lines = append(lines, importLine{address: fields[2], pattern: strings.Trim(fields[3], `"'`)})
	}
	return lines
}

// id is the import ID of the line with every placeholder replaced by the
// attribute of the resource in state.
func (l importLine) id(t *testing.T, w *workdir) string {
	t.Helper()
	values := stateValues(t, w, l.address)
	var missing []string
	id := placeholder.ReplaceAllStringFunc(l.pattern, func(m string) string {
		attr := m[1 : len(m)-1]
		v, ok := values[attr].(string)
		if !ok {
			if n, isNum := values[attr].(float64); isNum {
				return fmt.Sprint(n)
			}
			missing = append(missing, attr)
		}
		return v
	})
	if len(missing) > 0 {
		keys := make([]string, 0, len(values))
		for k := range values {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		t.Fatalf("import.sh: %s has no string attribute %v (it has %v)", l.address, missing, keys)
	}
	return id
}

func stateValues(t *testing.T, w *workdir, address string) map[string]any {
	t.Helper()
	return stateResource(t, w, address).AttributeValues
}

func stateResource(t *testing.T, w *workdir, address string) *tfjson.StateResource {
	t.Helper()
	var state tfjson.State
	if err := json.Unmarshal([]byte(w.must("show", "-json", "-no-color")), &state); err != nil {
		t.Fatalf("terraform show -json: %v", err)
	}
	if state.Values != nil && state.Values.RootModule != nil {
		for _, r := range state.Values.RootModule.Resources {
			if r.Address == address {
				return r
			}
		}
	}
	t.Fatalf("import.sh imports %s, which the example does not create", address)
	return nil
}

// identityImportFile is the configuration file of importByIdentity's
// import block.
const identityImportFile = "import_identity_test_generated.tf"

// importSummary is the count line of a plan that imports one resource and
// changes nothing else (OpenTofu's is Terraform's).
var importSummary = regexp.MustCompile(`Plan: 1 to import, 0 to add, ([01]) to change, 0 to destroy\.`)

// importByIdentity imports the resource at address again, as a user of
// resource identity does (import-by-identity.tf): an import block with the
// identity its state records, after `state rm`. The plan must import it
// and change nothing else (in place only where the example's resource
// documents it, changesAfterImport, or an open bug does); after the apply,
// and without the import block, the plan is empty.
func (w *workdir) importByIdentity(e example, address string) {
	w.t.Helper()
	res := stateResource(w.t, w, address)
	if len(res.IdentityValues) == 0 {
		w.t.Fatalf("%s has no identity in the state after the import by ID", address)
	}
	var block strings.Builder
	fmt.Fprintf(&block, "import {\n  to = %s\n  identity = {\n", address)
	for _, k := range slices.Sorted(maps.Keys(res.IdentityValues)) {
		v, err := json.Marshal(res.IdentityValues[k])
		if err != nil {
			w.t.Fatal(err)
		}
		fmt.Fprintf(&block, "    %s = %s\n", k, v)
	}
	block.WriteString("  }\n}\n")
	file := filepath.Join(w.dir, identityImportFile)
	if err := os.WriteFile(file, []byte(block.String()), 0o644); err != nil {
		w.t.Fatal(err)
	}
	w.must("state", "rm", "-no-color", address)
	what := "the import block of " + address + " by identity"
	out := w.must("plan", "-input=false", "-no-color", "-out=identity.tfplan")
	m := importSummary.FindStringSubmatch(out)
	if m == nil {
		w.t.Fatalf("the plan of %s does not import it alone:\n%s\n%s", what, block.String(), out)
	}
	if m[1] == "1" {
		documented, isDocumented := changesAfterImport[e.name]
		bug, isBug := openBugs[e.name]
		switch {
		case isBug:
			w.t.Logf("the plan of %s also changes in place: open bug (%s)", what, bug)
		case isDocumented:
			w.t.Logf("the plan of %s also changes in place: %s", what, documented)
		default:
			w.t.Fatalf("the plan of %s also changes it:\n%s", what, out)
		}
	}
	w.must("apply", "-auto-approve", "-input=false", "-no-color", "identity.tfplan")
	if err := os.Remove(file); err != nil {
		w.t.Fatal(err)
	}
	w.planEmpty(what)
}

// isManagement: the type is one of fwmgr's management objects, whose
// examples create objects (the show data sources' only read).
func isManagement(name string) bool { return strings.HasPrefix(name, "fwmgr_management_") }

// runFwmgr applies every show example of examples/fwmgr/data-sources as one
// configuration (their data sources and outputs have names of their own),
// plans again (empty) and destroys.
func runFwmgr(t *testing.T, c cli) {
	dir := t.TempDir()
	root := filepath.Join(repoRoot, "examples", "fwmgr", "data-sources")
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) == 0 {
		t.Fatal("no fwmgr examples")
	}
	for _, e := range entries {
		if isManagement(e.Name()) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, e.Name(), "data-source.tf"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()+".tf"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	versions := fmt.Sprintf("terraform {\n  required_providers {\n    fwmgr = { source = %q }\n  }\n}\n", addressPrefix+"/fwmgr")
	if err := os.WriteFile(filepath.Join(dir, "versions_test_generated.tf"), []byte(versions), 0o644); err != nil {
		t.Fatal(err)
	}
	w := &workdir{t: t, tf: c.path, dir: dir, env: environ(example{provider: "fwmgr"}, dir)}
	w.must("validate", "-no-color")
	w.must("apply", "-auto-approve", "-input=false", "-no-color")
	w.planEmpty("apply")
	w.must("destroy", "-auto-approve", "-input=false", "-no-color")
}
