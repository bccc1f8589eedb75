package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// serveInBackground runs `sandbox serve args...`, every service on a free
// loopback port, until the test ends; it returns the URL printed for netfab
// and a function that stops the command and returns its error.
func serveInBackground(t *testing.T, args ...string) (string, func() error) {
	t.Helper()
	urls, _, stop := serveServices(t, args...)
	return urls["netfab"], stop
}

// serveServices runs `sandbox serve args...` like serveInBackground and
// returns the URL of every service and the other lines printed before them.
func serveServices(t *testing.T, args ...string) (map[string]string, []string, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	args = append([]string{"serve"}, args...)
	for _, svc := range services {
		args = append(args, "--"+svc.name+"-addr", "127.0.0.1:0")
	}
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := run(ctx, args, pw, io.Discard)
		pw.CloseWithError(io.EOF)
		done <- err
	}()
	// One line per service, then the command runs until cancelled.
	urls := map[string]string{}
	var notes []string
	rd := bufio.NewReader(pr)
	for len(urls) < len(services) {
		line, err := rd.ReadString('\n')
		if err != nil {
			cancel()
			t.Fatalf("serve printed %q: %v (exit: %v)", line, err, <-done)
		}
		if strings.HasPrefix(line, generatedNote) {
			continue // the generated credentials: `sandbox env` has them
		}
		name, u, ok := strings.Cut(strings.TrimSpace(line), ": ")
		if ok && !strings.HasPrefix(u, "https://") {
			notes = append(notes, strings.TrimSpace(line))
			continue
		}
		if !ok || !strings.HasPrefix(u, "https://127.0.0.1:") {
			cancel()
			t.Fatalf("serve printed %q", line)
		}
		urls[name] = u
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	if urls["netfab"] == "" {
		cancel()
		t.Fatalf("serve printed no netfab line: %v", urls)
	}
	stopped := false
	stop := func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(15 * time.Second):
			t.Fatal("serve did not stop")
			return nil
		}
	}
	t.Cleanup(func() { _ = stop() })
	return urls, notes, stop
}

// client trusts the certificate in the state directory, as a user of the
// sandbox does through SSL_CERT_FILE.
func client(t *testing.T, dir string) *http.Client {
	t.Helper()
	pem, err := os.ReadFile(filepath.Join(dir, httpx.CertFileName))
	require.NoError(t, err)
	pool := x509.NewCertPool()
	require.True(t, pool.AppendCertsFromPEM(pem), "no certificate in "+httpx.CertFileName)
	return &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
}

func token(t *testing.T, c *http.Client, base, key, secret string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, base+"/oauth2/token", strings.NewReader(url.Values{"grant_type": {"client_credentials"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(key, secret)
	res, err := c.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	var tok api.TokenResponse
	require.NoError(t, json.NewDecoder(res.Body).Decode(&tok))
	return res.StatusCode, tok.AccessToken
}

func TestServe(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("SANDBOX_ACCESS_KEY", "env-key")
	t.Setenv("SANDBOX_SECRET_KEY", "env-secret")
	t.Setenv("SANDBOX_PROVISIONING_DELAY", "1h")
	base, stop := serveInBackground(t, "--state-dir", dir, "--secret-key", "flag-secret")
	c := client(t, dir)

	res, err := c.Get(base + "/healthz")
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode, "healthz: %d", res.StatusCode)
	// The access key comes from the environment; the flag wins over it.
	if status, _ := token(t, c, base, "env-key", "env-secret"); status != http.StatusUnauthorized {
		t.Fatalf("secret from the environment despite the flag: %d", status)
	}
	status, tok := token(t, c, base, "env-key", "flag-secret")
	require.Equal(t, http.StatusOK, status, "token: %d", status)

	// Order a port: with the 1h delay from the environment it is DEPLOYABLE.
	body, _ := json.Marshal(api.OrderRequest{Items: []api.OrderItem{{ProductType: api.ProductTypePort, ProductName: "p", LocationID: 1, PortSpeed: 1000, ContractTermMonths: 1}}})
	req, _ := http.NewRequest(http.MethodPost, base+"/v3/orders", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+tok)
	res, err = c.Do(req)
	require.NoError(t, err)
	var ordered api.Envelope[[]api.Product]
	require.NoError(t, json.NewDecoder(res.Body).Decode(&ordered))
	res.Body.Close()
	require.Equal(t, http.StatusCreated, res.StatusCode, "order: %d %+v", res.StatusCode, ordered.Data)
	require.Len(t, ordered.Data, 1, "order: %d %+v", res.StatusCode, ordered.Data)
	require.Equal(t, api.StatusDeployable, ordered.Data[0].ProvisioningStatus, "order: %d %+v", res.StatusCode, ordered.Data)

	pid, err := os.ReadFile(filepath.Join(dir, "sandbox.pid"))
	if err != nil || strings.TrimSpace(string(pid)) != strconv.Itoa(os.Getpid()) {
		t.Fatalf("pid file: %q %v", pid, err)
	}
	require.NoError(t, stop(), "graceful stop")
	if _, err := os.Stat(filepath.Join(dir, "sandbox.pid")); !os.IsNotExist(err) {
		t.Fatalf("pid file left behind: %v", err)
	}
	for _, f := range []string{"netfab.db", httpx.CertFileName} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Fatalf("state file %s: %v", f, err)
		}
	}

	// A restart on the same directory keeps the certificate, the token and
	// the product.
	base, _ = serveInBackground(t, "--state-dir", dir, "--secret-key", "flag-secret")
	req, _ = http.NewRequest(http.MethodGet, base+"/v3/products/"+ordered.Data[0].ProductUID, nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	res, err = client(t, dir).Do(req)
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode, "product after restart: %d", res.StatusCode)
}

func TestCommandLine(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), []string{"version"}, &out, io.Discard); err != nil || out.String() != "sandbox dev\n" {
		t.Fatalf("version: %q %v", out.String(), err)
	}
	cases := [][]string{
		nil,
		{"launch"},
		{"serve", "--no-such-flag"},
		{"serve", "extra"},
	}
	badAddr := []string{"serve", "--state-dir", t.TempDir()}
	for _, svc := range services {
		badAddr = append(badAddr, "--"+svc.name+"-addr", "127.0.0.1:0")
	}
	cases = append(cases, append(badAddr, "--netfab-addr", "not-an-address"))
	for _, args := range cases {
		if err := run(context.Background(), args, io.Discard, io.Discard); err == nil {
			t.Errorf("%q succeeded", args)
		}
	}
	t.Setenv("SANDBOX_RATE_LIMIT", "many")
	if err := run(context.Background(), []string{"serve"}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "SANDBOX_RATE_LIMIT") {
		t.Errorf("bad environment variable: %v", err)
	}
}

// TestServeOrch: the orch controller prints the generated admin password at
// its first start only, reports its address and certificate, and keeps its
// users across a restart.
func TestServeOrch(t *testing.T) {
	dir := t.TempDir()
	urls, notes, stop := serveServices(t, "--state-dir", dir, "--hub-admin-client-secret", "hub-secret-0123456789")
	base := urls["orch"]
	if len(notes) != 1 || !strings.HasPrefix(notes[0], "orch: created the user admin with the password ") {
		t.Fatalf("first start printed %q", notes)
	}
	password := strings.Fields(strings.TrimPrefix(notes[0], "orch: created the user admin with the password "))[0]
	c := client(t, dir)
	login := func(base, password string) (int, string) {
		t.Helper()
		body, _ := json.Marshal(map[string]string{"username": "admin", "password": password})
		res, err := c.Post(base+"/v1/login", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var out struct{ Token string }
		require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
		return res.StatusCode, out.Token
	}
	status, tok := login(base, password)
	if status != http.StatusOK || tok == "" {
		t.Fatalf("login with the printed password: %d", status)
	}
	req, _ := http.NewRequest(http.MethodGet, base+"/v1/controller", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var info struct {
		APIAddresses []string
		CACert       string
	}
	require.NoError(t, json.NewDecoder(res.Body).Decode(&info))
	res.Body.Close()
	pem, _ := os.ReadFile(filepath.Join(dir, httpx.CertFileName))
	if len(info.APIAddresses) != 1 || "https://"+info.APIAddresses[0] != base || info.CACert != string(pem) {
		t.Fatalf("controller info: %+v (served at %s)", info, base)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}

	urls, notes, _ = serveServices(t, "--state-dir", dir, "--hub-admin-client-secret", "hub-secret-0123456789")
	if len(notes) != 0 {
		t.Fatalf("a restart printed %q", notes)
	}
	if status, _ := login(urls["orch"], password); status != http.StatusOK {
		t.Fatalf("login after a restart: %d", status)
	}

	// A password given on the command line is the admin's from then on.
	dir = t.TempDir()
	urls, notes, _ = serveServices(t, "--state-dir", dir, "--orch-admin-password", "fixed-password", "--hub-admin-client-secret", "hub-secret-0123456789")
	c = client(t, dir)
	if len(notes) != 0 {
		t.Fatalf("a given password was printed: %q", notes)
	}
	if status, _ := login(urls["orch"], "fixed-password"); status != http.StatusOK {
		t.Fatalf("login with the given password: %d", status)
	}
}

// TestServeHub: the hub prints its administrator's generated client secret
// at its first start only, and issues tokens for it, also after a restart.
func TestServeHub(t *testing.T) {
	dir := t.TempDir()
	urls, notes, stop := serveServices(t, "--state-dir", dir, "--orch-admin-password", "fixed-password")
	const prefix = "hub: created the service account hub-admin with the client secret "
	if len(notes) != 1 || !strings.HasPrefix(notes[0], prefix) {
		t.Fatalf("first start printed %q", notes)
	}
	secret := strings.Fields(strings.TrimPrefix(notes[0], prefix))[0]
	c := client(t, dir)
	if status, tok := token(t, c, urls["hub"], "hub-admin", secret); status != http.StatusOK || tok == "" {
		t.Fatalf("token with the printed secret: %d", status)
	}
	require.NoError(t, stop())
	urls, notes, _ = serveServices(t, "--state-dir", dir, "--orch-admin-password", "fixed-password")
	if len(notes) != 0 {
		t.Fatalf("a restart printed %q", notes)
	}
	if status, _ := token(t, c, urls["hub"], "hub-admin", secret); status != http.StatusOK {
		t.Fatalf("token after a restart: %d", status)
	}
}

// TestServeOrchDefaultCloud: `sandbox serve` starts the orch controller with
// its controller model, on the cluster cloud with --orch-default-cloud
// microk8s (where models without a cloud go too), as upstream's suite runs
// against a cluster controller.
func TestServeOrchDefaultCloud(t *testing.T) {
	dir := t.TempDir()
	urls, _, _ := serveServices(t, "--state-dir", dir, "--orch-admin-password", "fixed-password",
		"--hub-admin-client-secret", "hub-secret-0123456789", "--orch-default-cloud", "microk8s")
	c := client(t, dir)
	call := func(method, path, token, body string) map[string]any {
		t.Helper()
		req, err := http.NewRequest(method, urls["orch"]+path, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := c.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		var out map[string]any
		require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
		require.Less(t, res.StatusCode, 300, "%s %s: %v", method, path, out)
		return out
	}
	tok := call(http.MethodPost, "/v1/login", "", `{"username": "admin", "password": "fixed-password"}`)["token"].(string)
	models := call(http.MethodGet, "/v1/models?owner=admin&name=controller", tok, "")["items"].([]any)
	require.Len(t, models, 1)
	assert.Equal(t, "microk8s", models[0].(map[string]any)["cloud"])
	assert.Equal(t, "microk8s", call(http.MethodPost, "/v1/models", tok, `{"name": "workloads"}`)["cloud"])
}
