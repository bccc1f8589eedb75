package orch

// Spaces and subnets of a model (docs/api/orch.md, Spaces and subnets).

// AlphaSpace is the space every model has from its creation: it holds the
// subnets no other space holds and cannot be created, renamed or removed.
const AlphaSpace = "alpha"

// SpaceNamePattern is the rule of a space name: lower-case letters and
// digits, in groups joined by single hyphens.
const SpaceNamePattern = `^[a-z0-9]+(?:-[a-z0-9]+)*$`

// Space is a network space of a model: a set of its subnets, which
// application endpoints are bound to.
type Space struct {
	Name      string `json:"name"`
	ModelUUID string `json:"modelUuid"`
	// Subnets are the CIDRs of the subnets in the space, in the order the
	// model knows them.
	Subnets []string `json:"subnets"`
	// Builtin is true of alpha alone.
	Builtin bool `json:"builtin"`
}

// CreateSpaceRequest is the body of POST /v1/models/{uuid}/spaces.
type CreateSpaceRequest struct {
	Name string `json:"name"`
}

// MoveSubnetsRequest is the body of POST
// /v1/models/{uuid}/spaces/{name}/subnets: the subnets, by CIDR, to move
// into the space from the spaces that hold them.
type MoveSubnetsRequest struct {
	CIDRs []string `json:"cidrs"`
}

// Subnet is a subnet of the cloud of a model, as the model knows it, with
// the space it is in.
type Subnet struct {
	CIDR              string   `json:"cidr"`
	ProviderID        string   `json:"providerId"`
	ProviderNetworkID string   `json:"providerNetworkId"`
	ProviderSpaceID   string   `json:"providerSpaceId"`
	VLANTag           int      `json:"vlanTag"`
	Life              string   `json:"life"`
	SpaceName         string   `json:"spaceName"`
	Zones             []string `json:"zones"`
}

// Query parameters of GET /v1/models/{uuid}/subnets and /spaces.
const (
	QuerySpace = "space"
	QueryZone  = "zone"
	QueryCIDR  = "cidr"
)
