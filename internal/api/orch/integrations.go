package orch

import "time"

// Endpoint roles.
const (
	RoleProvider = "provider"
	RoleRequirer = "requirer"
	RolePeer     = "peer"
)

// IntegrationEndpoint is one side of an integration. In a request it holds
// Application (and optionally Endpoint, inferred when exactly one pairing
// fits) or OfferURL; in an answer every field but OfferURL is set.
type IntegrationEndpoint struct {
	Application string `json:"application,omitempty"`
	Endpoint    string `json:"endpoint,omitempty"`
	OfferURL    string `json:"offerUrl,omitempty"`
	Role        string `json:"role,omitempty"`
	Interface   string `json:"interface,omitempty"`
}

// CreateIntegrationRequest is the body of POST
// /v1/models/{uuid}/integrations. Via (comma-separated CIDRs for egress) is
// accepted only when one side is an offer.
type CreateIntegrationRequest struct {
	Endpoints []IntegrationEndpoint `json:"endpoints"`
	Via       string                `json:"via,omitempty"`
	// Consume is needed when an endpoint's offerUrl names another
	// controller ("<controller>:<owner>/<model>.<offer>"): the consume
	// details the offering controller answered.
	Consume *ConsumeRequest `json:"consume,omitempty"`
}

// Integration is an integration between two endpoints of a model, or between
// an endpoint of the model and an offer it consumes. An offer side is named by
// its remote application (the offer name) and carries OfferURL.
type Integration struct {
	ID        int                   `json:"id"`
	ModelUUID string                `json:"modelUuid"`
	Key       string                `json:"key"` // "app:ep app:ep", requirer first
	Endpoints []IntegrationEndpoint `json:"endpoints"`
	Via       string                `json:"via,omitempty"`
	Status    string                `json:"status"` // "joined"
	Life      string                `json:"life"`
	CreatedAt time.Time             `json:"createdAt"`
}

// Offer exposes endpoints of an application to other models.
type Offer struct {
	// URL is "<owner>/<model>.<offer>".
	URL             string   `json:"url"`
	Name            string   `json:"name"`
	Owner           string   `json:"owner"`
	ModelUUID       string   `json:"modelUuid"`
	ModelName       string   `json:"modelName"`
	ApplicationName string   `json:"applicationName"`
	Endpoints       []string `json:"endpoints"`
	// Interfaces maps each offered endpoint to its interface.
	Interfaces map[string]string `json:"interfaces"`
	// Consumers counts the integrations that use the offer.
	Consumers int       `json:"consumers"`
	CreatedAt time.Time `json:"createdAt"`
}

// CreateOfferRequest is the body of POST /v1/models/{uuid}/offers. Name
// defaults to the application name.
type CreateOfferRequest struct {
	Name            string   `json:"name,omitempty"`
	ApplicationName string   `json:"applicationName"`
	Endpoints       []string `json:"endpoints"`
}

// Secret is a user secret of a model.
type Secret struct {
	// ID is the secret's 20-character ID; URI is "secret:<id>".
	ID        string `json:"id"`
	URI       string `json:"uri"`
	ModelUUID string `json:"modelUuid"`
	Name      string `json:"name"`
	Info      string `json:"info,omitempty"`
	Revision  int    `json:"revision"`
	// Value is answered only with ?reveal=true.
	Value map[string]string `json:"value,omitempty"`
	// Applications are those granted read access.
	Applications []string  `json:"applications"`
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
}

// CreateSecretRequest is the body of POST /v1/models/{uuid}/secrets.
type CreateSecretRequest struct {
	Name  string            `json:"name"`
	Value map[string]string `json:"value"`
	Info  string            `json:"info,omitempty"`
}

// UpdateSecretRequest is the body of PATCH /v1/models/{uuid}/secrets/{id}.
// A changed Value makes a new revision.
type UpdateSecretRequest struct {
	Name  *string            `json:"name,omitempty"`
	Value *map[string]string `json:"value,omitempty"`
	Info  *string            `json:"info,omitempty"`
}

// SecretAccessRequest is the body of PUT
// /v1/models/{uuid}/secrets/{id}/access: the whole set of applications that
// may read the secret.
type SecretAccessRequest struct {
	Applications []string `json:"applications"`
}
