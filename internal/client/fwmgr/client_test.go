package fwmgr

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/httpclient"
	sandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// device is a device sandbox served in this process, with a clock the test
// moves and a count of successful logins.
type device struct {
	url    *url.URL
	logins atomic.Int64
	calls  atomic.Int64
	clock  *clock
	// fail, when set, answers a request instead of the sandbox.
	fail atomic.Pointer[func(w http.ResponseWriter, r *http.Request) bool]
}

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func newDevice(t *testing.T) *device {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "fwmgr.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	d := &device{clock: &clock{now: time.Now()}}
	h, err := sandbox.New(sandbox.Config{Store: st, Now: d.clock.Now, Logf: t.Logf})
	require.NoError(t, err)
	u := sandboxtest.Serve(t, d.wrap(h))
	d.url, err = url.Parse(u)
	require.NoError(t, err)
	return d
}

// wrap counts logins and commands and lets a test answer in the sandbox's
// place.
func (d *device) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d.calls.Add(1)
		if f := d.fail.Load(); f != nil && (*f)(w, r) {
			return
		}
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		if strings.HasSuffix(r.URL.Path, "/"+api.CommandLogin) && rec.status == http.StatusOK {
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

func (d *device) config() Config {
	port, _ := strconv.Atoi(d.url.Port())
	return Config{
		Server: d.url.Hostname(), Port: port,
		Username: sandbox.DefaultUser, Password: sandbox.DefaultPassword,
		HTTP: httpclient.Options{RetryMax: 2, RetryWaitMin: time.Millisecond, RetryWaitMax: time.Millisecond},
	}
}

func newClient(t *testing.T, cfg Config) *Client {
	t.Helper()
	c, err := New(cfg)
	require.NoError(t, err)
	return c
}

func apiVersions(t *testing.T, c *Client) api.ApiVersionsResponse {
	t.Helper()
	var out api.ApiVersionsResponse
	require.NoError(t, c.Call(context.Background(), "show-api-versions", api.Member{}, &out))
	return out
}

func TestLoginOnceForManyCommands(t *testing.T) {
	d := newDevice(t)
	c := newClient(t, d.config())
	for range 3 {
		assert.Equal(t, api.CurrentVersion, apiVersions(t, c).CurrentVersion)
	}
	assert.EqualValues(t, 1, d.logins.Load())
}

// Commands that start together in a new client (Terraform's concurrent
// reads) share one login.
func TestConcurrentFirstCommandsLogInOnce(t *testing.T) {
	d := newDevice(t)
	c := newClient(t, d.config())
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() { apiVersions(t, c) })
	}
	wg.Wait()
	assert.EqualValues(t, 1, d.logins.Load())
}

// A failed login is the error of every command that waited for it (a
// device may lock an administrator out after a few failed logins, so the
// commands do not each try), and is not kept: the next command logs in.
func TestFailedLoginIsSharedAndNotKept(t *testing.T) {
	d := newDevice(t)
	var attempts atomic.Int64
	var refuse atomic.Bool
	refuse.Store(true)
	arrived, release := make(chan struct{}), make(chan struct{})
	hook := func(w http.ResponseWriter, r *http.Request) bool {
		if !strings.HasSuffix(r.URL.Path, "/"+api.CommandLogin) {
			return false
		}
		if attempts.Add(1) == 1 {
			close(arrived)
			<-release // until every command has started
		}
		if !refuse.Load() {
			return false
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = io.WriteString(w, `{"code": "err_login_failed", "message": "wrong user name or password"}`)
		return true
	}
	d.fail.Store(&hook)
	c := newClient(t, d.config())

	const commands = 10
	errs := make([]error, commands)
	var ready, done sync.WaitGroup
	ready.Add(commands)
	for i := range commands {
		done.Go(func() {
			ready.Done()
			errs[i] = c.Call(context.Background(), "show-api-versions", api.Member{}, nil)
		})
	}
	ready.Wait()
	<-arrived
	close(release)
	done.Wait()
	for _, err := range errs {
		var loginErr *LoginError
		require.ErrorAs(t, err, &loginErr)
		assert.Contains(t, err.Error(), "wrong user name or password")
	}
	failed := attempts.Load()
	assert.Less(t, failed, int64(commands), "the commands share failed logins")

	refuse.Store(false)
	apiVersions(t, c)
	assert.EqualValues(t, failed+1, attempts.Load())
	assert.EqualValues(t, 1, d.logins.Load())
}

func TestLoginWithAPIKeyIntoDomain(t *testing.T) {
	d := newDevice(t)
	cfg := d.config()
	cfg.Username, cfg.Password = "", ""
	cfg.APIKey, cfg.Domain = sandbox.EastAPIKey, "Branch-East"
	c := newClient(t, cfg)
	assert.NotEmpty(t, apiVersions(t, c).SupportedVersions)
	assert.EqualValues(t, 1, d.logins.Load())
}

// A refused login says which kind of credential failed, never its value.
func TestWrongCredentials(t *testing.T) {
	d := newDevice(t)
	for name, mutate := range map[string]func(*Config){
		"password": func(c *Config) { c.Password = "not-the-password-123" },
		"api key":  func(c *Config) { c.Username, c.Password, c.APIKey = "", "", "not-the-api-key-123" },
	} {
		t.Run(name, func(t *testing.T) {
			cfg := d.config()
			mutate(&cfg)
			err := newClient(t, cfg).Call(context.Background(), "show-api-versions", nil, nil)
			var loginErr *LoginError
			require.ErrorAs(t, err, &loginErr)
			assert.Contains(t, err.Error(), "err_login_failed")
			assert.Contains(t, err.Error(), map[string]string{"password": "username and password", "api key": "API key"}[name])
			assert.NotContains(t, err.Error(), "not-the-")
		})
	}
}

func TestConfigurationErrors(t *testing.T) {
	for name, tc := range map[string]struct {
		cfg  Config
		want string
	}{
		"no server":       {Config{Username: "a", Password: "b"}, "server"},
		"no credentials":  {Config{Server: "h"}, "api_key, or username and password"},
		"both kinds":      {Config{Server: "h", Username: "a", Password: "b", APIKey: "k"}, "mutually exclusive"},
		"bad context":     {Config{Server: "h", APIKey: "k", Context: "gaia"}, "context must be"},
		"session timeout": {Config{Server: "h", APIKey: "k", SessionTimeout: 5}, "between 10 and 3600"},
		"proxy scheme":    {Config{Server: "h", APIKey: "k", ProxyHost: "http://p", ProxyPort: 3128}, "scheme"},
		"proxy port":      {Config{Server: "h", APIKey: "k", ProxyHost: "p"}, "proxy port"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := New(tc.cfg)
			require.ErrorContains(t, err, tc.want)
		})
	}
}

// An expired session is renewed once, and the command answered.
func TestExpiredSessionIsRenewed(t *testing.T) {
	d := newDevice(t)
	cfg := d.config()
	cfg.SessionTimeout = 10
	cfg.SessionFileName = filepath.Join(t.TempDir(), "sid.json")
	c := newClient(t, cfg)
	apiVersions(t, c)
	before, err := (&sessionFile{path: cfg.SessionFileName}).read()
	require.NoError(t, err)

	d.clock.Advance(11 * time.Second)
	apiVersions(t, c)
	assert.EqualValues(t, 2, d.logins.Load())
	after, err := (&sessionFile{path: cfg.SessionFileName}).read()
	require.NoError(t, err)
	assert.NotEqual(t, before.SID, after.SID, "the session file holds the new session")

	// A later run finds the new session valid and does not log in.
	apiVersions(t, newClient(t, cfg))
	assert.EqualValues(t, 2, d.logins.Load())
}

// Commands rejected together renew the session once.
func TestConcurrentRejectionsRenewOnce(t *testing.T) {
	d := newDevice(t)
	cfg := d.config()
	cfg.SessionTimeout = 10
	c := newClient(t, cfg)
	apiVersions(t, c)
	d.clock.Advance(11 * time.Second)
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() { apiVersions(t, c) })
	}
	wg.Wait()
	assert.EqualValues(t, 2, d.logins.Load())
}

func TestSessionFileIsReused(t *testing.T) {
	d := newDevice(t)
	cfg := d.config()
	cfg.SessionFileName = filepath.Join(t.TempDir(), "nested", "sid.json")
	apiVersions(t, newClient(t, cfg))
	apiVersions(t, newClient(t, cfg))
	assert.EqualValues(t, 1, d.logins.Load(), "the second run reuses the first run's session")

	info, err := os.Stat(cfg.SessionFileName)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "the session ID is readable by its owner only")
	raw, err := os.ReadFile(cfg.SessionFileName)
	require.NoError(t, err)
	assert.NotContains(t, string(raw), sandbox.DefaultPassword)

	// Another administrator does not take over this session.
	other := cfg
	other.Username, other.Password = sandbox.EastUser, sandbox.EastPassword
	apiVersions(t, newClient(t, other))
	assert.EqualValues(t, 2, d.logins.Load())
}

// A session file whose session the server no longer knows (logged out)
// costs one login, and is rewritten.
func TestStaleSessionFile(t *testing.T) {
	d := newDevice(t)
	cfg := d.config()
	cfg.SessionFileName = filepath.Join(t.TempDir(), "sid.json")
	c := newClient(t, cfg)
	apiVersions(t, c)
	require.NoError(t, c.post(context.Background(), api.CommandLogout, c.sid, api.EmptyRequest{}, nil))
	apiVersions(t, newClient(t, cfg))
	assert.EqualValues(t, 2, d.logins.Load())
}

// 20 clients that start at once with one session file log in once.
func TestParallelClientsShareOneLogin(t *testing.T) {
	d := newDevice(t)
	cfg := d.config()
	cfg.SessionFileName = filepath.Join(t.TempDir(), "sid.json")
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() { apiVersions(t, newClient(t, cfg)) })
	}
	wg.Wait()
	assert.EqualValues(t, 1, d.logins.Load())
}

// 20 processes that start at once with one session file log in once: the
// file lock works across processes, not only goroutines.
func TestParallelProcessesShareOneLogin(t *testing.T) {
	d := newDevice(t)
	file := filepath.Join(t.TempDir(), "sid.json")
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for range 20 {
		wg.Go(func() {
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
			cmd.Env = append(os.Environ(), "FWMGR_HELPER_PROCESS=1", "FWMGR_HELPER_URL="+d.url.String(),
				"FWMGR_HELPER_SESSION_FILE="+file)
			if out, err := cmd.CombinedOutput(); err != nil {
				errs <- errors.New(string(out))
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	assert.EqualValues(t, 1, d.logins.Load())
}

// TestHelperProcess is one process of TestParallelProcessesShareOneLogin.
func TestHelperProcess(t *testing.T) {
	if os.Getenv("FWMGR_HELPER_PROCESS") != "1" {
		t.Skip("helper of TestParallelProcessesShareOneLogin")
	}
	u, err := url.Parse(os.Getenv("FWMGR_HELPER_URL"))
	require.NoError(t, err)
	port, _ := strconv.Atoi(u.Port())
	c := newClient(t, Config{Server: u.Hostname(), Port: port, Username: sandbox.DefaultUser,
		Password: sandbox.DefaultPassword, SessionFileName: os.Getenv("FWMGR_HELPER_SESSION_FILE")})
	apiVersions(t, c)
}

func TestTransientErrorsAreRetried(t *testing.T) {
	d := newDevice(t)
	var failures atomic.Int64
	fail := func(w http.ResponseWriter, r *http.Request) bool {
		if strings.HasSuffix(r.URL.Path, "/show-api-versions") && failures.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return true
		}
		return false
	}
	d.fail.Store(&fail)
	apiVersions(t, newClient(t, d.config()))
	assert.EqualValues(t, 2, failures.Load(), "one failure, one retry")
}

// timeout bounds a transaction: a server that never answers fails the
// command instead of hanging the run.
func TestTimeout(t *testing.T) {
	d := newDevice(t)
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	hang := func(w http.ResponseWriter, r *http.Request) bool {
		if strings.HasSuffix(r.URL.Path, "/show-asset") {
			select {
			case <-r.Context().Done():
			case <-release:
			}
			return true
		}
		return false
	}
	d.fail.Store(&hang)
	cfg := d.config()
	cfg.Timeout = 200 * time.Millisecond
	err := newClient(t, cfg).Call(context.Background(), "show-asset", api.Member{}, nil)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	// The message names the server, the command and the setting to raise,
	// not a bare "context deadline exceeded".
	var timeout *TimeoutError
	require.ErrorAs(t, err, &timeout)
	assert.Contains(t, err.Error(), "show-asset")
	assert.Contains(t, err.Error(), net.JoinHostPort(cfg.Server, strconv.Itoa(cfg.Port)))
	assert.Contains(t, err.Error(), "timeout setting")
	assert.Contains(t, err.Error(), "200ms")
}

// Without a timeout in the configuration a command is bounded by
// DefaultTimeout (upstream's 120 seconds), so a server that completes TLS
// and never answers cannot hang a plan.
func TestDefaultTimeout(t *testing.T) {
	d := newDevice(t)
	cfg := d.config()
	cfg.Timeout = 0
	c := newClient(t, cfg)
	assert.Equal(t, 120*time.Second, DefaultTimeout)
	assert.Equal(t, DefaultTimeout, c.cfg.Timeout)

	// A caller's own deadline is its own: no TimeoutError.
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	hang := func(w http.ResponseWriter, r *http.Request) bool {
		select {
		case <-r.Context().Done():
		case <-release:
		}
		return true
	}
	d.fail.Store(&hang)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	err := c.Call(ctx, "show-asset", api.Member{}, nil)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	var timeout *TimeoutError
	assert.False(t, errors.As(err, &timeout))
}

// A server written as a URL is refused with a message that shows the host
// to write instead.
func TestServerWithScheme(t *testing.T) {
	for _, server := range []string{"https://fw.example", "fw.example/os_api", "fw.example:8443", "https://fw.example:8443/"} {
		_, err := New(Config{Server: server, APIKey: "k"})
		require.Error(t, err, server)
		assert.Contains(t, err.Error(), "without a scheme, path or port")
		assert.Contains(t, err.Error(), `"fw.example", not`)
	}
	for _, server := range []string{"fw.example", "10.1.1.2", "2001:db8::2", "::1"} {
		assert.NoError(t, CheckServer(server), server)
	}
}

// A server whose certificate is not trusted is refused unless
// IgnoreServerCertificate is set.
func TestIgnoreServerCertificate(t *testing.T) {
	d := newDevice(t)
	untrusted := httptest.NewTLSServer(httpProxyTo(d.url))
	t.Cleanup(untrusted.Close)
	u, _ := url.Parse(untrusted.URL)
	port, _ := strconv.Atoi(u.Port())
	cfg := d.config()
	cfg.Server, cfg.Port = u.Hostname(), port
	cfg.HTTP.RetryMax = 1

	err := newClient(t, cfg).Call(context.Background(), "show-api-versions", nil, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "certificate")

	cfg.IgnoreServerCertificate = true
	apiVersions(t, newClient(t, cfg))
}

// httpProxyTo forwards requests to the device (a second server with another
// certificate).
func httpProxyTo(target *url.URL) http.Handler {
	client := &http.Client{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		req, _ := http.NewRequestWithContext(r.Context(), r.Method, target.String()+r.URL.Path, bytes.NewReader(body))
		req.Header = r.Header.Clone()
		resp, err := client.Do(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		w.WriteHeader(resp.StatusCode)
		_, _ = io.Copy(w, resp.Body)
	})
}

// proxyHost and proxyPort send the requests through an HTTP proxy, which
// tunnels them with CONNECT.
func TestProxy(t *testing.T) {
	d := newDevice(t)
	var tunnels atomic.Int64
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodConnect {
			http.Error(w, "CONNECT only", http.StatusMethodNotAllowed)
			return
		}
		tunnels.Add(1)
		upstream, err := net.Dial("tcp", r.Host)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		w.WriteHeader(http.StatusOK)
		conn, _, err := http.NewResponseController(w).Hijack()
		if err != nil {
			upstream.Close()
			return
		}
		go func() { _, _ = io.Copy(upstream, conn); upstream.Close() }()
		_, _ = io.Copy(conn, upstream)
		conn.Close()
	}))
	t.Cleanup(proxy.Close)
	pu, _ := url.Parse(proxy.URL)
	cfg := d.config()
	cfg.ProxyHost = pu.Hostname()
	cfg.ProxyPort, _ = strconv.Atoi(pu.Port())
	apiVersions(t, newClient(t, cfg))
	assert.Positive(t, tunnels.Load(), "the requests went through the proxy")
}

// Neither the password nor the session ID reaches the logs.
func TestSecretsAreNotLogged(t *testing.T) {
	d := newDevice(t)
	var logs bytes.Buffer
	ctx := tflogtest.RootLogger(context.Background(), &logs)
	c := newClient(t, d.config())
	require.NoError(t, c.Call(ctx, "show-api-versions", nil, nil))
	require.Contains(t, logs.String(), "fwmgr login", "logs were captured")
	assert.NotContains(t, logs.String(), sandbox.DefaultPassword)
	assert.NotContains(t, logs.String(), c.sid)
}

func TestShowCommandInWebContext(t *testing.T) {
	d := newDevice(t)
	cfg := d.config()
	cfg.Context = ContextWeb
	err := newClient(t, cfg).Call(context.Background(), "show-asset", api.Member{}, nil)
	var apiErr *APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, api.CodeCommandNotFound, apiErr.Code)
}

// cloudMgmtId prefixes every path: the session lives under that prefix.
func TestCloudManagementID(t *testing.T) {
	d := newDevice(t)
	cfg := d.config()
	cfg.CloudMgmtID = sandbox.DefaultCloudMgmtID
	assert.Equal(t, api.CurrentVersion, apiVersions(t, newClient(t, cfg)).CurrentVersion)

	cfg.CloudMgmtID = "no-such-server"
	err := newClient(t, cfg).Call(context.Background(), "show-api-versions", nil, nil)
	var apiErr *APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, http.StatusNotFound, apiErr.StatusCode)
}
