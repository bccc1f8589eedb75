// Package orchtest starts an orch controller sandbox inside a test process,
// on HTTPS loopback with a certificate of its own that the test trusts
// explicitly (as a user passes caCertificate), for the client, provider and
// sandbox tests.
package orchtest

import (
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/orch"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// AdminPassword is the password of the user admin of every test controller.
const AdminPassword = "orchtest-admin-password"

// Options change a test controller.
type Options struct {
	// ProvisioningDelay paces machines and removals; 0 makes them
	// immediate.
	ProvisioningDelay time.Duration
	Now               func() time.Time
	ControllerName    string
	// StorePath is the database file; default a new one in a temporary
	// directory. Two controllers on one file are two addresses of the same
	// controller, or the same controller after a restart.
	StorePath string
	// ModelDefaults are the controller's model defaults.
	ModelDefaults map[string]string
	// Addresses is the number of addresses the controller listens on, all
	// with the same certificate and state (default 1), for fail-over tests.
	Addresses int
	// Faults are injected into the controller's answers; Controller.Faults
	// counts them.
	Faults httpx.Faults
	// RemoteControllers is the controller's allow-list of offering
	// controllers' addresses (orch.Config.RemoteControllers).
	RemoteControllers []string
	// RemoteControllerAllowed allows further offering controllers
	// (orch.Config.RemoteControllerAllowed).
	RemoteControllerAllowed func(hostport string) bool
	// ControllerModel and DefaultCloud: orch.Config's.
	ControllerModel bool
	DefaultCloud    string
}

// Controller is a running test controller.
type Controller struct {
	URL     string // https://127.0.0.1:<port> of the first address
	Address string // 127.0.0.1:<port>, the first address
	// Addresses are all the addresses, as a client lists them.
	Addresses []string
	CACertPEM string
	Password  string
	Store     *store.Store
	// Client trusts the controller's certificate.
	Client *http.Client
	// Faults injects Options.Faults.
	Faults *httpx.FaultInjector

	servers []*httptest.Server
}

// StopAddress stops listening on Addresses[i], as when one machine of a
// highly available controller is down; connections to it are refused.
func (c *Controller) StopAddress(i int) {
	c.servers[i].Close()
}

// Start runs a controller until the test ends.
func Start(t testing.TB, opts Options) *Controller {
	t.Helper()
	path := opts.StorePath
	if path == "" {
		path = filepath.Join(t.TempDir(), "orch.db")
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
	n := max(opts.Addresses, 1)
	servers := make([]*httptest.Server, n)
	var addrs []string
	for i := range servers {
		servers[i] = httptest.NewUnstartedServer(nil)
		servers[i].TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
		addrs = append(addrs, servers[i].Listener.Addr().String())
	}
	h, err := orch.New(orch.Config{
		Store:                   st,
		ControllerName:          opts.ControllerName,
		APIAddresses:            addrs,
		CACertPEM:               string(certPEM),
		AdminPassword:           AdminPassword,
		ProvisioningDelay:       opts.ProvisioningDelay,
		ModelDefaults:           opts.ModelDefaults,
		RemoteControllers:       opts.RemoteControllers,
		RemoteControllerAllowed: opts.RemoteControllerAllowed,
		ControllerModel:         opts.ControllerModel,
		DefaultCloud:            opts.DefaultCloud,
		Now:                     opts.Now,
	})
	if err != nil {
		t.Fatal(err)
	}
	fi := httpx.NewFaultInjector("orch", opts.Faults)
	for _, srv := range servers {
		srv.Config.Handler = fi.Wrap(h)
		srv.StartTLS()
		t.Cleanup(srv.Close)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(certPEM)
	return &Controller{
		URL:       servers[0].URL,
		Address:   addrs[0],
		Addresses: addrs,
		servers:   servers,
		CACertPEM: string(certPEM),
		Password:  AdminPassword,
		Store:     st,
		Faults:    fi,
		Client:    &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}},
	}
}
