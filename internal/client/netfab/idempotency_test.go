package netfab

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/httpclient"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	sandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
	"github.com/iacsuite/providers/internal/wait"
)

// lossySandbox is the real netfab sandbox whose first POST to a path ending
// with suffix is made and its answer lost.
func lossySandbox(t *testing.T, suffix string) (*Client, *httpx.FaultInjector) {
	t.Helper()
	st, err := store.Open(t.TempDir() + "/netfab.db")
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	h, err := sandbox.New(sandbox.Config{Store: st})
	require.NoError(t, err)
	var hit atomic.Bool
	var fi *httpx.FaultInjector
	url := sandboxtest.ServeWith(t, h, sandboxtest.Options{Name: "netfab", Injector: &fi, Faults: httpx.Faults{
		LostRate: 1, Logf: t.Logf,
		Only: func(r *http.Request) bool {
			return r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, suffix) && hit.CompareAndSwap(false, true)
		},
	}})
	c, err := New(Config{BaseURL: url, AccessKey: sandbox.DefaultAccessKey, SecretKey: sandbox.DefaultSecretKey,
		HTTP:        httpclient.Options{RetryWaitMin: time.Millisecond, RetryWaitMax: 10 * time.Millisecond},
		PollBackoff: wait.Backoff{Initial: time.Millisecond, Factor: 2, Max: 5 * time.Millisecond}})
	require.NoError(t, err)
	return c, fi
}

// TestLostOrderAnswerMakesOneProduct: the order is placed, its answer lost;
// the retry carries the same Idempotency-Key and gets the same product.
func TestLostOrderAnswerMakesOneProduct(t *testing.T) {
	c, fi := lossySandbox(t, "/v3/orders")
	ctx := context.Background()
	ps, err := c.Order(ctx, uuid.NewString(), api.OrderItem{ProductType: api.ProductTypePort, ProductName: "p", LocationID: 1, PortSpeed: 10000, ContractTermMonths: 12})
	require.NoError(t, err)
	require.Len(t, ps, 1)
	assert.EqualValues(t, 1, fi.Injected()[httpx.FaultLost])
	all, err := c.Products(ctx, api.ProductTypePort)
	require.NoError(t, err)
	assert.Len(t, all, 1, "one port")
	assert.Equal(t, ps[0].ProductUID, all[0].ProductUID)
}

// TestLostSubResourceAnswerMakesOneObject: prefix lists get IDs from the
// service; a create whose answer was lost is retried into the same list.
func TestLostSubResourceAnswerMakesOneObject(t *testing.T) {
	c, fi := lossySandbox(t, "/prefix-lists")
	ctx := context.Background()
	ps, err := c.Order(ctx, uuid.NewString(), api.OrderItem{ProductType: api.ProductTypeMCR, ProductName: "mcr", LocationID: 1, PortSpeed: 5000, ContractTermMonths: 1})
	require.NoError(t, err)
	mcr := ps[0].ProductUID
	l, err := c.CreateMCRPrefixFilterList(ctx, mcr, api.PrefixList{Description: "routes", AddressFamily: "IPv4",
		Entries: []api.PrefixEntry{{Action: "permit", Prefix: "10.0.0.0/8"}}})
	require.NoError(t, err)
	assert.NotZero(t, l.ID)
	assert.EqualValues(t, 1, fi.Injected()[httpx.FaultLost])
	all, err := c.MCRPrefixFilterLists(ctx, mcr)
	require.NoError(t, err)
	assert.Len(t, all, 1, "one prefix list")
}
