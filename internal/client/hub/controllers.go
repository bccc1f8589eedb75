package hub

import (
	"context"
	"net/http"
	"net/url"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	orchapi "github.com/iacsuite/providers/internal/api/orch"
)

// RegisterController registers a controller.
func (c *Client) RegisterController(ctx context.Context, req hubapi.RegisterControllerRequest) (hubapi.Controller, error) {
	return send[hubapi.Controller](ctx, c, http.MethodPost, p("controllers"), req)
}

// Controller returns a registered controller.
func (c *Client) Controller(ctx context.Context, name string) (hubapi.Controller, error) {
	return get[hubapi.Controller](ctx, c, p("controllers", name), nil)
}

// Controllers lists the registered controllers.
func (c *Client) Controllers(ctx context.Context) ([]hubapi.Controller, error) {
	l, err := get[orchapi.List[hubapi.Controller]](ctx, c, p("controllers"), nil)
	return l.Items, err
}

// SetDeprecated deprecates a controller, or undoes it.
func (c *Client) SetDeprecated(ctx context.Context, name string, deprecated bool) (hubapi.Controller, error) {
	return send[hubapi.Controller](ctx, c, http.MethodPatch, p("controllers", name), hubapi.UpdateControllerRequest{Deprecated: &deprecated})
}

// RemoveController removes a controller from the hub; force is needed while
// it is available.
func (c *Client) RemoveController(ctx context.Context, name string, force bool) error {
	var q url.Values
	if force {
		q = url.Values{"force": {"true"}}
	}
	return c.del(ctx, p("controllers", name), q)
}
