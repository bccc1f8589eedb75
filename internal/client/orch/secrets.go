package orch

import (
	"context"
	"net/http"
	"net/url"

	api "github.com/iacsuite/providers/internal/api/orch"
)

func secretsPath(modelUUID string) string {
	return api.APIPrefix + "/models/" + pathEscape(modelUUID) + "/secrets"
}

// AddSecret adds a user secret.
func (c *Client) AddSecret(ctx context.Context, modelUUID string, req api.CreateSecretRequest) (api.Secret, error) {
	return send[api.Secret](ctx, c, http.MethodPost, secretsPath(modelUUID), req)
}

// Secret returns a secret by ID or URI, with its value when reveal is set.
func (c *Client) Secret(ctx context.Context, modelUUID, id string, reveal bool) (api.Secret, error) {
	p := secretsPath(modelUUID) + "/" + pathEscape(id)
	if reveal {
		p += "?reveal=true"
	}
	return get[api.Secret](ctx, c, p)
}

// SecretByName finds a secret of a model by name.
func (c *Client) SecretByName(ctx context.Context, modelUUID, name string) (api.Secret, error) {
	l, err := get[api.List[api.Secret]](ctx, c, secretsPath(modelUUID)+"?"+url.Values{"name": {name}}.Encode())
	if err != nil {
		return api.Secret{}, err
	}
	for _, s := range l.Items {
		if s.Name == name {
			return s, nil
		}
	}
	return api.Secret{}, &APIError{StatusCode: http.StatusNotFound, Code: api.CodeNotFound, Message: "no secret named " + name + " in the model"}
}

// UpdateSecret changes a secret's name, value or info.
func (c *Client) UpdateSecret(ctx context.Context, modelUUID, id string, req api.UpdateSecretRequest) (api.Secret, error) {
	return send[api.Secret](ctx, c, http.MethodPatch, secretsPath(modelUUID)+"/"+pathEscape(id), req)
}

// RemoveSecret removes a secret.
func (c *Client) RemoveSecret(ctx context.Context, modelUUID, id string) error {
	return c.del(ctx, secretsPath(modelUUID)+"/"+pathEscape(id))
}

// SetSecretAccess replaces the applications that may read a secret.
func (c *Client) SetSecretAccess(ctx context.Context, modelUUID, id string, applications []string) (api.Secret, error) {
	if applications == nil {
		applications = []string{}
	}
	return send[api.Secret](ctx, c, http.MethodPut, secretsPath(modelUUID)+"/"+pathEscape(id)+"/access",
		api.SecretAccessRequest{Applications: applications})
}
