package netfab

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// delay is the provisioning delay of the test sandboxes; their clock only
// moves when a test advances it.
const delay = time.Minute

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// sandbox is a netfab service on HTTPS loopback with a store in a temporary
// directory, and a token of the seeded credential.
type sandbox struct {
	t     *testing.T
	path  string
	st    *store.Store
	cfg   Config
	clock *clock
	url   string
	token string
}

func start(t *testing.T, configure ...func(*Config)) *sandbox {
	t.Helper()
	sb := &sandbox{
		t:     t,
		path:  filepath.Join(t.TempDir(), "netfab.db"),
		clock: &clock{t: time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)},
	}
	sb.cfg = Config{ProvisioningDelay: delay, Now: sb.clock.Now}
	for _, f := range configure {
		f(&sb.cfg)
	}
	sb.open()
	sb.token = sb.newToken()
	return sb
}

// open opens the store and serves a new handler on it.
func (sb *sandbox) open() {
	sb.t.Helper()
	st, err := store.Open(sb.path)
	require.NoError(sb.t, err)
	sb.t.Cleanup(func() { st.Close() })
	sb.st = st
	sb.cfg.Store = st
	h, err := New(sb.cfg)
	require.NoError(sb.t, err)
	sb.url = sandboxtest.Serve(sb.t, h)
}

// restart closes the store and starts the service again on the same file, as
// a restart of `sandbox serve` does.
func (sb *sandbox) restart() {
	sb.t.Helper()
	require.NoError(sb.t, sb.st.Close())
	sb.open()
}

func (sb *sandbox) newToken() string {
	sb.t.Helper()
	user, pass := sb.cfg.AccessKey, sb.cfg.SecretKey
	if user == "" {
		user, pass = DefaultAccessKey, DefaultSecretKey
	}
	res := sb.tokenRequest(url.Values{"grant_type": {"client_credentials"}}, user, pass)
	require.Equal(sb.t, http.StatusOK, res.status, "token: %d %s", res.status, res.body)
	var tok api.TokenResponse
	require.NoError(sb.t, json.Unmarshal(res.body, &tok))
	return tok.AccessToken
}

// tokenRequest posts form to the token endpoint, with Basic credentials
// unless user is empty.
func (sb *sandbox) tokenRequest(form url.Values, user, pass string) *response {
	sb.t.Helper()
	req, err := http.NewRequest(http.MethodPost, sb.url+"/oauth2/token", strings.NewReader(form.Encode()))
	require.NoError(sb.t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if user != "" {
		req.SetBasicAuth(user, pass)
	}
	return sb.send(req)
}

type response struct {
	t      *testing.T
	status int
	header http.Header
	body   []byte
}

// call sends an API request with the sandbox's token; headers are
// alternating names and values.
func (sb *sandbox) call(method, path string, body any, headers ...string) *response {
	sb.t.Helper()
	return sb.callAs(sb.token, method, path, body, headers...)
}

func (sb *sandbox) callAs(token, method, path string, body any, headers ...string) *response {
	sb.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		buf, err := json.Marshal(b)
		require.NoError(sb.t, err)
		rd = bytes.NewReader(buf)
	}
	req, err := http.NewRequest(method, sb.url+path, rd)
	require.NoError(sb.t, err)
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return sb.send(req)
}

func (sb *sandbox) send(req *http.Request) *response {
	sb.t.Helper()
	res, err := http.DefaultClient.Do(req)
	require.NoError(sb.t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(sb.t, err)
	return &response{t: sb.t, status: res.StatusCode, header: res.Header, body: b}
}

// ok checks the status and decodes the envelope's data into v (if not nil).
func (r *response) ok(status int, v any) {
	r.t.Helper()
	require.Equal(r.t, status, r.status, "status %d, want %d: %s", r.status, status, r.body)
	if v == nil {
		return
	}
	env := api.Envelope[json.RawMessage]{}
	if err := json.Unmarshal(r.body, &env); err != nil {
		r.t.Fatalf("decode %s: %v", r.body, err)
	}
	if err := json.Unmarshal(env.Data, v); err != nil {
		r.t.Fatalf("decode data %s: %v", env.Data, err)
	}
}

// fails checks an error answer and returns its body.
func (r *response) fails(status int, code string) api.ErrorBody {
	r.t.Helper()
	require.Equal(r.t, status, r.status, "status %d, want %d: %s", r.status, status, r.body)
	var e api.ErrorBody
	if err := json.Unmarshal(r.body, &e); err != nil {
		r.t.Fatalf("decode error body %s: %v", r.body, err)
	}
	require.Equal(r.t, code, e.Code, "code %q, want %q: %s", e.Code, code, r.body)
	return e
}

// invalid checks a 400 naming field whose message contains want.
func (r *response) invalid(field, want string) {
	r.t.Helper()
	e := r.fails(http.StatusBadRequest, api.CodeValidationFailed)
	require.Equal(r.t, field, e.Field, "got field %q message %q; want field %q and a message containing %q", e.Field, e.Message, field, want)
	require.True(r.t, strings.Contains(e.Message, want), "got field %q message %q; want field %q and a message containing %q", e.Field, e.Message, field, want)
}

// order places an order of the items and returns the products.
func (sb *sandbox) order(items ...api.OrderItem) []api.Product {
	sb.t.Helper()
	var out []api.Product
	sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: items}).ok(http.StatusCreated, &out)
	require.Len(sb.t, out, len(items), "ordered %d items, got %d products", len(items), len(out))
	return out
}

func (sb *sandbox) product(uid string) api.Product {
	sb.t.Helper()
	var p api.Product
	sb.call(http.MethodGet, "/v3/products/"+uid, nil).ok(http.StatusOK, &p)
	return p
}

func (sb *sandbox) partnerPorts() []api.PartnerPort {
	sb.t.Helper()
	var out []api.PartnerPort
	sb.call(http.MethodGet, "/v3/partner-ports", nil).ok(http.StatusOK, &out)
	return out
}

// Order items that pass validation, for tests to start from.

func portItem() api.OrderItem {
	return api.OrderItem{ProductType: api.ProductTypePort, ProductName: "port-1", LocationID: 1, PortSpeed: 10000, ContractTermMonths: 12}
}

func mcrItem() api.OrderItem {
	return api.OrderItem{ProductType: api.ProductTypeMCR, ProductName: "mcr-1", LocationID: 1, PortSpeed: 5000, ContractTermMonths: 1}
}

func natItem() api.OrderItem {
	return api.OrderItem{ProductType: api.ProductTypeNATGateway, ProductName: "nat-1", LocationID: 1, DiversityZone: "red", ContractTermMonths: 12,
		NATGateway: &api.NATConfig{Speed: 1000, SessionCount: 50000}}
}

func mveItem() api.OrderItem {
	return api.OrderItem{ProductType: api.ProductTypeMVE, ProductName: "mve-1", LocationID: 1, ContractTermMonths: 12,
		MVE: &api.MVEConfig{ImageID: 4, Size: "MEDIUM"}}
}

func ixItem(onUID string, vlan int64) api.OrderItem {
	return api.OrderItem{ProductType: api.ProductTypeIX, ProductName: "ix-1", IX: &api.IXConfig{
		RequestedProductUID: onUID, NetworkServiceType: "Sydney IX", ASN: 64512,
		MACAddress: "00:1a:2b:3c:4d:5e", RateLimit: 1000, VLAN: vlan,
	}}
}

func vxcItem(a, b string, rate int64) api.OrderItem {
	return api.OrderItem{ProductType: api.ProductTypeVXC, ProductName: "vxc-1", VXC: &api.VXCConfig{AEndProductUID: a, BEndProductUID: b, RateLimit: rate}}
}
