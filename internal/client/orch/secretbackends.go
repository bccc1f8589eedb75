package orch

import (
	"context"
	"iter"
	"net/http"
	"net/url"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// Secret backends of the controller (superusers only).

func secretBackendPath(name string) string {
	return api.APIPrefix + "/secret-backends/" + pathEscape(name)
}

// AddSecretBackend adds a secret backend.
func (c *Client) AddSecretBackend(ctx context.Context, req api.CreateSecretBackendRequest) (api.SecretBackend, error) {
	return send[api.SecretBackend](ctx, c, http.MethodPost, api.APIPrefix+"/secret-backends", req)
}

// SecretBackend returns a secret backend, with its configuration when
// reveal is true.
func (c *Client) SecretBackend(ctx context.Context, name string, reveal bool) (api.SecretBackend, error) {
	p := secretBackendPath(name)
	if reveal {
		p += "?reveal=true"
	}
	return get[api.SecretBackend](ctx, c, p)
}

// EachSecretBackend streams the secret backends, with their configurations
// when reveal is true.
func (c *Client) EachSecretBackend(ctx context.Context, reveal bool) iter.Seq2[api.SecretBackend, error] {
	q := url.Values{}
	if reveal {
		q.Set("reveal", "true")
	}
	return each[api.SecretBackend](ctx, c, api.APIPrefix+"/secret-backends", q)
}

// UpdateSecretBackend changes the given fields of a secret backend.
func (c *Client) UpdateSecretBackend(ctx context.Context, name string, req api.UpdateSecretBackendRequest) (api.SecretBackend, error) {
	return send[api.SecretBackend](ctx, c, http.MethodPatch, secretBackendPath(name), req)
}

// RemoveSecretBackend removes a secret backend.
func (c *Client) RemoveSecretBackend(ctx context.Context, name string) error {
	return c.del(ctx, secretBackendPath(name))
}
