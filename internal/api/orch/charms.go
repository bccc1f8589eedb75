package orch

// DefaultArchitecture is the architecture a charm lookup uses when none is
// given.
const DefaultArchitecture = "amd64"

// Resource types of charms.
const (
	ResourceTypeFile     = "file"
	ResourceTypeOCIImage = "oci-image"
)

// ImplicitEndpoint is the provides endpoint a charm has without declaring
// it, when HasImplicitEndpoint says so.
const ImplicitEndpoint = "juju-info"

// HasImplicitEndpoint tells whether a charm of model type modelType (its
// first) has ImplicitEndpoint: machine charms that are not subordinates, as
// the controller's charm answers list it and its bindings accept it.
func HasImplicitEndpoint(modelType string, subordinate bool) bool {
	return modelType == ModelTypeIAAS && !subordinate
}

// Charm is a charm at one revision, resolved from the store by GET
// /v1/charms/{name} with the query parameters channel, revision, base,
// architecture and storeUrl.
type Charm struct {
	Name string `json:"name"`
	// Channel is "<track>/<risk>" (the track "latest" is never dropped).
	Channel      string `json:"channel"`
	Revision     int    `json:"revision"`
	Base         string `json:"base"`
	Architecture string `json:"architecture"`
	// Bases are all the bases this revision supports, the preferred first.
	Bases []string `json:"bases"`
	// ModelType is the type of model the charm deploys to: "iaas" (machine
	// charms) or "caas" (cluster charms).
	ModelType string `json:"modelType"`
	// ModelTypes are all the types of model the charm deploys to, ModelType
	// first (a machine charm that also runs in a container on a cluster
	// lists both).
	ModelTypes  []string `json:"modelTypes"`
	Subordinate bool     `json:"subordinate"`
	Summary     string   `json:"summary"`
	// Provides, Requires and Peers map endpoint names to their interface.
	Provides  map[string]CharmEndpoint `json:"provides"`
	Requires  map[string]CharmEndpoint `json:"requires"`
	Peers     map[string]CharmEndpoint `json:"peers"`
	Resources map[string]CharmResource `json:"resources"`
	Config    map[string]CharmOption   `json:"config"`
	Storage   map[string]CharmStorage  `json:"storage"`
	// Actions are the actions the charm declares, by name.
	Actions  map[string]CharmAction      `json:"actions"`
	Channels map[string]ChannelRevisions `json:"channels"`
	StoreURL string                      `json:"storeUrl"`
}

// CharmEndpoint is one endpoint of a charm.
type CharmEndpoint struct {
	Interface string `json:"interface"`
	// Scope is "global" or "container" (subordinate attachments).
	Scope    string `json:"scope"`
	Limit    int    `json:"limit,omitempty"`
	Optional bool   `json:"optional,omitempty"`
}

// CharmResource is a resource of a charm. Revision is the revision the
// charm's channel uses by default; Revisions all revisions the store holds.
type CharmResource struct {
	Type        string `json:"type"`
	Filename    string `json:"filename,omitempty"`
	Description string `json:"description"`
	Revision    int    `json:"revision"`
	Revisions   []int  `json:"revisions"`
}

// CharmOption is a configuration option of a charm. Type is "string", "int",
// "float", "boolean" or "secret"; Default is rendered as a string ("" and
// HasDefault false when the option has none).
type CharmOption struct {
	Type        string `json:"type"`
	Default     string `json:"default"`
	HasDefault  bool   `json:"hasDefault"`
	Description string `json:"description"`
}

// CharmStorage is a storage definition of a charm. Sizes are in MiB;
// MaxCount -1 means unbounded.
type CharmStorage struct {
	Type     string `json:"type"` // "filesystem" or "block"
	Location string `json:"location,omitempty"`
	MinCount int    `json:"minCount"`
	MaxCount int    `json:"maxCount"`
	MinSize  int    `json:"minSize"`
	Shared   bool   `json:"shared"`
	ReadOnly bool   `json:"readOnly"`
}

// ChannelRevisions is what one channel of a charm offers: its current revision
// per base (for the architecture of the lookup).
type ChannelRevisions struct {
	Revisions map[string]int `json:"revisions"`
}
