// Package hubtest starts a hub inside a test process, on HTTPS loopback with
// a certificate of its own that the test trusts explicitly (as a user passes
// caCertificate), in front of orch test controllers (orchtest), for the
// hub's sandbox, client and provider tests.
package hubtest

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/hub"
	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// AdminSecret is the client secret of the hub's administrator service
// account (hubapi.DefaultAdminClientID) in every test hub.
const AdminSecret = "hubtest-admin-client-secret"

// Options change a test hub.
type Options struct {
	Now      func() time.Time
	TokenTTL time.Duration
	// StorePath is the database file; default a new one in a temporary
	// directory. Reusing one is the same hub after a restart.
	StorePath string
	// RateLimit and RateBurst are the hub's request limit (zero: none).
	RateLimit float64
	RateBurst int
	// NoDefaultGrants: the hub starts without the grants of its upstream
	// counterpart (an administrator user; everyone may add models on
	// localhost), for tests that need a caller with no rights.
	NoDefaultGrants bool
}

// Hub is a running test hub.
type Hub struct {
	URL       string // https://127.0.0.1:<port>
	Address   string // 127.0.0.1:<port>
	CACertPEM string
	StorePath string
	// Client trusts the hub's certificate.
	Client *http.Client
}

// Start runs a hub until the test ends.
func Start(t testing.TB, opts Options) *Hub {
	t.Helper()
	path := opts.StorePath
	if path == "" {
		path = filepath.Join(t.TempDir(), "hub.db")
	}
	st, err := store.Open(path)
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
	addr := srv.Listener.Addr().String()
	h, err := hub.New(hub.Config{
		Store:             st,
		AdminClientSecret: AdminSecret,
		APIAddresses:      []string{addr},
		CACertPEM:         string(certPEM),
		TokenTTL:          opts.TokenTTL,
		Now:               opts.Now,
		RateLimit:         opts.RateLimit,
		RateBurst:         opts.RateBurst,
		NoDefaultGrants:   opts.NoDefaultGrants,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = h
	srv.StartTLS()
	t.Cleanup(srv.Close)
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(certPEM)
	return &Hub{
		URL: srv.URL, Address: addr, CACertPEM: string(certPEM), StorePath: path,
		Client: &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}},
	}
}

// Token obtains a bearer token with client credentials, failing the test
// when the hub refuses them.
func (h *Hub) Token(t testing.TB, clientID, secret string) string {
	t.Helper()
	form := url.Values{"grant_type": {"client_credentials"}}
	req, err := http.NewRequest(http.MethodPost, h.URL+hubapi.TokenPath, strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.SetBasicAuth(clientID, secret)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := h.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var tok hubapi.TokenResponse
	if err := json.NewDecoder(resp.Body).Decode(&tok); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("token for %s: HTTP %d %v", clientID, resp.StatusCode, err)
	}
	return tok.AccessToken
}

// AdminToken is a token of the hub's administrator.
func (h *Hub) AdminToken(t testing.TB) string {
	return h.Token(t, hubapi.DefaultAdminClientID, AdminSecret)
}

// Do sends a JSON request with a bearer token and returns the status and
// the raw answer.
func (h *Hub) Do(t testing.TB, token, method, path, body string) (int, []byte) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, h.URL+path, r)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := h.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, raw
}

// Register registers a test controller in the hub under name, as the hub's
// administrator, and returns the controller's UUID.
func (h *Hub) Register(t testing.TB, token, name string, ctl *orchtest.Controller) string {
	t.Helper()
	uuid := ControllerUUID(t, ctl)
	body, err := json.Marshal(hubapi.RegisterControllerRequest{
		Name: name, UUID: uuid, APIAddresses: ctl.Addresses, CACertificate: ctl.CACertPEM,
		Username: "admin", Password: ctl.Password,
	})
	if err != nil {
		t.Fatal(err)
	}
	if status, raw := h.Do(t, token, http.MethodPost, hubapi.APIPrefix+"/controllers", string(body)); status != http.StatusCreated {
		t.Fatalf("register %s: HTTP %d %s", name, status, raw)
	}
	return uuid
}

// ControllerUUID reads a test controller's UUID (GET /v1/controller needs
// a login).
func ControllerUUID(t testing.TB, ctl *orchtest.Controller) string {
	t.Helper()
	resp, err := ctl.Client.Post(ctl.URL+"/v1/login", "application/json",
		strings.NewReader(`{"username": "admin", "password": "`+ctl.Password+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var login struct {
		Controller struct {
			UUID string `json:"uuid"`
		} `json:"controller"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&login); err != nil || login.Controller.UUID == "" {
		t.Fatalf("controller login: HTTP %d %v", resp.StatusCode, err)
	}
	return login.Controller.UUID
}
