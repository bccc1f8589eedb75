package orch

import (
	"context"
	"iter"
	"net/http"
	"net/url"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// Spaces and subnets of a model (docs/api/orch.md, Spaces and subnets).

func spacesPath(modelUUID string) string {
	return api.APIPrefix + "/models/" + pathEscape(modelUUID) + "/spaces"
}

// CreateSpace adds an empty space to a model.
func (c *Client) CreateSpace(ctx context.Context, modelUUID, name string) (api.Space, error) {
	return send[api.Space](ctx, c, http.MethodPost, spacesPath(modelUUID), api.CreateSpaceRequest{Name: name})
}

// Space returns a space of a model with the CIDRs of its subnets.
func (c *Client) Space(ctx context.Context, modelUUID, name string) (api.Space, error) {
	return get[api.Space](ctx, c, spacesPath(modelUUID)+"/"+pathEscape(name))
}

// EachSpace streams the spaces of a model, alpha included, the one named
// name when it is not empty.
func (c *Client) EachSpace(ctx context.Context, modelUUID, name string) iter.Seq2[api.Space, error] {
	return each[api.Space](ctx, c, spacesPath(modelUUID), url.Values{"name": {name}})
}

// RemoveSpace removes a space that no application uses; its subnets go back
// to alpha.
func (c *Client) RemoveSpace(ctx context.Context, modelUUID, name string) error {
	return c.del(ctx, spacesPath(modelUUID)+"/"+pathEscape(name))
}

// MoveSubnets moves subnets of a model, by CIDR, into a space.
func (c *Client) MoveSubnets(ctx context.Context, modelUUID, space string, cidrs ...string) (api.Space, error) {
	return send[api.Space](ctx, c, http.MethodPost, spacesPath(modelUUID)+"/"+pathEscape(space)+"/subnets", api.MoveSubnetsRequest{CIDRs: cidrs})
}

// SubnetFilter selects subnets; empty fields select any.
type SubnetFilter struct {
	Space, Zone, CIDR string
}

// EachSubnet streams the subnets of a model that the filter selects.
func (c *Client) EachSubnet(ctx context.Context, modelUUID string, f SubnetFilter) iter.Seq2[api.Subnet, error] {
	return each[api.Subnet](ctx, c, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/subnets",
		url.Values{api.QuerySpace: {f.Space}, api.QueryZone: {f.Zone}, api.QueryCIDR: {f.CIDR}})
}

// Subnets lists the subnets of a model that the filter selects.
func (c *Client) Subnets(ctx context.Context, modelUUID string, f SubnetFilter) ([]api.Subnet, error) {
	var out []api.Subnet
	for sn, err := range c.EachSubnet(ctx, modelUUID, f) {
		if err != nil {
			return nil, err
		}
		out = append(out, sn)
	}
	return out, nil
}

// Subnet returns the subnet of a model with the CIDR, or a not-found
// APIError.
func (c *Client) Subnet(ctx context.Context, modelUUID, cidr string) (api.Subnet, error) {
	l, err := c.Subnets(ctx, modelUUID, SubnetFilter{CIDR: cidr})
	if err != nil {
		return api.Subnet{}, err
	}
	if len(l) == 0 {
		return api.Subnet{}, &APIError{StatusCode: http.StatusNotFound, Code: api.CodeNotFound, Message: "the model knows no subnet " + cidr}
	}
	return l[0], nil
}
