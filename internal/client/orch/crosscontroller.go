package orch

import (
	"context"
	"net/http"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// ConsumeDetails asks the offering controller (this client's) for what
// another controller needs to consume an offer: the offer, its endpoints,
// this controller's addresses and CA certificate, and a consume token. The
// caller hands them to the consuming controller in
// CreateIntegrationRequest.Consume.
func (c *Client) ConsumeDetails(ctx context.Context, offerURL string) (api.ConsumeDetails, error) {
	p, err := offerPath(offerURL)
	if err != nil {
		return api.ConsumeDetails{}, err
	}
	return send[api.ConsumeDetails](ctx, c, http.MethodPost, p+"/consume", nil)
}
