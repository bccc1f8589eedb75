package netfab

import (
	"context"
	"net/http"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

// Ordering: validate and price, then buy under an idempotency key.

// ValidateOrder checks and prices an order without buying it.
func (c *Client) ValidateOrder(ctx context.Context, items ...api.OrderItem) ([]api.OrderValidation, error) {
	return send[[]api.OrderValidation](ctx, c, http.MethodPost, "/v3/orders/validate", api.OrderRequest{Items: items})
}

// Order buys the items. The service creates nothing new for an idempotency
// key it has seen: it answers with the products that key already created, so
// a retried order never buys twice.
func (c *Client) Order(ctx context.Context, idempotencyKey string, items ...api.OrderItem) ([]api.Product, error) {
	var out []api.Product
	h := http.Header{}
	h.Set("Idempotency-Key", idempotencyKey)
	err := c.do(ctx, http.MethodPost, "/v3/orders", h, api.OrderRequest{Items: items}, &out)
	return out, err
}
