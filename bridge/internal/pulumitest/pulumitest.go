// Package pulumitest runs the real Pulumi CLI in tests: a file backend and a
// Pulumi home in temporary directories, a passphrase secrets provider, no
// update checks and no plugin downloads, and the bridged provider plugins
// (pulumi-resource-<p>) installed into the plugin cache with `pulumi plugin
// install resource <p> <version> --file <binary>`, as `make install` does,
// and found there only (PULUMI_IGNORE_AMBIENT_PLUGINS: never from PATH).
//
// The CLI is bin/pulumi, built by `make pulumi-install` from tools/pulumi.
// When it is missing the tests are skipped with a message, unless
// PULUMI_TEST_REQUIRE_CLI is set (make pulumi-test sets it), which turns that
// into a failure.
//
// A package's tests declare only what is its own: TestMain is Main; a
// sandbox is ServeSandbox with the service's constructor; a stack is
// CLI.InitStack with the provider's Config, and a program runs with
// CLI.Up, Preview, Outputs and Destroy; Go and TypeScript programs are
// NewGoProgram and NewTSProgram; the import test is NewImportSuite with the
// package's ImportCases; the schema checks against the seed are
// CheckSeedTokens, CheckSeedResources, CheckSeedFunctions, CheckSeedConfig
// and CheckCommittedSchema; terraformConfig is TerraformConfig.
package pulumitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Passphrase of every test stack's secrets provider.
const Passphrase = "pulumitest-passphrase"

// TB is the part of testing.TB the plugin build needs, so TestMain can use
// it through sandboxtest.ForMain.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// ModuleRoot is the directory of the bridge module (bridge/).
func ModuleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("not inside a Go module")
	}
	return filepath.Dir(gomod), nil
}

// FindCLI returns the path of the pulumi CLI: the one on PATH, or the
// repository's bin/pulumi. It returns "" when there is none.
func FindCLI() string {
	if p, err := exec.LookPath("pulumi"); err == nil {
		return p
	}
	if root, err := ModuleRoot(); err == nil {
		p := filepath.Join(root, "..", "bin", "pulumi")
		if st, err := os.Stat(p); err == nil && st.Mode()&0o111 != 0 {
			abs, _ := filepath.Abs(p)
			return abs
		}
	}
	return ""
}

var (
	pluginsOnce sync.Once
	pluginsDir  string
	pluginsErr  error
)

// Plugins returns a directory holding pulumi-resource-<p> of every
// package. PULUMI_TEST_PLUGIN_DIR names one that is known to be current
// (make passes bin/, which it has just rebuilt); otherwise the plugins are
// built from this module's sources into a temporary directory, once per
// test binary (the packages of the first call), which Cleanup removes.
func Plugins(t TB, packages ...string) string {
	t.Helper()
	if dir := os.Getenv("PULUMI_TEST_PLUGIN_DIR"); dir != "" {
		for _, p := range packages {
			if _, err := os.Stat(filepath.Join(dir, "pulumi-resource-"+p)); err != nil {
				t.Fatalf("PULUMI_TEST_PLUGIN_DIR: %v", err)
			}
		}
		return dir
	}
	pluginsOnce.Do(func() {
		root, err := ModuleRoot()
		if err != nil {
			pluginsErr = err
			return
		}
		dir, err := os.MkdirTemp("", "pulumitest-plugins-")
		if err != nil {
			pluginsErr = err
			return
		}
		args := []string{"build", "-o", dir + string(filepath.Separator)}
		for _, p := range packages {
			args = append(args, "./cmd/pulumi-resource-"+p)
		}
		cmd := exec.Command("go", args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			pluginsErr = fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, out)
			return
		}
		pluginsDir = dir
	})
	if pluginsErr != nil {
		t.Fatalf("building provider plugins: %v", pluginsErr)
	}
	return pluginsDir
}

// Cleanup removes the plugins Plugins built and the plugin cache
// PluginCache filled; TestMain calls it after the tests ran.
func Cleanup() {
	if pluginsDir != "" {
		_ = os.RemoveAll(pluginsDir)
	}
	if cacheHome != "" {
		_ = os.RemoveAll(cacheHome)
	}
}

var (
	cacheMu   sync.Mutex
	cacheHome string            // a Pulumi home whose plugins/ is the cache
	cached    map[string]string // package -> version installed
)

// PluginCache installs pulumi-resource-<p> of every package (from Plugins)
// into a plugin cache shared by the tests of this binary, once per package,
// with `pulumi plugin install resource <p> <version> --file <binary>`
// (the version is the one the plugin reports), and returns the directory
// of that cache (a Pulumi home's plugins/).
func PluginCache(t TB, cli string, packages ...string) string {
	t.Helper()
	dir := Plugins(t, packages...)
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if cacheHome == "" {
		home, err := os.MkdirTemp("", "pulumitest-home-")
		if err != nil {
			t.Fatalf("plugin cache: %v", err)
		}
		cacheHome, cached = home, map[string]string{}
	}
	for _, p := range packages {
		if cached[p] != "" {
			continue
		}
		bin := filepath.Join(dir, "pulumi-resource-"+p)
		out, err := exec.Command(bin, "--version").Output()
		if err != nil {
			t.Fatalf("%s --version: %v", bin, err)
		}
		version := strings.TrimSpace(string(out))
		cmd := exec.Command(cli, "plugin", "install", "resource", p, version, "--file", bin)
		cmd.Env = append(os.Environ(), "PULUMI_HOME="+cacheHome, "PULUMI_SKIP_UPDATE_CHECK=true")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("pulumi plugin install resource %s %s --file %s: %v\n%s", p, version, bin, err, out)
		}
		cached[p] = version
	}
	return filepath.Join(cacheHome, "plugins")
}

// PluginVersion is the version of package p in the plugin cache
// (PluginCache installed it).
func PluginVersion(p string) string {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	return cached[p]
}

// CLI runs pulumi commands for one test.
type CLI struct {
	t       *testing.T
	Bin     string // the pulumi binary
	Home    string // PULUMI_HOME
	Backend string // file:// URL of the state
	env     map[string]string
}

// New returns a CLI with a fresh backend and home whose plugin cache holds
// the provider plugins of packages (see PluginCache), and none of the PULUMI_* or
// provider variables (NETFAB_*, CLOUDNATIVE_*, FWMGR_*) of the calling environment.
// It skips the test when there is no CLI (see the package comment).
func New(t *testing.T, packages ...string) *CLI {
	t.Helper()
	bin := FindCLI()
	if bin == "" {
		msg := "the pulumi CLI is not on PATH and bin/pulumi does not exist; `make pulumi-test` builds it (make pulumi-install)"
		if os.Getenv("PULUMI_TEST_REQUIRE_CLI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	cache := PluginCache(t, bin, packages...)
	state := t.TempDir()
	c := &CLI{
		t:       t,
		Bin:     bin,
		Home:    filepath.Join(state, "home"),
		Backend: "file://" + filepath.ToSlash(filepath.Join(state, "backend")),
		env:     map[string]string{},
	}
	for _, d := range []string{c.Home, filepath.Join(state, "backend")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// The shared plugin cache is this home's.
	if err := os.Symlink(cache, filepath.Join(c.Home, "plugins")); err != nil {
		t.Fatal(err)
	}
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "PULUMI_") || strings.HasPrefix(k, "NETFAB_") || strings.HasPrefix(k, "CLOUDNATIVE_") || strings.HasPrefix(k, "FWMGR_") {
			continue
		}
		c.env[k] = v
	}
	// The CLI first on PATH (the Automation API runs the one it finds
	// there); the language host (pulumi-language-yaml) sits next to it, and
	// the provider plugins come from the plugin cache only, even where bin/
	// also holds them.
	c.env["PATH"] = strings.Join([]string{filepath.Dir(bin), os.Getenv("PATH")}, string(os.PathListSeparator))
	c.env["PULUMI_IGNORE_AMBIENT_PLUGINS"] = "true"
	c.env["PULUMI_HOME"] = c.Home
	c.env["PULUMI_BACKEND_URL"] = c.Backend
	c.env["PULUMI_CONFIG_PASSPHRASE"] = Passphrase
	c.env["PULUMI_SKIP_UPDATE_CHECK"] = "true"
	c.env["PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION"] = "true"
	c.env["PULUMI_SKIP_CONFIRMATIONS"] = "true"
	c.env["NO_COLOR"] = "1"
	return c
}

// Setenv sets a variable of every later command.
func (c *CLI) Setenv(k, v string) { c.env[k] = v }

// Env is the environment of the commands, as a map (for the Automation
// API's EnvVars).
func (c *CLI) Env() map[string]string {
	out := make(map[string]string, len(c.env))
	for k, v := range c.env {
		out[k] = v
	}
	return out
}

func (c *CLI) environ() []string {
	out := make([]string, 0, len(c.env))
	for k, v := range c.env {
		out = append(out, k+"="+v)
	}
	return out
}

// Result of a command.
type Result struct {
	Stdout, Stderr string
	Err            error
}

// Exec runs pulumi args in dir and returns what happened.
func (c *CLI) Exec(dir string, args ...string) Result {
	c.t.Helper()
	cmd := exec.Command(c.Bin, args...)
	cmd.Dir = dir
	cmd.Env = c.environ()
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	cmd.Stdin = strings.NewReader("")
	err := cmd.Run()
	return Result{Stdout: stdout.String(), Stderr: stderr.String(), Err: err}
}

// Run runs pulumi args in dir and fails the test when it fails.
func (c *CLI) Run(dir string, args ...string) string {
	c.t.Helper()
	c.t.Logf("pulumi %s", strings.Join(args, " "))
	r := c.Exec(dir, args...)
	if r.Err != nil {
		c.t.Fatalf("pulumi %s: %v\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), r.Err, r.Stdout, r.Stderr)
	}
	return r.Stdout
}

// RunJSON runs pulumi args (which should include --json) and decodes stdout
// into v.
func (c *CLI) RunJSON(dir string, v any, args ...string) {
	c.t.Helper()
	out := c.Run(dir, args...)
	if err := json.Unmarshal([]byte(out), v); err != nil {
		c.t.Fatalf("pulumi %s: output is not JSON: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// Project copies the Pulumi project in src (a directory of the repository)
// to a temporary directory and returns it, so that stack files stay out of
// the repository.
func (c *CLI) Project(src string) string {
	c.t.Helper()
	dst := c.t.TempDir()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if strings.HasPrefix(d.Name(), "Pulumi.") && d.Name() != "Pulumi.yaml" {
			return nil // stack settings of someone's own stacks
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(target)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
	if err != nil {
		c.t.Fatalf("copying %s: %v", src, err)
	}
	return dst
}

// Preview is the part of `pulumi preview --json` the tests read.
type Preview struct {
	Steps []struct {
		Op             string   `json:"op"`
		URN            string   `json:"urn"`
		DiffReasons    []string `json:"diffReasons"`
		ReplaceReasons []string `json:"replaceReasons"`
	} `json:"steps"`
	ChangeSummary map[string]int `json:"changeSummary"`
	Diagnostics   []struct {
		Message  string `json:"message"`
		Severity string `json:"severity"`
	} `json:"diagnostics"`
}

// Ops maps the name of each resource of a preview to its operation.
func (p Preview) Ops() map[string]string {
	out := map[string]string{}
	for _, s := range p.Steps {
		out[s.URN[strings.LastIndex(s.URN, "::")+2:]] = s.Op
	}
	return out
}

// Changes counts the operations other than "same".
func (p Preview) Changes() int {
	n := 0
	for op, count := range p.ChangeSummary {
		if op != "same" {
			n += count
		}
	}
	return n
}
