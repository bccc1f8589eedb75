package netfab

import (
	"context"
	"net/http"
	"net/url"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

// Service keys: keys that let another company order a VXC to a port.

// CreateServiceKey creates a service key for one of the company's ports.
func (c *Client) CreateServiceKey(ctx context.Context, req api.ServiceKeyRequest) (api.ServiceKey, error) {
	return send[api.ServiceKey](ctx, c, http.MethodPost, "/v3/service-keys", req)
}

// ServiceKey returns one of the company's service keys.
func (c *Client) ServiceKey(ctx context.Context, key string) (api.ServiceKey, error) {
	return get[api.ServiceKey](ctx, c, "/v3/service-keys/"+url.PathEscape(key))
}

// ServiceKeys lists the company's service keys, of one port when productUID
// is not empty.
func (c *Client) ServiceKeys(ctx context.Context, productUID string) ([]api.ServiceKey, error) {
	path := "/v3/service-keys"
	if productUID != "" {
		path += "?productUid=" + url.QueryEscape(productUID)
	}
	return get[[]api.ServiceKey](ctx, c, path)
}

// UpdateServiceKey changes what changes in place: active and the validity
// window.
func (c *Client) UpdateServiceKey(ctx context.Context, key string, upd api.ServiceKeyUpdate) (api.ServiceKey, error) {
	return send[api.ServiceKey](ctx, c, http.MethodPut, "/v3/service-keys/"+url.PathEscape(key), upd)
}

// DeleteServiceKey deletes a service key; VXCs ordered with it stay.
func (c *Client) DeleteServiceKey(ctx context.Context, key string) error {
	return c.del(ctx, "/v3/service-keys/"+url.PathEscape(key))
}
