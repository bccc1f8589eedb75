package orch

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// offerPath is the path of an offer URL "<owner>/<model>.<offer>".
func offerPath(offerURL string) (string, error) {
	owner, rest, ok := strings.Cut(offerURL, "/")
	if !ok || owner == "" || !strings.Contains(rest, ".") || strings.Contains(rest, "/") {
		return "", fmt.Errorf("offer URL %q is not of the shape <owner>/<model>.<offer>", offerURL)
	}
	return api.APIPrefix + "/offers/" + pathEscape(owner) + "/" + pathEscape(rest), nil
}

// Offer creates an offer of an application's endpoints.
func (c *Client) Offer(ctx context.Context, modelUUID string, req api.CreateOfferRequest) (api.Offer, error) {
	return send[api.Offer](ctx, c, http.MethodPost, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/offers", req)
}

// OfferByURL returns the offer with the given URL.
func (c *Client) OfferByURL(ctx context.Context, offerURL string) (api.Offer, error) {
	p, err := offerPath(offerURL)
	if err != nil {
		return api.Offer{}, err
	}
	return get[api.Offer](ctx, c, p)
}

// RemoveOffer removes an offer.
func (c *Client) RemoveOffer(ctx context.Context, offerURL string, force bool) error {
	p, err := offerPath(offerURL)
	if err != nil {
		return err
	}
	if force {
		p += "?force=true"
	}
	return c.del(ctx, p)
}
