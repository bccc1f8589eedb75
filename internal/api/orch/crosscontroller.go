package orch

import "strings"

// Cross-controller offers (docs/api/orch.md, "Cross-controller offers"): the
// client asks the offering controller for an offer's consume details and hands
// them to the consuming controller with the integration; the consuming
// controller then registers the integration with the offering controller
// itself, with the consume token, and unregisters it when the integration is
// removed.

// CodeRemoteUnavailable is the code of a 502 answer: the consuming controller
// could not reach the offering controller, or was refused by it.
const CodeRemoteUnavailable = "remote-unavailable"

// OfferEndpoint is one endpoint of an offer as a consumer needs it.
type OfferEndpoint struct {
	Name      string `json:"name"`
	Interface string `json:"interface"`
	Role      string `json:"role"`
}

// ConsumeDetails is the answer of POST /v1/offers/{owner}/{model}.{offer}/consume
// on the offering controller: the offer, its endpoints with roles, the
// offering controller's identity and addresses, and a consume token that
// lets another controller register and unregister its integrations with the
// offer. The token is a secret.
type ConsumeDetails struct {
	Offer      Offer           `json:"offer"`
	Endpoints  []OfferEndpoint `json:"endpoints"`
	Controller ControllerInfo  `json:"controller"`
	Token      string          `json:"token"`
}

// ConsumeRequest is CreateIntegrationRequest.Consume: the consume details of
// an offer of another controller, and the name the consumer knows that
// controller by (the prefix of the endpoint's offerUrl).
type ConsumeRequest struct {
	ControllerAlias string `json:"controllerAlias"`
	ConsumeDetails
}

// RemoteConsumer is the body of PUT
// /v1/offers/{owner}/{model}.{offer}/consumers/{key} on the offering
// controller: an integration of another controller's model with the offer.
// The key is "<controllerUuid>:<modelUuid>:<integrationId>".
type RemoteConsumer struct {
	Key            string `json:"key,omitempty"`
	ControllerUUID string `json:"controllerUuid"`
	ControllerName string `json:"controllerName"`
	ModelUUID      string `json:"modelUuid"`
	// Application and Endpoint are the consuming side.
	Application string `json:"application"`
	Endpoint    string `json:"endpoint"`
	// OfferEndpoint is the offer's endpoint the integration uses.
	OfferEndpoint string `json:"offerEndpoint"`
}

// SplitOfferURL splits "[<controller>:]<owner>/<model>.<offer>" into the
// controller prefix (empty when there is none) and the local URL.
func SplitOfferURL(url string) (controller, local string) {
	if c, rest, ok := strings.Cut(url, ":"); ok {
		return c, rest
	}
	return "", url
}
