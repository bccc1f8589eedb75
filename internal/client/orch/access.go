package orch

import (
	"context"
	"net/http"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// Access of users to models and offers, and the SSH keys of a model.

func modelAccessPath(modelUUID string) string {
	return api.APIPrefix + "/models/" + pathEscape(modelUUID) + "/access"
}

// ModelAccess lists the grants of a model the caller may see.
func (c *Client) ModelAccess(ctx context.Context, modelUUID string) ([]api.AccessGrant, error) {
	l, err := get[api.List[api.AccessGrant]](ctx, c, modelAccessPath(modelUUID))
	return l.Items, err
}

// GrantModelAccess gives a user a level of access to a model, replacing
// the level it had.
func (c *Client) GrantModelAccess(ctx context.Context, modelUUID, user, access string) (api.AccessGrant, error) {
	return send[api.AccessGrant](ctx, c, http.MethodPut, modelAccessPath(modelUUID)+"/"+pathEscape(user), api.GrantAccessRequest{Access: access})
}

// RevokeModelAccess takes a user's grant on a model away.
func (c *Client) RevokeModelAccess(ctx context.Context, modelUUID, user string) error {
	return c.del(ctx, modelAccessPath(modelUUID)+"/"+pathEscape(user))
}

// OfferAccess lists the grants of an offer the caller may see.
func (c *Client) OfferAccess(ctx context.Context, offerURL string) ([]api.AccessGrant, error) {
	p, err := offerPath(offerURL)
	if err != nil {
		return nil, err
	}
	l, err := get[api.List[api.AccessGrant]](ctx, c, p+"/access")
	return l.Items, err
}

// GrantOfferAccess gives a user a level of access to an offer.
func (c *Client) GrantOfferAccess(ctx context.Context, offerURL, user, access string) (api.AccessGrant, error) {
	p, err := offerPath(offerURL)
	if err != nil {
		return api.AccessGrant{}, err
	}
	return send[api.AccessGrant](ctx, c, http.MethodPut, p+"/access/"+pathEscape(user), api.GrantAccessRequest{Access: access})
}

// RevokeOfferAccess takes a user's grant on an offer away.
func (c *Client) RevokeOfferAccess(ctx context.Context, offerURL, user string) error {
	p, err := offerPath(offerURL)
	if err != nil {
		return err
	}
	return c.del(ctx, p+"/access/"+pathEscape(user))
}

func sshKeysPath(modelUUID string) string {
	return api.APIPrefix + "/models/" + pathEscape(modelUUID) + "/ssh-keys"
}

// AddSSHKey authorises a public key on the machines of a model.
func (c *Client) AddSSHKey(ctx context.Context, modelUUID, key string) (api.SSHKey, error) {
	return send[api.SSHKey](ctx, c, http.MethodPost, sshKeysPath(modelUUID), api.AddSSHKeyRequest{Key: key})
}

// SSHKey returns the key of a model with the given fingerprint.
func (c *Client) SSHKey(ctx context.Context, modelUUID, fingerprint string) (api.SSHKey, error) {
	return get[api.SSHKey](ctx, c, sshKeysPath(modelUUID)+"/"+pathEscape(fingerprint))
}

// SSHKeys lists the keys of a model.
func (c *Client) SSHKeys(ctx context.Context, modelUUID string) ([]api.SSHKey, error) {
	l, err := get[api.List[api.SSHKey]](ctx, c, sshKeysPath(modelUUID))
	return l.Items, err
}

// RemoveSSHKey removes the key of a model with the given fingerprint.
func (c *Client) RemoveSSHKey(ctx context.Context, modelUUID, fingerprint string) error {
	return c.del(ctx, sshKeysPath(modelUUID)+"/"+pathEscape(fingerprint))
}
