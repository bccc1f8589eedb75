// Package hub holds the wire types of the hub's own operations (under
// /v1/hub/ and /oauth2/token), as written down in docs/api/hub.md, and the
// rules both sides apply identically: the spelling of tuple objects and
// targets, the access levels of each target kind, and the names of groups,
// roles, users and service accounts. The routed model operations use the
// types of internal/api/orch.
package hub

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"
)

// Paths and defaults.
const (
	APIPrefix = "/v1/hub"
	TokenPath = "/oauth2/token" //nolint:gosec // G101: a URL path
	// DefaultAddress is where `sandbox serve` runs the hub.
	DefaultAddress = "localhost:17071"
	// DefaultAdminClientID is the service account the hub starts with.
	DefaultAdminClientID = "hub-admin"
	// HubTarget is the hub itself as the target of a tuple.
	HubTarget = "controller-hub"
)

// Access levels (relations).
const (
	AccessAdministrator = "administrator"
	AccessCanAddModel   = "can_addmodel"
	AccessMember        = "member"
	AccessAssignee      = "assignee"
	// Model access levels, weakest first: reader reads the model and
	// everything in it; writer also changes what is in it (applications,
	// machines, integrations, secrets); administrator also changes and
	// removes the model itself and manages its access, keys, storage
	// pools and offers.
	AccessReader = "reader"
	AccessWriter = "writer"
	// AccessConsumer is the offer access level between reader and
	// administrator: read the offer and integrate with it from a model.
	AccessConsumer = "consumer"
)

// Controller statuses.
const (
	StatusAvailable   = "available"
	StatusDeprecated  = "deprecated"
	StatusUnavailable = "unavailable"
)

// Relations lists the access levels each target kind takes.
var Relations = map[string][]string{
	"controller": {AccessAdministrator},
	"cloud":      {AccessAdministrator, AccessCanAddModel},
	"group":      {AccessMember},
	"role":       {AccessAssignee},
	"model":      {AccessReader, AccessWriter, AccessAdministrator},
	// applicationoffer is an offer, named by its URL.
	"applicationoffer": {AccessReader, AccessConsumer, AccessAdministrator},
}

// Includes lists the relations that give relation: administrator includes
// every other relation of its target; writer and consumer include reader.
// A relation belongs to the target kinds of Relations only, so one list
// serves every kind.
func Includes(relation string) []string {
	switch relation {
	case AccessCanAddModel, AccessWriter, AccessConsumer:
		return []string{relation, AccessAdministrator}
	case AccessReader:
		return []string{AccessReader, AccessWriter, AccessConsumer, AccessAdministrator}
	}
	return []string{relation}
}

var (
	// GroupNameRE is the rule of group and role names.
	GroupNameRE = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9._-]*[a-zA-Z0-9]$`)
	// UserRE is the rule of user names and e-mail addresses.
	UserRE = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9.+_-]*(@[a-zA-Z0-9.-]+)?$`)
	// ServiceAccountRE is the rule of service account client IDs.
	ServiceAccountRE = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9._-]*$`)
	// CloudNameRE is the orch rule of cloud names.
	CloudNameRE = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9._-]*$`)
	// ControllerNameRE is the rule of registered controller names.
	ControllerNameRE = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9._-]*$`)
	// OfferURLRE is the rule of the offer URLs of the hub's models:
	// <owner>/<model>.<offer>, the owner a user name, an e-mail address or
	// <client-id>@serviceaccount (the owner of a service account's models).
	OfferURLRE = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9.+_-]*(@[a-zA-Z0-9.-]+)?/[a-z0-9][a-z0-9-]*\.[a-z][a-z0-9-]*$`)
)

// CheckOfferURL checks an offer URL <owner>/<model>.<offer>.
func CheckOfferURL(url string) error {
	if len(url) > 255 || !OfferURLRE.MatchString(url) {
		return fmt.Errorf("%q is not an offer URL: use <owner>/<model>.<offer>, such as ci@serviceaccount/dev.db", url)
	}
	return nil
}

// SplitOfferURL splits a checked offer URL into its owner, model and offer.
func SplitOfferURL(url string) (owner, model, offer string) {
	owner, rest, _ := strings.Cut(url, "/")
	model, offer, _ = strings.Cut(rest, ".")
	return owner, model, offer
}

// CheckGroupName checks a group or role name.
func CheckGroupName(name string) error {
	if len(name) > 64 || !GroupNameRE.MatchString(name) {
		return fmt.Errorf("%q is not a valid name: it must start with a letter, end with a letter or digit, hold only letters, digits, periods, underscores and hyphens, and have at most 64 characters", name)
	}
	return nil
}

// CheckUser checks a user name or e-mail address.
func CheckUser(name string) error {
	if len(name) > 128 || !UserRE.MatchString(name) {
		return fmt.Errorf("%q is not a valid user: give a user name or an e-mail address", name)
	}
	return nil
}

// CheckServiceAccount checks a service account's client ID.
func CheckServiceAccount(id string) error {
	if len(id) > 64 || !ServiceAccountRE.MatchString(id) {
		return fmt.Errorf("%q is not a valid service account: give its client ID (letters, digits, periods, underscores and hyphens, no @)", id)
	}
	return nil
}

// Tuple objects and targets.

// UserObject, ServiceAccountObject, GroupObject and RoleObject spell the
// object of a tuple.
func UserObject(name string) string         { return "user-" + name }
func ServiceAccountObject(id string) string { return "serviceaccount-" + id }
func GroupObject(uuid string) string        { return "group-" + uuid + "#member" }
func RoleObject(uuid string) string         { return "role-" + uuid + "#assignee" }

// IdPGroupObject spells the members of a group of the identity provider
// (upstream's idp_groups): the hub knows the group by its name only.
func IdPGroupObject(name string) string { return "idpgroup-" + name + "#member" }

// CheckIdPGroup: an identity provider's group name is the provider's, so
// the hub asks only that it is not empty, has no white space and is at
// most 255 characters.
func CheckIdPGroup(name string) error {
	if name == "" || len(name) > 255 || strings.ContainsFunc(name, unicode.IsSpace) {
		return fmt.Errorf("%q is not an identity provider group name: give it without white space, 1 to 255 characters", name)
	}
	return nil
}

// CloudTarget, GroupTarget and RoleTarget spell the target of a tuple.
func CloudTarget(name string) string { return "cloud-" + name }
func GroupTarget(uuid string) string { return "group-" + uuid }
func RoleTarget(uuid string) string  { return "role-" + uuid }

// ModelTarget and OfferTarget spell a model (by UUID) and an offer (by
// URL) as the target of a tuple.
func ModelTarget(uuid string) string { return "model-" + uuid }
func OfferTarget(url string) string  { return "applicationoffer-" + url }

// Object is a parsed tuple object.
type Object struct {
	// Kind is "user", "serviceaccount", "group", "role" or "idpgroup".
	Kind string
	// ID is the user name, client ID, group or role UUID, or identity
	// provider group name.
	ID string
}

// ParseObject parses a tuple object.
func ParseObject(s string) (Object, error) {
	kind, id, ok := strings.Cut(s, "-")
	if !ok || id == "" {
		return Object{}, fmt.Errorf("%q is not an object: use user-<name>, serviceaccount-<client-id>, group-<uuid>#member, role-<uuid>#assignee or idpgroup-<name>#member", s)
	}
	switch kind {
	case "user":
		return Object{kind, id}, CheckUser(id)
	case "serviceaccount":
		return Object{kind, id}, CheckServiceAccount(id)
	case "idpgroup":
		name, found := strings.CutSuffix(id, "#member")
		if !found {
			return Object{}, fmt.Errorf("%q is not an object: an identity provider group is spelled idpgroup-<name>#member", s)
		}
		return Object{kind, name}, CheckIdPGroup(name)
	case "group", "role":
		suffix := "#member"
		if kind == "role" {
			suffix = "#assignee"
		}
		u, found := strings.CutSuffix(id, suffix)
		if !found {
			return Object{}, fmt.Errorf("%q is not an object: a %s is spelled %s-<uuid>%s", s, kind, kind, suffix)
		}
		if _, err := uuid.Parse(u); err != nil {
			return Object{}, fmt.Errorf("%q is not an object: %q is not a UUID", s, u)
		}
		return Object{kind, u}, nil
	}
	return Object{}, fmt.Errorf("%q is not an object: use user-<name>, serviceaccount-<client-id>, group-<uuid>#member, role-<uuid>#assignee or idpgroup-<name>#member", s)
}

// Target is a parsed tuple target.
type Target struct {
	// Kind is "controller", "cloud", "group", "role", "model" or
	// "applicationoffer".
	Kind string
	// ID is "hub", the cloud name, the group, role or model UUID, or the
	// offer URL.
	ID string
}

// ParseTarget parses a tuple target.
func ParseTarget(s string) (Target, error) {
	kind, id, ok := strings.Cut(s, "-")
	if ok && id != "" {
		switch kind {
		case "controller":
			if id == "hub" {
				return Target{kind, id}, nil
			}
		case "cloud":
			if len(id) <= 64 && CloudNameRE.MatchString(id) {
				return Target{kind, id}, nil
			}
		case "group", "role", "model":
			if _, err := uuid.Parse(id); err == nil {
				return Target{kind, id}, nil
			}
		case "applicationoffer":
			if CheckOfferURL(id) == nil {
				return Target{kind, id}, nil
			}
		}
	}
	return Target{}, fmt.Errorf("%q is not a target: use controller-hub, cloud-<name>, group-<uuid>, role-<uuid>, model-<uuid> or applicationoffer-<owner>/<model>.<offer>", s)
}

// CheckRelation checks that relation is an access level of the target kind.
func CheckRelation(t Target, relation string) error {
	if !slices.Contains(Relations[t.Kind], relation) {
		return fmt.Errorf("%q is not an access level of a %s; use one of %s", relation, t.Kind, strings.Join(Relations[t.Kind], ", "))
	}
	return nil
}

// Wire types.

// TokenResponse is the answer of POST /oauth2/token.
type TokenResponse struct {
	AccessToken string `json:"access_token"`
	TokenType   string `json:"token_type"`
	ExpiresIn   int64  `json:"expires_in"`
}

// TokenError is an error answer of POST /oauth2/token (RFC 6749).
type TokenError struct {
	Error            string `json:"error"`
	ErrorDescription string `json:"error_description,omitempty"`
}

// Identity is who a token belongs to.
type Identity struct {
	// Kind is "serviceaccount".
	Kind          string `json:"kind"`
	Name          string `json:"name"`
	UUID          string `json:"uuid"`
	Administrator bool   `json:"administrator"`
}

// ServiceAccount is a service account.
type ServiceAccount struct {
	ClientID string `json:"clientId"`
	UUID     string `json:"uuid"`
	// ClientSecret is answered only by its creation.
	ClientSecret string    `json:"clientSecret,omitempty"`
	CreatedAt    time.Time `json:"createdAt"`
}

// CreateServiceAccountRequest is the body of POST /v1/hub/service-accounts.
type CreateServiceAccountRequest struct {
	ClientID string `json:"clientId"`
	// ClientSecret, when given (at least 16 characters), is the secret;
	// else the hub makes one.
	ClientSecret string `json:"clientSecret,omitempty"`
}

// Group is a group; Role has the same shape.
type Group struct {
	UUID string `json:"uuid"`
	Name string `json:"name"`
}

// Role is a role.
type Role = Group

// GroupRequest is the body of POST and PATCH of groups and roles.
type GroupRequest struct {
	Name string `json:"name"`
}

// Tuple is one access relation.
type Tuple struct {
	Object   string `json:"object"`
	Relation string `json:"relation"`
	Target   string `json:"target"`
}

// RelationsRequest is the body of POST /v1/hub/relations.
type RelationsRequest struct {
	Add    []Tuple `json:"add,omitempty"`
	Remove []Tuple `json:"remove,omitempty"`
}

// Controller is a registered controller, as the hub answers it.
type Controller struct {
	Name          string   `json:"name"`
	UUID          string   `json:"uuid"`
	APIAddresses  []string `json:"apiAddresses"`
	PublicAddress string   `json:"publicAddress"`
	CACertificate string   `json:"caCertificate,omitempty"`
	TLSHostname   string   `json:"tlsHostname,omitempty"`
	// Username is the user the hub connects as; the password is never
	// answered.
	Username     string `json:"username"`
	Status       string `json:"status"`
	AgentVersion string `json:"agentVersion,omitempty"`
	// Clouds are the clouds the controller has (when it is reachable).
	Clouds []string `json:"clouds"`
	// StatusMessage says why a controller is unavailable.
	StatusMessage string `json:"statusMessage,omitempty"`
	Deprecated    bool   `json:"deprecated"`
}

// RegisterControllerRequest is the body of POST /v1/hub/controllers.
type RegisterControllerRequest struct {
	Name          string   `json:"name,omitempty"`
	UUID          string   `json:"uuid"`
	APIAddresses  []string `json:"apiAddresses,omitempty"`
	PublicAddress string   `json:"publicAddress,omitempty"`
	CACertificate string   `json:"caCertificate,omitempty"`
	TLSHostname   string   `json:"tlsHostname,omitempty"`
	Username      string   `json:"username"`
	Password      string   `json:"password"`
}

// UpdateControllerRequest is the body of PATCH /v1/hub/controllers/{name}.
type UpdateControllerRequest struct {
	Deprecated *bool `json:"deprecated,omitempty"`
}
