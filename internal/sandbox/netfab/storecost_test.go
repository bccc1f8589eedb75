package netfab

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

// P2b of docs/performance.md is that an order and a read cost the same
// against a store of 100,000 products as against one of 10. Its benchmarks
// time that; these tests check it in units that do not depend on the
// machine's load.

const portOrder = `{"items":[{"productType":"PORT","productName":"cost","locationId":1,"portSpeed":10000,"contractTermMonths":12}]}`

// TestRequestPagesDoNotGrowWithTheStore: an order (with its diversity
// zone, name and location checks) and a product read look at as many store
// pages against a store of 3,000 products as against one of 10, give or
// take the B-trees' extra levels. A rule that decodes the products of a
// type, a location or a company instead of asking an index reads hundreds
// of pages more here.
func TestRequestPagesDoNotGrowWithTheStore(t *testing.T) {
	const requests = 20
	perRequest := func(f *benchFixture, method string, path func(int) string, body string, want int) float64 {
		before := f.pagesRead(t)
		for i := 0; i < requests; i++ {
			f.serve(t, method, path(i), body, want)
		}
		return float64(f.pagesRead(t)-before) / requests
	}
	small := newFixture(t, t.TempDir(), 10)
	large := newFixture(t, t.TempDir(), 3000)
	for _, c := range []struct {
		what         string
		method, body string
		path         func(f *benchFixture) func(int) string
		want         int
	}{
		{"port order", http.MethodPost, portOrder, func(*benchFixture) func(int) string {
			return func(int) string { return "/v3/orders" }
		}, http.StatusCreated},
		{"product read", http.MethodGet, "", func(f *benchFixture) func(int) string {
			return func(i int) string { return "/v3/products/" + f.uids[i%len(f.uids)] }
		}, http.StatusOK},
	} {
		s := perRequest(small, c.method, c.path(small), c.body, c.want)
		l := perRequest(large, c.method, c.path(large), c.body, c.want)
		t.Logf("%s: %.1f pages against 10 products, %.1f against 3,000", c.what, s, l)
		assert.LessOrEqual(t, l, s+12, "%s: pages per request against a store of 3,000 products (%.1f) against 10 (%.1f)", c.what, l, s)
	}
}

// TestProductUIDsFollowCreationOrder: new products' UIDs sort in the order
// they were created (newProductUID), so that the store files each one at
// the end of its indexes by UID rather than at a random place in them.
func TestProductUIDsFollowCreationOrder(t *testing.T) {
	f := newFixture(t, t.TempDir(), 0)
	var uids []string
	for range 5 {
		rec := f.serve(t, http.MethodPost, "/v3/orders", portOrder, http.StatusCreated)
		var out api.Envelope[[]api.Product]
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &out))
		require.Len(t, out.Data, 1)
		_, err := uuid.Parse(out.Data[0].ProductUID)
		require.NoError(t, err, "a product UID is a UUID")
		uids = append(uids, out.Data[0].ProductUID)
	}
	assert.True(t, slices.IsSorted(uids), "product UIDs in creation order: %v", uids)
}
