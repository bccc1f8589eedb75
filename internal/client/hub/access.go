package hub

import (
	"context"
	"net/http"
	"net/url"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	orchapi "github.com/iacsuite/providers/internal/api/orch"
)

// Kinds of Group operations.
const (
	KindGroup = "groups"
	KindRole  = "roles"
)

// Group returns the group (kind KindGroup) or role (KindRole) with a UUID.
func (c *Client) Group(ctx context.Context, kind, uuid string) (hubapi.Group, error) {
	return get[hubapi.Group](ctx, c, p(kind, uuid), nil)
}

// GroupByName returns the group or role with a name; a 404 *APIError when
// there is none.
func (c *Client) GroupByName(ctx context.Context, kind, name string) (hubapi.Group, error) {
	l, err := get[orchapi.List[hubapi.Group]](ctx, c, p(kind), url.Values{"name": {name}})
	if err != nil {
		return hubapi.Group{}, err
	}
	if len(l.Items) == 0 {
		singular := kind[:len(kind)-1]
		return hubapi.Group{}, &APIError{StatusCode: http.StatusNotFound, Code: orchapi.CodeNotFound, Message: "no " + singular + " named " + name}
	}
	return l.Items[0], nil
}

// CreateGroup creates a group or role.
func (c *Client) CreateGroup(ctx context.Context, kind, name string) (hubapi.Group, error) {
	return send[hubapi.Group](ctx, c, http.MethodPost, p(kind), hubapi.GroupRequest{Name: name})
}

// RenameGroup renames a group or role.
func (c *Client) RenameGroup(ctx context.Context, kind, uuid, name string) (hubapi.Group, error) {
	return send[hubapi.Group](ctx, c, http.MethodPatch, p(kind, uuid), hubapi.GroupRequest{Name: name})
}

// DeleteGroup removes a group or role and the tuples that name it.
func (c *Client) DeleteGroup(ctx context.Context, kind, uuid string) error {
	return c.del(ctx, p(kind, uuid), nil)
}

// Relations lists the tuples on target, of relation when it is not empty.
func (c *Client) Relations(ctx context.Context, target, relation string) ([]hubapi.Tuple, error) {
	q := url.Values{"target": {target}}
	if relation != "" {
		q.Set("relation", relation)
	}
	l, err := get[orchapi.List[hubapi.Tuple]](ctx, c, p("relations"), q)
	return l.Items, err
}

// ChangeRelations adds and removes tuples, all or nothing.
func (c *Client) ChangeRelations(ctx context.Context, add, remove []hubapi.Tuple) error {
	if len(add) == 0 && len(remove) == 0 {
		return nil
	}
	_, err := send[struct{}](ctx, c, http.MethodPost, p("relations"), hubapi.RelationsRequest{Add: add, Remove: remove})
	return err
}

// CreateServiceAccount creates a service account; the answer holds its
// secret.
func (c *Client) CreateServiceAccount(ctx context.Context, req hubapi.CreateServiceAccountRequest) (hubapi.ServiceAccount, error) {
	return send[hubapi.ServiceAccount](ctx, c, http.MethodPost, p("service-accounts"), req)
}

// DeleteServiceAccount removes a service account.
func (c *Client) DeleteServiceAccount(ctx context.Context, clientID string) error {
	return c.del(ctx, p("service-accounts", clientID), nil)
}
