package netfab

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/wait"
)

// Products: read, update, cancel, tags, and the wait for provisioning.

// Product returns a product in any state, cancelled ones included.
func (c *Client) Product(ctx context.Context, uid string) (api.Product, error) {
	return get[api.Product](ctx, c, "/v3/products/"+url.PathEscape(uid))
}

// Products lists the active products of a type.
func (c *Client) Products(ctx context.Context, productType string) ([]api.Product, error) {
	return get[[]api.Product](ctx, c, "/v3/products?productType="+url.QueryEscape(productType))
}

// UpdateProduct changes a product in place.
func (c *Client) UpdateProduct(ctx context.Context, uid string, upd api.ProductUpdate) (api.Product, error) {
	return send[api.Product](ctx, c, http.MethodPut, "/v3/products/"+url.PathEscape(uid), upd)
}

// CancelProduct cancels a product now.
func (c *Client) CancelProduct(ctx context.Context, uid string) error {
	return c.del(ctx, "/v3/products/"+url.PathEscape(uid))
}

// ResourceTags returns a product's resource tags.
func (c *Client) ResourceTags(ctx context.Context, uid string) (map[string]string, error) {
	return get[map[string]string](ctx, c, "/v3/products/"+url.PathEscape(uid)+"/tags")
}

// SetResourceTags replaces a product's resource tags.
func (c *Client) SetResourceTags(ctx context.Context, uid string, tags map[string]string) (map[string]string, error) {
	if tags == nil {
		tags = map[string]string{}
	}
	return send[map[string]string](ctx, c, http.MethodPut, "/v3/products/"+url.PathEscape(uid)+"/tags", tags)
}

// IsActive reports whether a provisioning status is one of a product that
// exists: not cancelled and not decommissioned.
func IsActive(status string) bool {
	return status != api.StatusCancelled && status != api.StatusDecommissioned
}

// IsProvisioned reports whether a product is deployed: CONFIGURED or LIVE.
func IsProvisioned(status string) bool {
	return status == api.StatusConfigured || status == api.StatusLive
}

// WaitForProvisioned polls a product until it is CONFIGURED or LIVE. It
// returns the last product read; on timeout the error wraps wait.ErrTimeout.
func (c *Client) WaitForProvisioned(ctx context.Context, uid string, timeout time.Duration) (api.Product, error) {
	var last api.Product
	err := wait.Until(ctx, timeout, c.pollBackoff, func(ctx context.Context) (bool, error) {
		p, err := c.Product(ctx, uid)
		if err != nil {
			return false, err
		}
		last = p
		if !IsActive(p.ProvisioningStatus) {
			return false, fmt.Errorf("product %s was %s while waiting for it to be provisioned", uid, p.ProvisioningStatus)
		}
		return IsProvisioned(p.ProvisioningStatus), nil
	})
	return last, err
}
