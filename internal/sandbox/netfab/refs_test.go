package netfab

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// A store written before products were filed under references gets them on
// the next start: a port that carries an IX connection and a VXC still
// refuses to be cancelled, and their VLANs stay taken.
func TestStoreWithoutProductRefsIsIndexedOnStart(t *testing.T) {
	sb := start(t)
	ps := sb.order(portItem(), portItem())
	a, b := ps[0].ProductUID, ps[1].ProductUID
	ix := sb.order(ixItem(a, 100))[0]
	vxc := sb.order(vxcItem(a, b, 100))[0]

	// Forget every reference and the marker of the upgrade, as in a store of
	// an older sandbox.
	require.NoError(t, sb.st.Tx(context.Background(), func(tx *store.Tx) error {
		for _, uid := range []string{a, b, ix.ProductUID, vxc.ProductUID} {
			if err := tx.SetRefs(kindProduct, uid); err != nil {
				return err
			}
		}
		_, err := tx.Delete("meta", "product-refs") // the marker of store.FileRefsOnce
		return err
	}))
	sb.restart()

	e := sb.call(http.MethodDelete, "/v3/products/"+a, nil).fails(http.StatusConflict, api.CodeConflict)
	assert.Contains(t, e.Message, ix.ProductUID)
	assert.Contains(t, e.Message, vxc.ProductUID)
	item := ixItem(a, 100)
	sb.call(http.MethodPost, "/v3/orders", api.OrderRequest{Items: []api.OrderItem{item}}).invalid("vlan", "already used")
}
