package orch

import "time"

// CharmRef names the charm of an application. In a request, Channel defaults
// to the charm's default channel ("latest/stable"), Revision (0 = unset) to
// the channel's current revision for the base, Base to the channel's
// preferred base. In an answer every field is set.
type CharmRef struct {
	Name     string `json:"name"`
	Channel  string `json:"channel,omitempty"`
	Revision int    `json:"revision,omitempty"`
	Base     string `json:"base,omitempty"`
	// Source is "" for the charm store, or CharmSourceLocal for a charm
	// uploaded to the model, which Name and Revision then name; Channel is
	// empty for a local charm.
	Source string `json:"source,omitempty"`
	// Hash is the SHA-256 of a local charm's archive (answered only).
	Hash string `json:"hash,omitempty"`
}

// Expose opens an application to the network. An empty Expose (no field
// set) exposes every endpoint to 0.0.0.0/0 and ::/0.
type Expose struct {
	// Endpoints limit the exposure to these endpoints; empty means all.
	Endpoints []string `json:"endpoints,omitempty"`
	Spaces    []string `json:"spaces,omitempty"`
	CIDRs     []string `json:"cidrs,omitempty"`
}

// EndpointBinding binds an endpoint to a space; an empty Endpoint sets the
// application's default space.
type EndpointBinding struct {
	Endpoint string `json:"endpoint,omitempty"`
	Space    string `json:"space"`
}

// RegistryCredential is a username and password for an OCI image registry.
type RegistryCredential struct {
	Username string `json:"username"`
	Password string `json:"password,omitempty"` // never answered
}

// ApplicationSpec is what a caller sets on an application: the body of POST
// /v1/models/{uuid}/applications (with Name) and of PUT
// /v1/models/{uuid}/applications/{name}, the whole desired state: omitted
// fields take their defaults, except that an omitted charm channel, base and
// revision, and omitted units and machines, keep the current ones (a
// revision is re-resolved when the channel or base changes).
type ApplicationSpec struct {
	Name  string   `json:"name,omitempty"`
	Charm CharmRef `json:"charm"`
	// Units is the number of units (default 1; 0 for subordinates). Machines
	// places one unit on each listed machine ID instead; the two are
	// mutually exclusive.
	Units    *int     `json:"units,omitempty"`
	Machines []string `json:"machines,omitempty"`
	// Config values are strings checked against the charm option's type.
	Config           map[string]string `json:"config,omitempty"`
	Constraints      string            `json:"constraints,omitempty"`
	Expose           *Expose           `json:"expose,omitempty"`
	EndpointBindings []EndpointBinding `json:"endpointBindings,omitempty"`
	Trust            bool              `json:"trust,omitempty"`
	// Resources map a charm resource name to a revision number ("4") or, for
	// oci-image resources, an image reference ("ghcr.io/org/img:tag").
	Resources map[string]string `json:"resources,omitempty"`
	// RegistryCredentials are keyed by registry address; see
	// MatchRegistryCredential.
	RegistryCredentials map[string]RegistryCredential `json:"registryCredentials,omitempty"`
	// StorageDirectives map a charm storage label to "[pool,][count,][size]".
	StorageDirectives map[string]string `json:"storageDirectives,omitempty"`
}

// Unit is one unit of an application.
type Unit struct {
	Name    string `json:"name"` // "<application>/<number>"
	Number  int    `json:"number"`
	Machine string `json:"machine,omitempty"`
	// Principal is, for a unit of a subordinate application, the unit it
	// is attached to.
	Principal string `json:"principal,omitempty"`
	// Status is "waiting" until its machine (or pod) is active, then
	// "active"; "error" when a hook failed.
	Status string `json:"status"`
	Life   string `json:"life"`
}

// AppliedResource is a resource as the application uses it: a store
// revision, or an OCI image given by reference.
type AppliedResource struct {
	Type string `json:"type"`
	// Origin is "store" (Revision set) or "upload" (Image set).
	Origin   string `json:"origin"`
	Revision int    `json:"revision,omitempty"`
	Image    string `json:"image,omitempty"`
	// RegistryCredential is the registryCredentials key that was applied to
	// pull Image, if one matched.
	RegistryCredential string `json:"registryCredential,omitempty"`
	// Pinned is true when the caller chose the value; unpinned resources
	// follow the charm's channel on refresh.
	Pinned bool `json:"pinned"`
}

// StorageInstance is the storage an application uses for one label.
type StorageInstance struct {
	Label string `json:"label"`
	Pool  string `json:"pool"`
	Count int    `json:"count"`
	// Size in MiB, with its normal rendering in SizeText ("1024M").
	Size     int    `json:"size"`
	SizeText string `json:"sizeText"`
}

// Application is an application of a model.
type Application struct {
	Name        string   `json:"name"`
	ModelUUID   string   `json:"modelUuid"`
	ModelType   string   `json:"modelType"`
	Charm       CharmRef `json:"charm"`
	Subordinate bool     `json:"subordinate"`
	// Scale is the number of units; Machines the machines holding them, in
	// unit order (empty on caas models).
	Scale    int      `json:"scale"`
	Units    []Unit   `json:"units"`
	Machines []string `json:"machines"`
	// Placed is true when the units were placed with Machines.
	Placed bool `json:"placed"`
	// Config holds only the values the caller set, as set.
	Config map[string]string `json:"config"`
	// Constraints are in normal form (see NormalizeConstraints).
	Constraints string  `json:"constraints"`
	Expose      *Expose `json:"expose,omitempty"`
	// EndpointBindings has every endpoint of the charm (and "" for the
	// default) with its space.
	EndpointBindings    []EndpointBinding             `json:"endpointBindings"`
	Trust               bool                          `json:"trust"`
	Resources           map[string]AppliedResource    `json:"resources"`
	RegistryCredentials map[string]RegistryCredential `json:"registryCredentials"`
	StorageDirectives   map[string]string             `json:"storageDirectives"`
	Storage             []StorageInstance             `json:"storage"`
	// Status is "active", "waiting" or "error"; RemovalBlocked is set while
	// a unit is in error, which blocks removal without force.
	Status         string    `json:"status"`
	StatusMessage  string    `json:"statusMessage,omitempty"`
	RemovalBlocked bool      `json:"removalBlocked"`
	Life           string    `json:"life"`
	CreatedAt      time.Time `json:"createdAt"`
}
