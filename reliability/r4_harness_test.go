package reliability

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	fwmgrsandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	hubsandbox "github.com/iacsuite/providers/internal/sandbox/hub"
	migrationsandbox "github.com/iacsuite/providers/internal/sandbox/migration"
	netfabsandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
	orchsandbox "github.com/iacsuite/providers/internal/sandbox/orch"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// The bad-input and security scenarios (R4, R5, R6) run the real terraform
// against the four provider binaries, installed through dev_overrides as
// scripts/demo.sh installs them, and the four sandbox services served in the
// test process behind a request counter: the counter is the request log
// that proves what reached a service.

// providerNames are the Terraform providers, each with its binary.
var providerNames = []string{"netfab", "cloudnative", "fwmgr", "orch"}

const orchAdminPassword = "reliability-orch-admin-pw-7e41"

var (
	binOnce sync.Once
	binDir  string
	binErr  error
)

// providerBinaries builds the provider binaries once per test process into
// a cache directory of its own (a rebuild of unchanged sources is a no-op).
func providerBinaries(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		cache, err := os.UserCacheDir()
		if err != nil {
			cache = os.TempDir()
		}
		binDir = filepath.Join(cache, "iacsuite-reliability-bin")
		if binErr = os.MkdirAll(binDir, 0o755); binErr != nil {
			return
		}
		args := []string{"build", "-o", binDir + string(filepath.Separator)}
		for _, p := range providerNames {
			args = append(args, "github.com/iacsuite/providers/cmd/terraform-provider-"+p)
		}
		// The orch CLI, which orch_controller drives (R5).
		args = append(args, "github.com/iacsuite/providers/cmd/orch")
		out, err := exec.Command("go", args...).CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %w\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binDir
}

// requestCounter counts the requests a service received, per method and
// path, so that a test can say which of them reached it.
type requestCounter struct {
	mu    sync.Mutex
	lines []string
	n     atomic.Int64
}

func (c *requestCounter) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.n.Add(1)
		c.mu.Lock()
		c.lines = append(c.lines, r.Method+" "+r.URL.Path)
		c.mu.Unlock()
		h.ServeHTTP(w, r)
	})
}

func (c *requestCounter) count() int64 { return c.n.Load() }

// since returns the requests after the first n.
func (c *requestCounter) since(n int64) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if int(n) >= len(c.lines) {
		return nil
	}
	return append([]string(nil), c.lines[n:]...)
}

// services are the four sandboxes of one test, each behind its counter.
type services struct {
	netfabURL, migrationURL, fwmgrURL, orchAddress string
	orchCACert                                     string
	hub                                            *relHub
	netfabHandler                                  http.Handler
	requests                                       map[string]*requestCounter // by provider name
	bin                                            string
}

// startServices serves fresh sandboxes of every service until t ends.
func startServices(t *testing.T, netfabCfg func(*netfabsandbox.Config)) *services {
	t.Helper()
	s := &services{requests: map[string]*requestCounter{}, bin: providerBinaries(t)}
	for _, p := range providerNames {
		s.requests[p] = &requestCounter{}
	}
	s.hub = startHub(t, nil)
	s.requests["hub"] = s.hub.requests
	open := func(name string) *store.Store {
		st, err := store.Open(filepath.Join(t.TempDir(), name+".db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	nc := netfabsandbox.Config{Store: open("netfab")}
	if netfabCfg != nil {
		netfabCfg(&nc)
	}
	nf, err := netfabsandbox.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	s.netfabHandler = nf
	s.netfabURL = sandboxtest.Serve(t, s.requests["netfab"].wrap(nf))

	mg, err := migrationsandbox.New(migrationsandbox.Config{Store: open("migration")})
	if err != nil {
		t.Fatal(err)
	}
	s.migrationURL = sandboxtest.Serve(t, s.requests["cloudnative"].wrap(mg))

	fw, err := fwmgrsandbox.New(fwmgrsandbox.Config{Store: open("fwmgr"), Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	s.fwmgrURL = sandboxtest.Serve(t, s.requests["fwmgr"].wrap(fw))

	// The orch controller reports its own address and certificate, as
	// orchtest serves it.
	certPEM, keyPEM, err := httpx.SelfSignedCertificate()
	if err != nil {
		t.Fatal(err)
	}
	cert, err := tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(nil)
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	s.orchAddress = srv.Listener.Addr().String()
	s.orchCACert = string(certPEM)
	oh, err := orchsandbox.New(orchsandbox.Config{
		Store: open("orch"), APIAddresses: []string{s.orchAddress}, CACertPEM: s.orchCACert,
		AdminPassword: orchAdminPassword,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = s.requests["orch"].wrap(oh)
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return s
}

// hubAdminSecret is the client secret of the administrator service account
// of the suite's hubs.
const hubAdminSecret = "reliability-hub-admin-secret-5d3a"

// relHub is an orch Hub served in the test process, as the controller is,
// behind its own request counter. It has no controllers: the scenarios use
// its identities, groups, roles and grants.
type relHub struct {
	address, caCert string
	requests        *requestCounter
	// issued records the access tokens the hub answered, so that a test
	// can look for them in logs.
	issued *requestCounter
	admin  *hubclient.Client
}

// tokenRecorder keeps the access token of every token answer.
type tokenRecorder struct {
	http.ResponseWriter
	body bytes.Buffer
}

func (r *tokenRecorder) Write(b []byte) (int, error) {
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

func (h *relHub) recordTokens(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != hubapi.TokenPath {
			next.ServeHTTP(w, r)
			return
		}
		rec := &tokenRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		var tok hubapi.TokenResponse
		if json.Unmarshal(rec.body.Bytes(), &tok) == nil && tok.AccessToken != "" {
			h.issued.mu.Lock()
			h.issued.lines = append(h.issued.lines, tok.AccessToken)
			h.issued.mu.Unlock()
		}
	})
}

// startHub serves a hub with its own store, and clock when now is not nil,
// until t ends.
func startHub(t *testing.T, now func() time.Time) *relHub {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "hub.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	certPEM, keyPEM, err := httpx.SelfSignedCertificate()
	if err != nil {
		t.Fatal(err)
	}
	cert, err := tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(nil)
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	h := &relHub{address: srv.Listener.Addr().String(), caCert: string(certPEM), requests: &requestCounter{}, issued: &requestCounter{}}
	hh, err := hubsandbox.New(hubsandbox.Config{
		Store: st, AdminClientSecret: hubAdminSecret, APIAddresses: []string{h.address}, CACertPEM: h.caCert, Now: now,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = h.requests.wrap(h.recordTokens(hh))
	srv.StartTLS()
	t.Cleanup(srv.Close)
	h.admin, err = hubclient.New(hubclient.Config{
		Addresses: []string{h.address}, CACertificate: h.caCert,
		ClientID: hubapi.DefaultAdminClientID, ClientSecret: hubAdminSecret,
	})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// createServiceAccount adds a service account to the hub, an administrator
// of the hub when admin is set, else without any grant.
func createServiceAccount(t *testing.T, h *relHub, clientID, secret string, admin bool) {
	t.Helper()
	ctx := context.Background()
	_, err := h.admin.CreateServiceAccount(ctx, hubapi.CreateServiceAccountRequest{ClientID: clientID, ClientSecret: secret})
	require.NoError(t, err)
	if admin {
		require.NoError(t, h.admin.ChangeRelations(ctx, []hubapi.Tuple{{
			Object: hubapi.ServiceAccountObject(clientID), Relation: hubapi.AccessAdministrator, Target: hubapi.HubTarget,
		}}, nil))
	}
}

// env is the environment that puts the orch provider in hub mode against
// this hub, as the given service account.
func (h *relHub) env(clientID, secret string) []string {
	return []string{
		"ORCH_CONTROLLER_ADDRESSES=" + h.address, "ORCH_CA_CERT=" + h.caCert,
		"ORCH_CLIENT_ID=" + clientID, "ORCH_CLIENT_SECRET=" + secret, "ORCH_USERNAME=", "ORCH_PASSWORD=",
	}
}

// env is the environment of a terraform run: the providers from dev
// overrides, their settings from the environment, as users commonly set
// them, and the default credentials of every sandbox.
func (s *services) env(dir string) []string {
	fw := strings.TrimPrefix(s.fwmgrURL, "https://")
	host, port, _ := strings.Cut(fw, ":")
	env := []string{
		"TF_CLI_CONFIG_FILE=" + filepath.Join(dir, ".terraformrc"),
		"CHECKPOINT_DISABLE=1",
		"TF_IN_AUTOMATION=1",
		"TF_VAR_netfab_environment=" + s.netfabURL,
		"NETFAB_ACCESS_KEY=" + netfabsandbox.DefaultAccessKey,
		"NETFAB_SECRET_KEY=" + netfabsandbox.DefaultSecretKey,
		"NETFAB_ACCEPT_PURCHASE_TERMS=true",
		"CLOUDNATIVE_ENDPOINT=" + s.migrationURL,
		"CLOUDNATIVE_ACCESS_TOKEN=" + migrationsandbox.DefaultToken,
		"CLOUDNATIVE_PROJECT=reliability",
		"CLOUDNATIVE_LOCATION=us-central1",
		"FWMGR_SERVER=" + host,
		"FWMGR_PORT=" + port,
		"FWMGR_USERNAME=" + fwmgrsandbox.DefaultUser,
		"FWMGR_PASSWORD=" + fwmgrsandbox.DefaultPassword,
		"FWMGR_SESSION_FILE_NAME=" + filepath.Join(dir, ".fwmgr-session"),
		"ORCH_CONTROLLER_ADDRESSES=" + s.orchAddress,
		"ORCH_CA_CERT=" + s.orchCACert,
		"ORCH_USERNAME=admin",
		"ORCH_PASSWORD=" + orchAdminPassword,
	}
	for _, kv := range os.Environ() {
		// Settings of the developer's own shell must not leak into runs.
		name, _, _ := strings.Cut(kv, "=")
		switch {
		case strings.HasPrefix(name, "TF_"), strings.HasPrefix(name, "NETFAB_"), strings.HasPrefix(name, "CLOUDNATIVE_"),
			strings.HasPrefix(name, "FWMGR_"), strings.HasPrefix(name, "ORCH_"):
			continue
		}
		env = append(env, kv)
	}
	return env
}

// workdir writes the CLI configuration that installs the four providers
// from their binaries, the required_providers of every provider and, for
// each provider the configuration does not configure itself, a provider
// block, then the files.
func (s *services) workdir(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	var rc strings.Builder
	rc.WriteString("provider_installation {\n  dev_overrides {\n")
	for _, p := range providerNames {
		fmt.Fprintf(&rc, "    %q = %q\n", "iacsuite.example/iacsuite/"+p, s.bin)
	}
	rc.WriteString("  }\n  direct {}\n}\n")
	var all strings.Builder
	for _, body := range files {
		all.WriteString(body)
	}
	var h strings.Builder
	h.WriteString("terraform {\n  required_providers {\n")
	for _, p := range providerNames {
		fmt.Fprintf(&h, "    %s = { source = %q }\n", p, "iacsuite.example/iacsuite/"+p)
	}
	h.WriteString("  }\n}\n\nvariable \"netfab_environment\" {\n  type = string\n}\n")
	if !strings.Contains(all.String(), `provider "netfab"`) {
		h.WriteString("\nprovider \"netfab\" {\n  environment = var.netfab_environment\n}\n")
	}
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".terraformrc", rc.String())
	write("harness.tf", h.String())
	for name, body := range files {
		write(name, body)
	}
	return dir
}

// tfResult is one terraform run.
type tfResult struct {
	out string // standard output and error, in order
	err error
}

// terraform runs terraform with args in dir, with extra environment.
func (s *services) terraform(ctx context.Context, dir string, extraEnv []string, args ...string) tfResult {
	cmd := exec.CommandContext(ctx, "terraform", args...)
	cmd.Dir = dir
	cmd.Env = append(s.env(dir), extraEnv...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	return tfResult{out: out.String(), err: err}
}
