package orch

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	api "github.com/iacsuite/providers/internal/api/orch"
)

func integrationsPath(modelUUID string) string {
	return api.APIPrefix + "/models/" + pathEscape(modelUUID) + "/integrations"
}

// Integrate integrates two endpoints, or an endpoint and an offer.
func (c *Client) Integrate(ctx context.Context, modelUUID string, req api.CreateIntegrationRequest) (api.Integration, error) {
	return send[api.Integration](ctx, c, http.MethodPost, integrationsPath(modelUUID), req)
}

// Integration returns one integration.
func (c *Client) Integration(ctx context.Context, modelUUID string, id int) (api.Integration, error) {
	return get[api.Integration](ctx, c, integrationsPath(modelUUID)+"/"+strconv.Itoa(id))
}

// Integrations lists a model's integrations, those of one application or
// endpoint ("app" or "app:endpoint") when endpoint is not empty.
func (c *Client) Integrations(ctx context.Context, modelUUID, endpoint string) ([]api.Integration, error) {
	p := integrationsPath(modelUUID)
	if endpoint != "" {
		p += "?" + url.Values{"endpoint": {endpoint}}.Encode()
	}
	l, err := get[api.List[api.Integration]](ctx, c, p)
	return l.Items, err
}

// RemoveIntegration removes an integration and waits until it is gone.
func (c *Client) RemoveIntegration(ctx context.Context, modelUUID string, id int) error {
	p := integrationsPath(modelUUID) + "/" + strconv.Itoa(id)
	if err := c.del(ctx, p); err != nil {
		return err
	}
	return c.waitGone(ctx, p)
}
