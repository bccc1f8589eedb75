package orch

import (
	"context"
	"net/http"

	api "github.com/iacsuite/providers/internal/api/orch"
)

func applicationsPath(modelUUID string) string {
	return api.APIPrefix + "/models/" + pathEscape(modelUUID) + "/applications"
}

// Deploy adds an application. It returns once the controller has accepted
// the deployment; units come up on their own afterwards.
func (c *Client) Deploy(ctx context.Context, modelUUID string, spec api.ApplicationSpec) (api.Application, error) {
	return send[api.Application](ctx, c, http.MethodPost, applicationsPath(modelUUID), spec)
}

// Application returns one application.
func (c *Client) Application(ctx context.Context, modelUUID, name string) (api.Application, error) {
	return get[api.Application](ctx, c, applicationsPath(modelUUID)+"/"+pathEscape(name))
}

// Applications lists the applications of a model.
func (c *Client) Applications(ctx context.Context, modelUUID string) ([]api.Application, error) {
	l, err := get[api.List[api.Application]](ctx, c, applicationsPath(modelUUID))
	return l.Items, err
}

// UpdateApplication sets the whole desired state of an application: charm
// refresh, scale, placement, config, exposure, resources and storage.
func (c *Client) UpdateApplication(ctx context.Context, modelUUID, name string, spec api.ApplicationSpec) (api.Application, error) {
	return send[api.Application](ctx, c, http.MethodPut, applicationsPath(modelUUID)+"/"+pathEscape(name), spec)
}

// RemoveApplication removes an application with its units and waits until
// it is gone.
func (c *Client) RemoveApplication(ctx context.Context, modelUUID, name string) error {
	p := applicationsPath(modelUUID) + "/" + pathEscape(name)
	if err := c.del(ctx, p); err != nil {
		return err
	}
	return c.waitGone(ctx, p)
}
