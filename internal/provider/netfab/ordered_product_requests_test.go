package netfab

import (
	"context"
	"net/http"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	sandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// An order is one request: the service checks every item before it creates
// anything (docs/api/netfab.md, Ordering), so a separate validation first
// would only double the work. A broken item is refused by the order itself,
// naming the field, and creates nothing.
func TestOrderProductIsOneRequest(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "netfab.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	h, err := sandbox.New(sandbox.Config{Store: st})
	require.NoError(t, err)
	var mu sync.Mutex
	var calls []string
	url := sandboxtest.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/oauth2/token" {
			mu.Lock()
			calls = append(calls, r.Method+" "+r.URL.Path)
			mu.Unlock()
		}
		h.ServeHTTP(w, r)
	}))
	c, err := client.New(client.Config{BaseURL: url, AccessKey: sandbox.DefaultAccessKey, SecretKey: sandbox.DefaultSecretKey})
	require.NoError(t, err)
	ctx := context.Background()
	item := netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: "one", LocationID: 1, PortSpeed: 10000, ContractTermMonths: 12}

	p, err := orderProduct(ctx, c, item)
	require.NoError(t, err)
	assert.Equal(t, "one", p.ProductName)
	assert.Equal(t, []string{"POST /v3/orders"}, calls)

	calls = nil
	item.ProductName, item.PortSpeed = "broken", 7
	_, err = orderProduct(ctx, c, item)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "portSpeed")
	assert.Equal(t, []string{"POST /v3/orders"}, calls)
	for p, err := range c.ListProducts(ctx, client.ProductQuery{Type: netfabapi.ProductTypePort}) {
		require.NoError(t, err)
		assert.NotEqual(t, "broken", p.ProductName, "a refused order created a product")
	}
}
