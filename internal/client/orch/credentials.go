package orch

import (
	"context"
	"net/http"

	api "github.com/iacsuite/providers/internal/api/orch"
)

func credentialPath(cloud, owner, name string) string {
	return cloudPath(cloud) + "/credentials/" + pathEscape(owner) + "/" + pathEscape(name)
}

// AddCredential adds a credential for a cloud, owned by the caller unless
// req.Owner says otherwise.
func (c *Client) AddCredential(ctx context.Context, cloud string, req api.CreateCredentialRequest) (api.Credential, error) {
	return send[api.Credential](ctx, c, http.MethodPost, cloudPath(cloud)+"/credentials", req)
}

// Credential returns a credential with its attributes.
func (c *Client) Credential(ctx context.Context, cloud, owner, name string) (api.Credential, error) {
	return get[api.Credential](ctx, c, credentialPath(cloud, owner, name))
}

// UpdateCredential replaces a credential's auth type and attributes.
func (c *Client) UpdateCredential(ctx context.Context, cloud, owner, name string, req api.UpdateCredentialRequest) (api.Credential, error) {
	return send[api.Credential](ctx, c, http.MethodPut, credentialPath(cloud, owner, name), req)
}

// RemoveCredential removes a credential.
func (c *Client) RemoveCredential(ctx context.Context, cloud, owner, name string) error {
	return c.del(ctx, credentialPath(cloud, owner, name))
}

// Username is the user the client logs in as.
func (c *Client) Username() string { return c.username }
