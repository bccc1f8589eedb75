package netfab

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

// TestLockProduct: a locked product refuses updates, tag changes, changes
// to its lists and its cancellation, naming the lock; unlocked, it takes
// them again. Locking twice changes nothing; a cancelled product cannot be
// locked.
func TestLockProduct(t *testing.T) {
	sb := start(t)
	ps := sb.order(portItem(), mcrItem())
	port, mcr := ps[0], ps[1]
	sb.clock.Advance(3 * delay)
	list := "/v3/products/mcr/" + mcr.ProductUID + "/prefix-lists"
	var pl api.PrefixList
	sb.call(http.MethodPost, list, prefixList("IPv4", "10.0.0.0/8")).ok(http.StatusCreated, &pl)
	item := list + "/" + intID(pl.ID)

	var got api.Product
	sb.call(http.MethodPost, "/v3/products/"+mcr.ProductUID+"/lock", nil).ok(http.StatusOK, &got)
	assert.True(t, got.Locked)
	assert.True(t, sb.product(mcr.ProductUID).Locked)
	sb.call(http.MethodPost, "/v3/products/"+mcr.ProductUID+"/lock", nil).ok(http.StatusOK, &got)
	assert.True(t, got.Locked, "locking twice")

	for _, c := range []struct {
		method, path string
		body         any
	}{
		{http.MethodPut, "/v3/products/" + mcr.ProductUID, api.ProductUpdate{ProductName: ptr("renamed")}},
		{http.MethodPut, "/v3/products/" + mcr.ProductUID + "/tags", map[string]string{"team": "net"}},
		{http.MethodDelete, "/v3/products/" + mcr.ProductUID, nil},
		{http.MethodPost, list, prefixList("IPv4", "192.168.0.0/16")},
		{http.MethodPut, item, prefixList("IPv4", "172.16.0.0/12")},
		{http.MethodDelete, item, nil},
	} {
		e := sb.call(c.method, c.path, c.body).fails(http.StatusConflict, api.CodeConflict)
		assert.Contains(t, e.Message, "MCR "+mcr.ProductUID+" is locked against changes; unlock it first", "%s %s", c.method, c.path)
	}
	assert.Equal(t, mcr.ProductName, sb.product(mcr.ProductUID).ProductName, "nothing changed")
	// Another product is not locked.
	sb.call(http.MethodPut, "/v3/products/"+port.ProductUID, api.ProductUpdate{ProductName: ptr("edge-2")}).ok(http.StatusOK, &got)

	sb.call(http.MethodDelete, "/v3/products/"+mcr.ProductUID+"/lock", nil).ok(http.StatusOK, &got)
	assert.False(t, got.Locked)
	sb.call(http.MethodPut, "/v3/products/"+mcr.ProductUID, api.ProductUpdate{ProductName: ptr("renamed")}).ok(http.StatusOK, &got)
	assert.Equal(t, "renamed", got.ProductName)
	sb.call(http.MethodDelete, item, nil).ok(http.StatusNoContent, nil)
	sb.call(http.MethodDelete, "/v3/products/"+mcr.ProductUID, nil).ok(http.StatusOK, &got)

	sb.call(http.MethodPost, "/v3/products/"+mcr.ProductUID+"/lock", nil).fails(http.StatusConflict, api.CodeConflict)
	sb.call(http.MethodPost, "/v3/products/no-such-product/lock", nil).fails(http.StatusNotFound, api.CodeNotFound)
	require.False(t, sb.product(port.ProductUID).Locked)
}
