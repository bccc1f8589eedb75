package netfab

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
	sandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// ListProducts follows the listing's pages lazily: one request per page,
// none after the caller stops, the filters and tags sent with each.
func TestListProductsPagesLazily(t *testing.T) {
	st, err := store.Open(t.TempDir() + "/netfab.db")
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	h, err := sandbox.New(sandbox.Config{Store: st})
	require.NoError(t, err)
	var lists atomic.Int64
	url := sandboxtest.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && r.URL.Path == "/v3/products" {
			lists.Add(1)
		}
		h.ServeHTTP(w, r)
	}))
	c, err := New(Config{BaseURL: url, AccessKey: sandbox.DefaultAccessKey, SecretKey: sandbox.DefaultSecretKey})
	require.NoError(t, err)
	ctx := context.Background()
	var items []api.OrderItem
	for i := range 7 {
		items = append(items, api.OrderItem{ProductType: api.ProductTypePort, ProductName: fmt.Sprintf("p%d", i),
			LocationID: 1, PortSpeed: 10000, ContractTermMonths: 1})
	}
	ordered, err := c.Order(ctx, "k1", items...)
	require.NoError(t, err)
	_, err = c.SetResourceTags(ctx, ordered[3].ProductUID, map[string]string{"team": "net"})
	require.NoError(t, err)

	var names []string
	for p, err := range c.ListProducts(ctx, ProductQuery{Type: api.ProductTypePort, PageSize: 3, ResourceTags: true}) {
		require.NoError(t, err)
		names = append(names, p.ProductName)
		want := map[string]string{}
		if p.ProductUID == ordered[3].ProductUID {
			want = map[string]string{"team": "net"}
		}
		assert.Equal(t, want, p.ResourceTags, p.ProductName)
	}
	assert.Equal(t, []string{"p0", "p1", "p2", "p3", "p4", "p5", "p6"}, names)
	assert.EqualValues(t, 3, lists.Load(), "7 products in pages of 3")

	lists.Store(0)
	for p, err := range c.ListProducts(ctx, ProductQuery{Type: api.ProductTypePort, PageSize: 3}) {
		require.NoError(t, err)
		assert.Nil(t, p.ResourceTags)
		if p.ProductName == "p1" {
			break
		}
	}
	assert.EqualValues(t, 1, lists.Load(), "stopping within the first page asks for no other")

	names = nil
	for p, err := range c.ListProducts(ctx, ProductQuery{Type: api.ProductTypePort, Name: "p4", LocationID: 1, Status: api.StatusLive}) {
		require.NoError(t, err)
		names = append(names, p.ProductName)
	}
	assert.Equal(t, []string{"p4"}, names)

	all, err := c.Products(ctx, api.ProductTypePort)
	require.NoError(t, err)
	assert.Len(t, all, 7)

	for _, err := range c.ListProducts(ctx, ProductQuery{Status: "GONE"}) {
		require.ErrorContains(t, err, "provisioningStatus")
	}
}

// LockProduct locks and unlocks; a locked product refuses an update with
// the service's message.
func TestLockProduct(t *testing.T) {
	st, err := store.Open(t.TempDir() + "/netfab.db")
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	h, err := sandbox.New(sandbox.Config{Store: st})
	require.NoError(t, err)
	c, err := New(Config{BaseURL: sandboxtest.Serve(t, h), AccessKey: sandbox.DefaultAccessKey, SecretKey: sandbox.DefaultSecretKey})
	require.NoError(t, err)
	ctx := context.Background()
	ordered, err := c.Order(ctx, "lock", api.OrderItem{ProductType: api.ProductTypePort, ProductName: "locked-port",
		LocationID: 1, PortSpeed: 10000, ContractTermMonths: 1})
	require.NoError(t, err)
	uid := ordered[0].ProductUID
	p, err := c.LockProduct(ctx, uid, true)
	require.NoError(t, err)
	assert.True(t, p.Locked)
	name := "renamed"
	_, err = c.UpdateProduct(ctx, uid, api.ProductUpdate{ProductName: &name})
	require.ErrorContains(t, err, "is locked against changes")
	p, err = c.LockProduct(ctx, uid, false)
	require.NoError(t, err)
	assert.False(t, p.Locked)
	_, err = c.UpdateProduct(ctx, uid, api.ProductUpdate{ProductName: &name})
	require.NoError(t, err)
}

// ProductWithTags reads a product and its resource tags in one request.
func TestProductWithTagsIsOneRequest(t *testing.T) {
	st, err := store.Open(t.TempDir() + "/netfab.db")
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	h, err := sandbox.New(sandbox.Config{Store: st})
	require.NoError(t, err)
	var reads atomic.Int64
	url := sandboxtest.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			reads.Add(1)
		}
		h.ServeHTTP(w, r)
	}))
	c, err := New(Config{BaseURL: url, AccessKey: sandbox.DefaultAccessKey, SecretKey: sandbox.DefaultSecretKey})
	require.NoError(t, err)
	ctx := context.Background()
	ordered, err := c.Order(ctx, "k1",
		api.OrderItem{ProductType: api.ProductTypePort, ProductName: "tagged", LocationID: 1, PortSpeed: 10000, ContractTermMonths: 1,
			ResourceTags: map[string]string{"team": "net"}},
		api.OrderItem{ProductType: api.ProductTypePort, ProductName: "plain", LocationID: 1, PortSpeed: 10000, ContractTermMonths: 1})
	require.NoError(t, err)

	reads.Store(0)
	p, tags, err := c.ProductWithTags(ctx, ordered[0].ProductUID)
	require.NoError(t, err)
	assert.Equal(t, "tagged", p.ProductName)
	assert.Equal(t, map[string]string{"team": "net"}, tags)
	assert.EqualValues(t, 1, reads.Load())
	_, tags, err = c.ProductWithTags(ctx, ordered[1].ProductUID)
	require.NoError(t, err)
	assert.Equal(t, map[string]string{}, tags)
	_, _, err = c.ProductWithTags(ctx, "no-such-product")
	assert.True(t, IsNotFound(err), "%v", err)
}
