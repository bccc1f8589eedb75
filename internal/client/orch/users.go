package orch

import (
	"context"
	"net/http"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// Users of the controller (superusers manage them; a user reads and changes
// its own record).

// CreateUser adds a user.
func (c *Client) CreateUser(ctx context.Context, req api.CreateUserRequest) (api.User, error) {
	return send[api.User](ctx, c, http.MethodPost, api.APIPrefix+"/users", req)
}

// User returns a user.
func (c *Client) User(ctx context.Context, name string) (api.User, error) {
	return get[api.User](ctx, c, api.APIPrefix+"/users/"+pathEscape(name))
}

// Users lists the users the caller may see.
func (c *Client) Users(ctx context.Context) ([]api.User, error) {
	l, err := get[api.List[api.User]](ctx, c, api.APIPrefix+"/users")
	return l.Items, err
}

// UpdateUser changes the given fields of a user.
func (c *Client) UpdateUser(ctx context.Context, name string, req api.UpdateUserRequest) (api.User, error) {
	return send[api.User](ctx, c, http.MethodPatch, api.APIPrefix+"/users/"+pathEscape(name), req)
}

// RemoveUser removes a user.
func (c *Client) RemoveUser(ctx context.Context, name string) error {
	return c.del(ctx, api.APIPrefix+"/users/"+pathEscape(name))
}
