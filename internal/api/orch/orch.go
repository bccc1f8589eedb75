// Package orch holds the wire types of the orch controller API, as written down
// in docs/api/orch.md, and the few pure rules that both sides of that contract
// must apply identically: the normal form of constraints, the storage directive
// grammar, OCI image references and registry-credential matching. The client
// (internal/client/orch) and the controller sandbox (internal/sandbox/orch)
// both import it, as juju's params package is shared by its API client and
// server.
package orch

import "time"

// APIPrefix is the path prefix of every operation of this API version.
const APIPrefix = "/v1"

// ActAsHeader, sent by a superuser (a hub routing a tenant's request), names
// the external user (name@domain) the controller applies its rules for
// instead of the superuser's: the request may do what that user may.
const ActAsHeader = "X-Orch-Act-As"

// ActAccessHeader, sent with ActAsHeader, caps the model access the
// controller grants the user acted for at a model access level (read,
// write, admin): the hub acts as a model's owner for a tenant whose grant
// on the model is lower, so that the controller's own rules for that level
// (a reader sees no action results and reveals no secret) still apply.
const ActAccessHeader = "X-Orch-Act-Access"

// DefaultAddress is the controller address a client uses when none is given.
const DefaultAddress = "localhost:17070"

// DefaultCharmStoreURL is the public root address of the charm store that a
// controller resolves charms from when a request names no store.
const DefaultCharmStoreURL = "https://charms.orch.test"

// Error codes of the error body.
const (
	CodeBadRequest     = "bad-request"
	CodeUnauthorized   = "unauthorized"
	CodeForbidden      = "forbidden"
	CodeNotFound       = "not-found"
	CodeAlreadyExists  = "already-exists"
	CodeConflict       = "conflict"
	CodeRemovalBlocked = "removal-blocked"
	CodeUnavailable    = "unavailable"
	CodeInternal       = "internal"
)

// ErrorBody is the body of every non-2xx answer.
type ErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Field names the request field that broke a rule (camelCase, dotted for
	// nested fields, for example "charm.channel" or "config.debug"), when one
	// did.
	Field string `json:"field,omitempty"`
}

// List is the body of every list operation.
type List[T any] struct {
	Items []T `json:"items"`
	// NextPageToken, in a page (the request gave pageSize or pageToken),
	// asks for the next page as pageToken; empty on the last page.
	NextPageToken string `json:"nextPageToken,omitempty"`
}

// Paging of lists (docs/api/orch.md, Paging).
const (
	QueryPageSize   = "pageSize"
	QueryPageToken  = "pageToken"
	DefaultPageSize = 100
	MaxPageSize     = 1000
)

// Life of an entity: alive, or dying after a removal was accepted and until
// it is gone (then a GET answers not-found).
const (
	LifeAlive = "alive"
	LifeDying = "dying"
)

// LoginRequest is the body of POST /v1/login.
type LoginRequest struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// LoginResponse carries the bearer token that every other operation takes in
// "Authorization: Bearer <token>". The token is valid on every address of the
// controller until ExpiresAt; an operation answered with 401 unauthorized asks
// the client to log in again.
type LoginResponse struct {
	Token      string         `json:"token"`
	ExpiresAt  time.Time      `json:"expiresAt"`
	User       User           `json:"user"`
	Controller ControllerInfo `json:"controller"`
}

// ControllerInfo is the answer of GET /v1/controller.
type ControllerInfo struct {
	UUID         string   `json:"uuid"`
	Name         string   `json:"name"`
	AgentVersion string   `json:"agentVersion"`
	APIAddresses []string `json:"apiAddresses"`
	// CACert is the PEM certificate that clients trust the controller by.
	CACert        string `json:"caCert"`
	CharmStoreURL string `json:"charmStoreUrl"`
}

// Controller access levels of a user.
const (
	AccessSuperuser = "superuser"
	AccessLogin     = "login"
)

// User is a controller user.
type User struct {
	Name        string    `json:"name"`
	DisplayName string    `json:"displayName"`
	Access      string    `json:"access"`
	CreatedBy   string    `json:"createdBy,omitempty"`
	CreatedAt   time.Time `json:"createdAt"`
	Disabled    bool      `json:"disabled"`
}

// CreateUserRequest is the body of POST /v1/users (superusers only).
type CreateUserRequest struct {
	Name        string `json:"name"`
	DisplayName string `json:"displayName,omitempty"`
	Password    string `json:"password"`
	// Access is "login" (default) or "superuser".
	Access string `json:"access,omitempty"`
}

// UpdateUserRequest is the body of PATCH /v1/users/{name}: the fields given
// change. A user may change their own password and display name; the rest
// needs a superuser.
type UpdateUserRequest struct {
	DisplayName *string `json:"displayName,omitempty"`
	Password    *string `json:"password,omitempty"`
	Access      *string `json:"access,omitempty"`
	Disabled    *bool   `json:"disabled,omitempty"`
}
