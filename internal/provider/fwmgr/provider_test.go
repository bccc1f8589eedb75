package fwmgr

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/fwmgr"
	sandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Acceptance tests run the real terraform binary (TF_ACC=1,
// TF_ACC_TERRAFORM_PATH) against device sandboxes served in this process.
// Most use the provider in process; the tests of parallel runs and of
// TF_LOG start terraform themselves, with this test binary as the provider
// plugin (servePluginEnv), so that each run has its own provider process
// as in production.

// servePluginEnv makes the test binary serve the provider as a plugin
// instead of running tests: terraform starts it through dev_overrides.
const servePluginEnv = "FWMGR_TEST_SERVE_PROVIDER"

// providerAddress is the source address of the provider.
const providerAddress = "iacsuite.example/iacsuite/fwmgr"

var (
	// shared is the device sandbox most tests read.
	shared *testDevice
	// seed is the device the sandbox serves, built by the same code.
	seed = sandbox.Seed()
)

var protoV6ProviderFactories = acctest.ProviderFactories("fwmgr", New("test"))

func TestMain(m *testing.M) {
	acctest.ServePluginIfAsked("fwmgr", New("test"))
	if os.Getenv(servePluginEnv) == "1" {
		err := providerserver.Serve(context.Background(), New("test"), providerserver.ServeOpts{Address: providerAddress})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	tb, cleanup := sandboxtest.ForMain()
	shared = startDevice(tb, nil)
	// The provider reads the device and the credentials from the
	// environment, as users commonly configure it.
	for k, v := range shared.env() {
		os.Setenv(k, v)
	}
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// testDevice is a device sandbox served in this process that counts the
// successful logins.
type testDevice struct {
	url    *url.URL
	logins atomic.Int64
	// beforeLogin, when set, runs before the device answers a login.
	beforeLogin atomic.Pointer[func()]

	rawOnce sync.Once
	rawSID  string
}

// startDevice serves a fresh device sandbox with its own store; now is
// its clock (nil: the real one).
func startDevice(t sandboxtest.TB, now func() time.Time) *testDevice {
	d := &testDevice{}
	u := acctest.StartSandbox(t, "fwmgr", func(st *store.Store) (http.Handler, error) {
		h, err := sandbox.New(sandbox.Config{Store: st, Now: now})
		if err != nil {
			return nil, err
		}
		return d.counting(h), nil
	})
	var err error
	if d.url, err = url.Parse(u); err != nil {
		t.Fatalf("sandbox URL: %v", err)
	}
	return d
}

// counting counts the successful logins and runs beforeLogin.
func (d *testDevice) counting(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		isLogin := strings.HasSuffix(r.URL.Path, "/"+api.CommandLogin)
		if f := d.beforeLogin.Load(); f != nil && isLogin {
			(*f)()
		}
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		if isLogin && rec.status == http.StatusOK {
			d.logins.Add(1)
		}
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

// env is the provider's environment for this device.
func (d *testDevice) env() map[string]string {
	return map[string]string{
		"FWMGR_SERVER":   d.url.Hostname(),
		"FWMGR_PORT":     d.url.Port(),
		"FWMGR_USERNAME": sandbox.DefaultUser,
		"FWMGR_PASSWORD": sandbox.DefaultPassword,
	}
}

// providerBlock configures the provider for d in the configuration itself
// (the shared device needs none: it comes from the environment).
func (d *testDevice) providerBlock(extra ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "provider \"fwmgr\" {\n  server = %q\n  port   = %s\n", d.url.Hostname(), d.url.Port())
	for _, line := range extra {
		b.WriteString("  " + line + "\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// raw runs a command on the device over plain HTTP, without the provider
// or its client, and returns the JSON answer: what the tests compare the
// provider's state with.
func (d *testDevice) raw(t *testing.T, command string, payload any) map[string]any {
	t.Helper()
	d.rawOnce.Do(func() {
		var login api.LoginResponse
		d.post(t, api.CommandLogin, "", api.LoginRequest{User: sandbox.DefaultUser, Password: sandbox.DefaultPassword}, &login)
		d.rawSID = login.SID
	})
	var out map[string]any
	d.post(t, command, d.rawSID, payload, &out)
	return out
}

func (d *testDevice) post(t *testing.T, command, sid string, in, out any) {
	t.Helper()
	body, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, d.url.String()+api.Path("", api.ContextOS, "", command), bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if sid != "" {
		req.Header.Set(api.SessionHeader, sid)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: HTTP %d: %s", command, resp.StatusCode, raw)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(out); err != nil {
		t.Fatalf("%s: %v", command, err)
	}
}

// terraformRun is a working directory in which terraform runs with this
// test binary as the fwmgr provider plugin.
type terraformRun struct {
	dir string
	env []string
}

func newTerraformRun(t *testing.T, config string, env map[string]string) *terraformRun {
	t.Helper()
	tf := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if tf == "" {
		t.Skip("TF_ACC_TERRAFORM_PATH is not set")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	plugins := filepath.Join(root, "plugins")
	work := filepath.Join(root, "work")
	for _, d := range []string{plugins, work} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(self, filepath.Join(plugins, "terraform-provider-fwmgr")); err != nil {
		t.Fatal(err)
	}
	cli := fmt.Sprintf("provider_installation {\n  dev_overrides {\n    %q = %q\n  }\n  direct {}\n}\n", providerAddress, plugins)
	cliFile := filepath.Join(root, "terraformrc")
	main := fmt.Sprintf("terraform {\n  required_providers {\n    fwmgr = { source = %q }\n  }\n}\n\n%s", providerAddress, config)
	for name, content := range map[string]string{cliFile: cli, filepath.Join(work, "main.tf"): main} {
		if err := os.WriteFile(name, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	r := &terraformRun{dir: work, env: append(os.Environ(),
		"TF_CLI_CONFIG_FILE="+cliFile, servePluginEnv+"=1", "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1")}
	for k, v := range env {
		r.env = append(r.env, k+"="+v)
	}
	return r
}

// plan runs terraform plan and returns its combined output.
func (r *terraformRun) plan(ctx context.Context) (string, error) {
	cmd := exec.CommandContext(ctx, os.Getenv("TF_ACC_TERRAFORM_PATH"), "plan", "-input=false", "-no-color", "-lock=false", "-refresh=true")
	cmd.Dir = r.dir
	cmd.Env = r.env
	out, err := cmd.CombinedOutput()
	return string(out), err
}
