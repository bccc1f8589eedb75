package orch_test

import (
	"context"
	"crypto/tls"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	sandbox "github.com/iacsuite/providers/internal/sandbox/orch"
	"github.com/iacsuite/providers/internal/sandbox/store"
	"github.com/iacsuite/providers/internal/wait"
)

const adminPassword = "client-test-pw-8f2a"

// fastPoll keeps the waits of the tests short.
var fastPoll = wait.Backoff{Initial: 5 * time.Millisecond, Factor: 1.5, Max: 50 * time.Millisecond}

// clock is a sandbox clock that moves only when a test says so.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// controller is a sandbox controller served over TLS with a certificate of
// its own, which nothing trusts unless told to.
type controller struct {
	handler http.Handler
	address string
	caPEM   string
	clock   *clock
}

func newController(t *testing.T, delay time.Duration) *controller {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "orch.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	clk := &clock{now: time.Now()}
	h, err := sandbox.New(sandbox.Config{Store: st, AdminPassword: adminPassword, ProvisioningDelay: delay, Now: clk.Now})
	require.NoError(t, err)
	c := &controller{handler: h, clock: clk}
	c.address, c.caPEM = serveTLS(t, h)
	return c
}

// serveTLS serves h with a fresh self-signed certificate and returns the
// address and the certificate.
func serveTLS(t *testing.T, h http.Handler) (string, string) {
	t.Helper()
	certPEM, keyPEM, err := httpx.SelfSignedCertificate()
	require.NoError(t, err)
	cert, err := tls.X509KeyPair(certPEM, keyPEM)
	require.NoError(t, err)
	srv := httptest.NewUnstartedServer(h)
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	u, err := url.Parse(srv.URL)
	require.NoError(t, err)
	return u.Host, string(certPEM)
}

func (c *controller) client(t *testing.T, addresses ...string) *client.Client {
	t.Helper()
	if len(addresses) == 0 {
		addresses = []string{c.address}
	}
	cl, err := client.New(client.Config{Addresses: addresses, Username: "admin", Password: adminPassword,
		CACertificate: c.caPEM, PollBackoff: fastPoll})
	require.NoError(t, err)
	return cl
}

// closedAddress is a loopback address where nothing listens.
func closedAddress(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	return addr
}

func TestParseAddresses(t *testing.T) {
	got, err := client.ParseAddresses("localhost:17070, 10.0.0.2:17070")
	require.NoError(t, err)
	assert.Equal(t, []string{"localhost:17070", "10.0.0.2:17070"}, got)
	for _, bad := range []string{"", "localhost", "localhost:0", "localhost:70000", ":17070", "a:1,,b:2"} {
		_, err := client.ParseAddresses(bad)
		assert.Error(t, err, bad)
	}
}

func TestLoginAndCATrust(t *testing.T) {
	t.Parallel()
	c := newController(t, 0)
	info, err := c.client(t).Controller(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "sandbox", info.Name)

	// Without the controller's CA certificate the client refuses it.
	untrusting, err := client.New(client.Config{Addresses: []string{c.address}, Username: "admin", Password: adminPassword, PollBackoff: fastPoll})
	require.NoError(t, err)
	_, err = untrusting.Controller(context.Background())
	require.Error(t, err)
	assert.ErrorIs(t, err, client.ErrUnreachable)
	assert.Contains(t, err.Error(), "certificate")

	// A wrong password is refused, and the error says so without the password.
	wrong, err := client.New(client.Config{Addresses: []string{c.address}, Username: "admin", Password: "not-the-password",
		CACertificate: c.caPEM, PollBackoff: fastPoll})
	require.NoError(t, err)
	_, err = wrong.Controller(context.Background())
	var apiErr *client.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, http.StatusUnauthorized, apiErr.StatusCode)
	assert.NotContains(t, err.Error(), "not-the-password")

	_, err = client.New(client.Config{Addresses: []string{c.address}, Username: "admin", Password: "x", CACertificate: "no pem here"})
	assert.Error(t, err)
}

// The client moves to the next address when one is down, and keeps using
// the one that answered.
func TestFailOver(t *testing.T) {
	t.Parallel()
	c := newController(t, 0)
	cl := c.client(t, closedAddress(t), c.address)
	m, err := cl.CreateModel(context.Background(), api.CreateModelRequest{Name: "failover"})
	require.NoError(t, err)
	got, err := cl.Model(context.Background(), m.UUID)
	require.NoError(t, err)
	assert.Equal(t, "failover", got.Name)
}

// An address that answers 503 (starting or stopping) makes the client fail
// over too; other errors are final.
func TestFailOverOn503(t *testing.T) {
	t.Parallel()
	c := newController(t, 0)
	var unavailableHits atomic.Int32
	unavailable := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		unavailableHits.Add(1)
		httpx.WriteJSON(w, http.StatusServiceUnavailable, api.ErrorBody{Code: api.CodeUnavailable, Message: "starting"})
	})
	down := serveAlsoTrusted(t, unavailable, c)
	cl := c.client(t, down, c.address)
	_, err := cl.Controller(context.Background())
	require.NoError(t, err)
	assert.Positive(t, unavailableHits.Load())

	_, err = cl.Model(context.Background(), "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e")
	assert.True(t, client.IsNotFound(err), "a 404 is final: %v", err)
}

// serveAlsoTrusted serves h with a certificate of its own that the clients
// of c made afterwards trust too, so that the only difference between the
// two addresses is their answers.
func serveAlsoTrusted(t *testing.T, h http.Handler, c *controller) string {
	t.Helper()
	addr, pem := serveTLS(t, h)
	c.caPEM += pem
	return addr
}

// Every address down: the error says so, after a few rounds.
func TestAllAddressesDown(t *testing.T) {
	t.Parallel()
	cl, err := client.New(client.Config{Addresses: []string{closedAddress(t), closedAddress(t)}, Username: "admin",
		Password: adminPassword, PollBackoff: fastPoll})
	require.NoError(t, err)
	_, err = cl.Controller(context.Background())
	assert.ErrorIs(t, err, client.ErrUnreachable)
}

// A transient 5xx answer is retried.
func TestRetriesTransientErrors(t *testing.T) {
	t.Parallel()
	c := newController(t, 0)
	var failures atomic.Int32
	flaky := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/controller" && failures.Add(1) <= 2 {
			httpx.WriteJSON(w, http.StatusBadGateway, api.ErrorBody{Code: api.CodeInternal, Message: "hiccup"})
			return
		}
		c.handler.ServeHTTP(w, r)
	})
	addr, pem := serveTLS(t, flaky)
	cl, err := client.New(client.Config{Addresses: []string{addr}, Username: "admin", Password: adminPassword,
		CACertificate: pem, PollBackoff: fastPoll})
	require.NoError(t, err)
	_, err = cl.Controller(context.Background())
	require.NoError(t, err)
	assert.Equal(t, int32(3), failures.Load())
}

// A refused token (expired, or the controller forgot it) makes the client
// log in again once.
func TestLogsInAgainWhenTheTokenIsRefused(t *testing.T) {
	t.Parallel()
	c := newController(t, 0)
	var logins, refused atomic.Int32
	front := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/login" {
			logins.Add(1)
		} else if refused.Add(1) == 2 {
			httpx.WriteJSON(w, http.StatusUnauthorized, api.ErrorBody{Code: api.CodeUnauthorized, Message: "token expired"})
			return
		}
		c.handler.ServeHTTP(w, r)
	})
	addr, pem := serveTLS(t, front)
	cl, err := client.New(client.Config{Addresses: []string{addr}, Username: "admin", Password: adminPassword,
		CACertificate: pem, PollBackoff: fastPoll})
	require.NoError(t, err)
	for range 3 {
		_, err = cl.Controller(context.Background())
		require.NoError(t, err)
	}
	assert.Equal(t, int32(2), logins.Load())
}

// Waiting for a machine follows the controller's clock, ends with the
// machine active with a hostname, times out with wait.ErrTimeout, and stops
// when the context ends.
func TestWaitMachineActive(t *testing.T) {
	t.Parallel()
	c := newController(t, time.Minute)
	cl := c.client(t)
	ctx := context.Background()
	m, err := cl.CreateModel(ctx, api.CreateModelRequest{Name: "machines"})
	require.NoError(t, err)
	mach, err := cl.AddMachine(ctx, m.UUID, api.CreateMachineRequest{Constraints: "mem=4G"})
	require.NoError(t, err)
	assert.Equal(t, api.MachineStatusPending, mach.Status)
	assert.Equal(t, "mem=4096M", mach.Constraints)

	_, err = cl.WaitMachineActive(ctx, m.UUID, mach.ID, 30*time.Millisecond)
	assert.ErrorIs(t, err, wait.ErrTimeout)

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = cl.WaitMachineActive(cancelled, m.UUID, mach.ID, time.Hour)
	assert.True(t, errors.Is(err, context.Canceled), "%v", err)

	c.clock.Advance(time.Hour)
	got, err := cl.WaitMachineActive(ctx, m.UUID, mach.ID, time.Minute)
	require.NoError(t, err)
	assert.Equal(t, api.MachineStatusActive, got.Status)
	assert.NotEmpty(t, got.Hostname)
}

// Waiting for a machine's instance ends once it is started (before it is
// active), with its instance ID, and times out while it is pending.
func TestWaitMachineInstance(t *testing.T) {
	t.Parallel()
	c := newController(t, time.Minute)
	cl := c.client(t)
	ctx := context.Background()
	m, err := cl.CreateModel(ctx, api.CreateModelRequest{Name: "instances"})
	require.NoError(t, err)
	mach, err := cl.AddMachine(ctx, m.UUID, api.CreateMachineRequest{})
	require.NoError(t, err)
	assert.Empty(t, mach.InstanceID)

	_, err = cl.WaitMachineInstance(ctx, m.UUID, mach.ID, 30*time.Millisecond)
	assert.ErrorIs(t, err, wait.ErrTimeout)

	c.clock.Advance(time.Minute)
	got, err := cl.WaitMachineInstance(ctx, m.UUID, mach.ID, time.Minute)
	require.NoError(t, err)
	assert.Equal(t, api.MachineStatusStarted, got.Status)
	assert.NotEmpty(t, got.InstanceID)
}

// Removals are asynchronous: RemoveMachine returns once the machine is gone.
func TestRemovalsWait(t *testing.T) {
	t.Parallel()
	c := newController(t, time.Minute)
	cl := c.client(t)
	ctx := context.Background()
	m, err := cl.CreateModel(ctx, api.CreateModelRequest{Name: "removals"})
	require.NoError(t, err)
	mach, err := cl.AddMachine(ctx, m.UUID, api.CreateMachineRequest{})
	require.NoError(t, err)

	done := make(chan error, 1)
	go func() { done <- cl.RemoveMachine(ctx, m.UUID, mach.ID) }()
	// The removal takes the provisioning delay of the controller's clock.
	require.Eventually(t, func() bool {
		got, err := cl.Machine(ctx, m.UUID, mach.ID)
		return err == nil && got.Life == api.LifeDying
	}, 10*time.Second, 5*time.Millisecond)
	c.clock.Advance(time.Hour)
	require.NoError(t, <-done)
	_, err = cl.Machine(ctx, m.UUID, mach.ID)
	assert.True(t, client.IsNotFound(err))

	go func() { done <- cl.DestroyModel(ctx, m.UUID) }()
	require.Eventually(t, func() bool {
		got, err := cl.Model(ctx, m.UUID)
		return err == nil && got.Life == api.LifeDying
	}, 10*time.Second, 5*time.Millisecond)
	c.clock.Advance(time.Hour)
	require.NoError(t, <-done)
	_, err = cl.Model(ctx, m.UUID)
	assert.True(t, client.IsNotFound(err))
}

// Machine IDs with slashes (containers) reach the controller whole.
func TestContainerMachineIDs(t *testing.T) {
	t.Parallel()
	c := newController(t, 0)
	cl := c.client(t)
	ctx := context.Background()
	m, err := cl.CreateModel(ctx, api.CreateModelRequest{Name: "containers"})
	require.NoError(t, err)
	host, err := cl.AddMachine(ctx, m.UUID, api.CreateMachineRequest{})
	require.NoError(t, err)
	ct, err := cl.AddMachine(ctx, m.UUID, api.CreateMachineRequest{Placement: "lxd:" + host.ID})
	require.NoError(t, err)
	assert.Equal(t, host.ID+"/lxd/0", ct.ID)
	got, err := cl.Machine(ctx, m.UUID, ct.ID)
	require.NoError(t, err)
	assert.Equal(t, ct.ID, got.ID)
}
