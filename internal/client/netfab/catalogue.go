package netfab

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

// The catalogue: locations, partner ports, MVE images and sizes, NAT gateway
// session pairings.

// Locations lists every location.
func (c *Client) Locations(ctx context.Context) ([]api.Location, error) {
	return get[[]api.Location](ctx, c, "/v3/locations")
}

// Location returns one location.
func (c *Client) Location(ctx context.Context, id int64) (api.Location, error) {
	return get[api.Location](ctx, c, fmt.Sprintf("/v3/locations/%d", id))
}

// PartnerPorts lists the partner ports.
func (c *Client) PartnerPorts(ctx context.Context) ([]api.PartnerPort, error) {
	return get[[]api.PartnerPort](ctx, c, "/v3/partner-ports")
}

// MVEImages lists the virtual-edge images.
func (c *Client) MVEImages(ctx context.Context) ([]api.MVEImage, error) {
	return get[[]api.MVEImage](ctx, c, "/v3/mve/images")
}

// MVESizes lists the virtual-edge sizes.
func (c *Client) MVESizes(ctx context.Context) ([]api.MVESize, error) {
	return get[[]api.MVESize](ctx, c, "/v3/mve/sizes")
}

// NATSessionPairings lists the session counts allowed at each NAT gateway speed.
func (c *Client) NATSessionPairings(ctx context.Context) ([]api.NATSessionPairing, error) {
	return get[[]api.NATSessionPairing](ctx, c, "/v3/nat-gateways/sessions")
}

// RotatePartnerPort is the sandbox's admin operation that gives a partner
// port a new UID, as the vendor does when it rotates ports.
func (c *Client) RotatePartnerPort(ctx context.Context, adminKey, uid string) (api.PartnerPortRotation, error) {
	var out api.PartnerPortRotation
	h := http.Header{}
	h.Set("X-Admin-Key", adminKey)
	err := c.do(ctx, http.MethodPost, "/admin/partner-ports/"+url.PathEscape(uid)+"/rotate", h, nil, &out)
	return out, err
}
