package orch

import "time"

// Model statuses.
const (
	ModelStatusAvailable  = "available"
	ModelStatusDestroying = "destroying"
)

// Model is a model on the controller.
type Model struct {
	UUID           string `json:"uuid"`
	Name           string `json:"name"`
	Owner          string `json:"owner"`
	Type           string `json:"type"`
	ControllerUUID string `json:"controllerUuid"`
	Cloud          string `json:"cloud"`
	Region         string `json:"region"`
	// Credential is "<cloud>/<owner>/<name>", empty for clouds whose only
	// auth type is "empty".
	Credential string `json:"credential"`
	// Config holds only the keys set on the model, as they were set; the
	// defaults are in GET /v1/models/{uuid}/config.
	Config map[string]string `json:"config"`
	// Constraints are in normal form (see NormalizeConstraints).
	Constraints  string            `json:"constraints"`
	Annotations  map[string]string `json:"annotations"`
	AgentVersion string            `json:"agentVersion"`
	Life         string            `json:"life"`
	Status       string            `json:"status"`
	CreatedAt    time.Time         `json:"createdAt"`
}

// CreateModelRequest is the body of POST /v1/models.
type CreateModelRequest struct {
	Name string `json:"name"`
	// Owner defaults to the caller; only a superuser may name another user.
	Owner string `json:"owner,omitempty"`
	// Cloud defaults to the controller's default cloud; Region to the cloud's
	// first region.
	Cloud  string `json:"cloud,omitempty"`
	Region string `json:"region,omitempty"`
	// Credential is "<name>" (owned by the model owner) or
	// "<cloud>/<owner>/<name>". It may be empty when the owner has exactly one
	// credential for the cloud, which is then used, or when the cloud needs
	// none.
	Credential  string            `json:"credential,omitempty"`
	Config      map[string]string `json:"config,omitempty"`
	Constraints string            `json:"constraints,omitempty"`
	Annotations map[string]string `json:"annotations,omitempty"`
	// TargetController is for the hub, which places the model on the named
	// controller. A controller accepts it only empty or equal to its own name
	// or UUID.
	TargetController string `json:"targetController,omitempty"`
}

// UpdateModelRequest is the body of PATCH /v1/models/{uuid}. Each given field
// replaces the model's value whole: Config lists every key that stays set
// (keys not listed return to their defaults), Annotations every annotation.
// Credential switches the model to another credential of the same cloud.
type UpdateModelRequest struct {
	Config      *map[string]string `json:"config,omitempty"`
	Constraints *string            `json:"constraints,omitempty"`
	Annotations *map[string]string `json:"annotations,omitempty"`
	Credential  *string            `json:"credential,omitempty"`
}

// ConfigValue is one model configuration key as GET /v1/models/{uuid}/config
// answers it.
type ConfigValue struct {
	Value string `json:"value"`
	// Type is "string", "int", "bool" or "duration".
	Type string `json:"type"`
	// Source is "default", "controller" (a model default of the
	// controller) or "model".
	Source      string `json:"source"`
	Default     string `json:"default"`
	Description string `json:"description"`
}

// Config option types of model configuration and charm options.
const (
	OptionString   = "string"
	OptionInt      = "int"
	OptionBool     = "boolean"
	OptionFloat    = "float"
	OptionDuration = "duration"
	OptionSecret   = "secret"
)

// ModelConfigKey describes a model configuration key.
type ModelConfigKey struct {
	Type    string
	Default string
	// Values, when set, lists the only values the key takes.
	Values      []string
	Description string
}

// ModelConfigKeys are the model configuration keys a controller knows. Any
// other key is refused, and a value must parse as its key's type: "true" or
// "false" for boolean, a decimal integer for int, a Go duration (for example
// "5m0s") for duration.
var ModelConfigKeys = map[string]ModelConfigKey{
	"agent-stream":                       {Type: OptionString, Default: "released", Values: []string{"released", "proposed", "testing", "devel"}, Description: "stream of agent binaries"},
	"apt-mirror":                         {Type: OptionString, Description: "APT mirror for machines"},
	"automatically-retry-hooks":          {Type: OptionBool, Default: "true", Description: "retry failed hooks automatically"},
	"charmhub-url":                       {Type: OptionString, Default: DefaultCharmStoreURL, Description: "charm store address of the model"},
	"cloudinit-userdata":                 {Type: OptionString, Description: "cloud-init user data for new machines"},
	"container-networking-method":        {Type: OptionString, Default: "local", Values: []string{"local", "provider", "fan"}, Description: "how containers get addresses"},
	"default-base":                       {Type: OptionString, Description: "base used when a deployment names none"},
	"default-space":                      {Type: OptionString, Description: "space of endpoints without a binding"},
	"development":                        {Type: OptionBool, Default: "false", Description: "development mode"},
	"disable-telemetry":                  {Type: OptionBool, Default: "false", Description: "do not report telemetry"},
	"enable-os-refresh-update":           {Type: OptionBool, Default: "true", Description: "update package lists on new machines"},
	"enable-os-upgrade":                  {Type: OptionBool, Default: "true", Description: "upgrade packages on new machines"},
	"firewall-mode":                      {Type: OptionString, Default: "instance", Values: []string{"instance", "global", "none"}, Description: "how ports are opened"},
	"http-proxy":                         {Type: OptionString, Description: "HTTP proxy of machines"},
	"https-proxy":                        {Type: OptionString, Description: "HTTPS proxy of machines"},
	"image-stream":                       {Type: OptionString, Default: "released", Description: "stream of machine images"},
	"juju-http-proxy":                    {Type: OptionString, Description: "HTTP proxy of agents"},
	"juju-https-proxy":                   {Type: OptionString, Description: "HTTPS proxy of agents"},
	"juju-no-proxy":                      {Type: OptionString, Default: "127.0.0.1,localhost,::1", Description: "hosts agents reach without proxy"},
	"logging-config":                     {Type: OptionString, Default: "<root>=INFO", Description: "agent log levels"},
	"max-action-results-age":             {Type: OptionDuration, Default: "336h0m0s", Description: "how long action results are kept"},
	"max-status-history-age":             {Type: OptionDuration, Default: "336h0m0s", Description: "how long status history is kept"},
	"mode":                               {Type: OptionString, Default: "requires-prompts", Values: []string{"", "requires-prompts"}, Description: "model mode"},
	"no-proxy":                           {Type: OptionString, Default: "127.0.0.1,localhost,::1", Description: "hosts reached without proxy"},
	"num-container-provision-workers":    {Type: OptionInt, Default: "4", Description: "parallel container provisioning"},
	"num-provision-workers":              {Type: OptionInt, Default: "16", Description: "parallel machine provisioning"},
	"provisioner-harvest-mode":           {Type: OptionString, Default: "destroyed", Values: []string{"all", "none", "unknown", "destroyed"}, Description: "which unknown instances are removed"},
	"resource-tags":                      {Type: OptionString, Description: "tags given to cloud resources"},
	"secret-backend":                     {Type: OptionString, Default: "auto", Description: "where the model's secrets are stored: auto, internal or a secret backend's name"},
	"ssl-hostname-verification":          {Type: OptionBool, Default: "true", Description: "verify TLS host names"},
	"storage-default-block-source":       {Type: OptionString, Description: "pool of block storage without a pool"},
	"storage-default-filesystem-source":  {Type: OptionString, Description: "pool of filesystem storage without a pool"},
	"test-mode":                          {Type: OptionBool, Default: "false", Description: "test mode"},
	"update-status-hook-interval":        {Type: OptionDuration, Default: "5m0s", Description: "interval of update-status hooks"},
	"logforward-enabled":                 {Type: OptionBool, Default: "false", Description: "forward logs to syslog"},
	"transmit-vendor-metrics":            {Type: OptionBool, Default: "true", Description: "send vendor metrics"},
	"extra-info":                         {Type: OptionString, Description: "free-form information"},
	"lxd-snap-channel":                   {Type: OptionString, Default: "5.21/stable", Description: "channel of the LXD snap on machines"},
	"snap-store-proxy":                   {Type: OptionString, Description: "snap store proxy"},
	"default-series":                     {Type: OptionString, Description: "deprecated; use default-base"},
	"num-provision-workers-per-instance": {Type: OptionInt, Default: "1", Description: "provisioning workers per instance"},
	// Keys of the lxd provider, which upstream's configurations set on
	// models of the localhost cloud.
	"project": {Type: OptionString, Default: "default", Description: "LXD project of the model's instances (lxd clouds)"},
}

// StoragePool is a storage pool of a model.
type StoragePool struct {
	Name      string `json:"name"`
	ModelUUID string `json:"modelUuid"`
	// Provider is the storage provider type, for example "lxd", "loop",
	// "rootfs", "tmpfs" or "kubernetes".
	Provider   string            `json:"provider"`
	Attributes map[string]string `json:"attributes"`
	// Builtin pools come with the model and cannot be removed.
	Builtin bool `json:"builtin"`
}

// CreateStoragePoolRequest is the body of POST
// /v1/models/{uuid}/storage-pools.
type CreateStoragePoolRequest struct {
	Name       string            `json:"name"`
	Provider   string            `json:"provider"`
	Attributes map[string]string `json:"attributes,omitempty"`
}

// UpdateStoragePoolRequest is the body of PUT
// /v1/models/{uuid}/storage-pools/{name}.
type UpdateStoragePoolRequest struct {
	Attributes map[string]string `json:"attributes"`
}
