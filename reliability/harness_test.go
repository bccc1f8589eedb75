package reliability

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The scenarios of this file's package drive built binaries: bin/sandbox,
// bin/terraform-provider-<p> (make install) and, for Pulumi, bin/pulumi and
// bin/pulumi-resource-<p> (make pulumi-install). RELIABILITY_BIN names that
// directory; without it the scenarios are skipped, so that `go test ./...`
// does not run them.
const binEnv = "RELIABILITY_BIN"

// shortEnv set to 1 runs the short form of every scenario (make test).
const shortEnv = "RELIABILITY_SHORT"

// relAddressPrefix is the providers' source address prefix (GNUmakefile).
const relAddressPrefix = "iacsuite.example/iacsuite"

// relProviders are the providers the scenarios use.
var relProviders = []string{"netfab", "cloudnative", "fwmgr", "orch"}

// relServices are the services of `sandbox serve`.
var relServices = []string{"netfab", "migration", "fwmgr", "orch"}

// orchPassword is the orch admin password of every sandbox the suite runs.
const orchPassword = "reliability-admin-pw"

// relBin returns the binaries' directory or skips the test.
func relBin(t *testing.T) string {
	t.Helper()
	dir := os.Getenv(binEnv)
	if dir == "" {
		t.Skipf("%s is not set: run `make test-reliability`", binEnv)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

func relShort() bool { return os.Getenv(shortEnv) == "1" }

// relSandbox is a `sandbox serve` process on free loopback ports with a state
// directory of its own, which survives a restart of the process.
type relSandbox struct {
	t      *testing.T
	bin    string
	dir    string
	args   []string
	cmd    *exec.Cmd
	done   chan struct{}
	urls   map[string]string // service -> https://host:port
	caFile string
	stderr *os.File
	faults int // faults logged by earlier processes on this state dir
	http   *http.Client
	// exports are the variables `sandbox serve` printed for the providers.
	exports map[string]string
}

// lastEnvExport begins the last line of the environment `sandbox serve`
// prints.
const lastEnvExport = "export SANDBOX_FWMGR_EAST_API_KEY="

// startSandbox starts bin/sandbox with extra flags (such as --fault-*).
func startSandbox(t *testing.T, bin string, args ...string) *relSandbox {
	t.Helper()
	s := &relSandbox{t: t, bin: bin, dir: t.TempDir(), args: args}
	s.caFile = filepath.Join(s.dir, "sandbox-ca.pem")
	s.start(nil)
	t.Cleanup(s.stop)
	return s
}

// start runs the process; ports, when given, are the addresses to listen on
// again (after a restart), else the OS chooses.
func (s *relSandbox) start(ports map[string]string) {
	t := s.t
	t.Helper()
	args := []string{"serve", "--state-dir", s.dir, "--provisioning-delay", "200ms", "--rate-limit", "0",
		"--orch-admin-password", orchPassword}
	for _, svc := range relServices {
		addr := "127.0.0.1:0"
		if ports != nil {
			addr = strings.TrimPrefix(ports[svc], "https://")
		}
		args = append(args, "--"+svc+"-addr", addr)
	}
	args = append(args, s.args...)
	s.cmd = exec.Command(filepath.Join(s.bin, "sandbox"), args...)
	var err error
	s.stderr, err = os.OpenFile(filepath.Join(s.dir, "sandbox.err"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	s.cmd.Stderr = s.stderr
	out, err := s.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s.done = make(chan struct{})
	go func(cmd *exec.Cmd, done chan struct{}) { _ = cmd.Wait(); close(done) }(s.cmd, s.done)
	urls := map[string]string{}
	sc := bufio.NewScanner(out)
	for len(urls) < len(relServices) && sc.Scan() {
		if name, u, ok := strings.Cut(sc.Text(), ": "); ok && strings.HasPrefix(u, "https://") {
			urls[name] = u
		}
	}
	if len(urls) < len(relServices) {
		errOut, _ := os.ReadFile(filepath.Join(s.dir, "sandbox.err"))
		t.Fatalf("sandbox did not start: %s", errOut)
	}
	// Then the environment it prints for the providers, with the
	// credentials it generated (the fwmgr password): the suite takes them
	// from there, as a user does.
	s.exports = map[string]string{}
	for sc.Scan() {
		name, value, ok := strings.Cut(strings.TrimPrefix(sc.Text(), "export "), "=")
		if ok && strings.HasPrefix(sc.Text(), "export ") {
			s.exports[name] = strings.Trim(value, "'")
		}
		if strings.HasPrefix(sc.Text(), lastEnvExport) {
			break
		}
	}
	go func() { _, _ = io.Copy(io.Discard, out) }()
	s.urls = urls
	pem, err := os.ReadFile(s.caFile)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pem)
	s.http = &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}, Timeout: time.Minute}
}

// kill ends the process with SIGKILL, as a crash would.
func (s *relSandbox) kill() {
	s.faults += s.injected()
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.done
	s.stderr.Close()
}

// restart starts the process again on the same state directory and ports,
// with flags replacing the fault flags.
func (s *relSandbox) restart(args ...string) {
	s.args = args
	s.start(s.urls)
}

func (s *relSandbox) stop() {
	select {
	case <-s.done:
		return
	default:
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(15 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
	}
	s.stderr.Close()
}

// injected counts the fault lines the current process logged.
func (s *relSandbox) injected() int {
	b, err := os.ReadFile(filepath.Join(s.dir, "sandbox.err"))
	if err != nil {
		return 0
	}
	return strings.Count(string(b), ": fault injected: ") - s.faults
}

// env is the settings of every provider for this sandbox.
func (s *relSandbox) env() []string {
	return []string{
		"SSL_CERT_FILE=" + s.caFile,
		"NETFAB_ACCESS_KEY=sandbox-access-key", "NETFAB_SECRET_KEY=sandbox-secret-key", "NETFAB_ACCEPT_PURCHASE_TERMS=true",
		"CLOUDNATIVE_ACCESS_TOKEN=sandbox-migration-token",
		"ORCH_CONTROLLER_ADDRESSES=" + strings.TrimPrefix(s.urls["orch"], "https://"),
		"ORCH_USERNAME=admin", "ORCH_PASSWORD=" + orchPassword,
	}
}

// relTerraform runs terraform in one working directory with the providers
// taken from the binaries' directory (dev_overrides, no init).
type relTerraform struct {
	t   *testing.T
	dir string
	env []string
	n   int // commands run, for log file names
}

func newTerraform(t *testing.T, bin string, env []string, hcl string) *relTerraform {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(hcl), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, ".terraformrc")
	var b strings.Builder
	b.WriteString("provider_installation {\n  dev_overrides {\n")
	for _, p := range relProviders {
		fmt.Fprintf(&b, "    %q = %q\n", relAddressPrefix+"/"+p, bin)
	}
	b.WriteString("  }\n  direct {}\n}\n")
	if err := os.WriteFile(cfg, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	env = append([]string{"TF_CLI_CONFIG_FILE=" + cfg, "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1"}, env...)
	return &relTerraform{t: t, dir: dir, env: env}
}

// run runs `terraform args...` and returns its exit code and output.
func (tf *relTerraform) run(ctx context.Context, args ...string) (int, string) {
	tf.t.Helper()
	tf.n++
	cmd := exec.CommandContext(ctx, "terraform", args...)
	cmd.Dir = tf.dir
	cmd.Env = append(os.Environ(), tf.env...)
	out, err := cmd.CombinedOutput()
	_ = os.WriteFile(filepath.Join(tf.dir, fmt.Sprintf("%02d-%s.log", tf.n, args[0])), out, 0o644)
	code := 0
	if err != nil {
		code = -1
		if cmd.ProcessState != nil {
			code = cmd.ProcessState.ExitCode()
		}
	}
	return code, string(out)
}

// apply runs terraform apply; it reports success.
func (tf *relTerraform) apply(ctx context.Context, extra ...string) (bool, string) {
	code, out := tf.run(ctx, append([]string{"apply", "-auto-approve", "-input=false", "-no-color", "-compact-warnings"}, extra...)...)
	return code == 0, out
}

// destroy runs terraform destroy; it reports success.
func (tf *relTerraform) destroy(ctx context.Context) (bool, string) {
	code, out := tf.run(ctx, "destroy", "-auto-approve", "-input=false", "-no-color", "-compact-warnings")
	return code == 0, out
}

// planEmpty reports whether a plan has nothing to do.
func (tf *relTerraform) planEmpty(ctx context.Context) (bool, string) {
	code, out := tf.run(ctx, "plan", "-input=false", "-no-color", "-detailed-exitcode")
	return code == 0, out
}

// converge applies until an apply succeeds and the next plan is empty, at
// most tries applies; it returns the applies it took.
func (tf *relTerraform) converge(ctx context.Context, tries int) (int, bool, string) {
	var out string
	for i := 1; i <= tries; i++ {
		var ok bool
		if ok, out = tf.apply(ctx); !ok {
			continue
		}
		if ok, out = tf.planEmpty(ctx); ok {
			return i, true, out
		}
	}
	return tries, false, lastOf(out, 3000)
}

// destroyAll destroys until it succeeds, at most tries times.
func (tf *relTerraform) destroyAll(ctx context.Context, tries int) (bool, string) {
	var out string
	for range tries {
		var ok bool
		if ok, out = tf.destroy(ctx); ok {
			return true, out
		}
	}
	return false, lastOf(out, 3000)
}

func lastOf(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// requiredProviders is the terraform block for the providers named.
func requiredProviders(names ...string) string {
	var b strings.Builder
	b.WriteString("terraform {\n  required_providers {\n")
	for _, n := range names {
		fmt.Fprintf(&b, "    %s = { source = %q }\n", n, relAddressPrefix+"/"+n)
	}
	b.WriteString("  }\n}\n\n")
	return b.String()
}
