package orch

import "time"

// Cloud types a controller knows. A model's type follows from its cloud's
// type: kubernetes clouds hold "caas" models, every other type "iaas" models.
const (
	CloudTypeLXD        = "lxd"
	CloudTypeKubernetes = "kubernetes"
	CloudTypeMAAS       = "maas"
	CloudTypeManual     = "manual"
	CloudTypeOpenStack  = "openstack"
	CloudTypeEC2        = "ec2"
	CloudTypeGCE        = "gce"
	CloudTypeAzure      = "azure"
	CloudTypeVSphere    = "vsphere"
	CloudTypeOCI        = "oci"
)

// Model types.
const (
	ModelTypeIAAS = "iaas"
	ModelTypeCAAS = "caas"
)

// ModelTypeOf is the type of the models that a cloud of the given type holds.
func ModelTypeOf(cloudType string) string {
	if cloudType == CloudTypeKubernetes {
		return ModelTypeCAAS
	}
	return ModelTypeIAAS
}

// AuthTypes lists, per cloud type, the authentication types that a cloud of
// that type may declare, in the controller's preferred order. A cloud's
// authTypes must be a non-empty subset (manual clouds: "empty" only), and a
// credential's authType one of its cloud's authTypes.
var AuthTypes = map[string][]string{
	CloudTypeLXD:        {"certificate", "interactive"},
	CloudTypeKubernetes: {"certificate", "clientcertificate", "oauth2", "oauth2withcert", "userpass"},
	CloudTypeMAAS:       {"oauth1"},
	CloudTypeManual:     {"empty"},
	CloudTypeOpenStack:  {"userpass", "access-key"},
	CloudTypeEC2:        {"access-key", "instance-role"},
	CloudTypeGCE:        {"jsonfile", "oauth2"},
	CloudTypeAzure:      {"service-principal-secret", "managed-identity", "interactive"},
	CloudTypeVSphere:    {"userpass"},
	CloudTypeOCI:        {"httpsig"},
}

// CredentialAttributes lists, per authentication type, the attribute keys a
// credential may hold: Required ones must be present and non-empty, Optional
// ones may be; any other key is refused.
var CredentialAttributes = map[string]struct{ Required, Optional []string }{
	"certificate":              {Required: []string{"client-cert", "client-key"}, Optional: []string{"server-cert", "trust-password"}},
	"interactive":              {Optional: []string{"trust-password", "subscription-id"}},
	"clientcertificate":        {Required: []string{"ClientCertificateData", "ClientKeyData"}},
	"oauth2":                   {Required: []string{"Token"}},
	"oauth2withcert":           {Required: []string{"ClientCertificateData", "ClientKeyData", "Token"}},
	"userpass":                 {Required: []string{"username", "password"}, Optional: []string{"tenant-name", "tenant-id", "domain-name", "project-domain-name", "user-domain-name", "version"}},
	"oauth1":                   {Required: []string{"maas-oauth"}},
	"empty":                    {},
	"access-key":               {Required: []string{"access-key", "secret-key"}, Optional: []string{"tenant-name", "tenant-id", "domain-name"}},
	"instance-role":            {Required: []string{"instance-profile-name"}},
	"jsonfile":                 {Required: []string{"file"}},
	"service-principal-secret": {Required: []string{"application-id", "application-password", "subscription-id"}, Optional: []string{"managed-subscription-id"}},
	"managed-identity":         {Required: []string{"managed-identity-path", "subscription-id"}},
	"httpsig":                  {Required: []string{"user", "tenancy", "key", "fingerprint"}, Optional: []string{"pass-phrase", "region"}},
}

// CloudCredentialAttributes are the attribute rules of an auth type on a
// cloud type where they differ from CredentialAttributes: an lxd cloud's
// certificate credential needs none of them (the local LXD has the client
// certificate) and takes a trust token, as upstream's controller accepts.
var CloudCredentialAttributes = map[string]map[string]struct{ Required, Optional []string }{
	CloudTypeLXD: {
		"certificate": {Optional: []string{"client-cert", "client-key", "server-cert", "token", "trust-password"}},
		"interactive": {Optional: []string{"token", "trust-password"}},
	},
}

// CredentialRules are the attribute rules of an auth type on a cloud type.
func CredentialRules(cloudType, authType string) struct{ Required, Optional []string } {
	if r, ok := CloudCredentialAttributes[cloudType][authType]; ok {
		return r
	}
	return CredentialAttributes[authType]
}

// Region is one region of a cloud.
type Region struct {
	Name             string `json:"name"`
	Endpoint         string `json:"endpoint,omitempty"`
	IdentityEndpoint string `json:"identityEndpoint,omitempty"`
	StorageEndpoint  string `json:"storageEndpoint,omitempty"`
}

// Cloud is a cloud known to the controller. Regions[0] is the default
// region.
type Cloud struct {
	Name             string   `json:"name"`
	Type             string   `json:"type"`
	AuthTypes        []string `json:"authTypes"`
	Endpoint         string   `json:"endpoint,omitempty"`
	IdentityEndpoint string   `json:"identityEndpoint,omitempty"`
	StorageEndpoint  string   `json:"storageEndpoint,omitempty"`
	Regions          []Region `json:"regions"`
	// CACertificates are PEM certificates; answered only to superusers.
	CACertificates []string `json:"caCertificates,omitempty"`
	// Kubernetes is set on clouds of type kubernetes.
	Kubernetes *KubernetesCloud `json:"kubernetes,omitempty"`
	// Builtin clouds are seeded with the controller and cannot be removed.
	Builtin   bool      `json:"builtin"`
	CreatedAt time.Time `json:"createdAt"`
}

// KubernetesCloud holds what a container-cluster cloud has beyond a cloud.
type KubernetesCloud struct {
	ParentCloudName            string `json:"parentCloudName,omitempty"`
	ParentCloudRegion          string `json:"parentCloudRegion,omitempty"`
	StorageClassName           string `json:"storageClassName,omitempty"`
	SkipServiceAccountCreation bool   `json:"skipServiceAccountCreation"`
	// Credential is the name of the credential the controller created for
	// the cloud, owned by the user who added the cloud.
	Credential string `json:"credential"`
}

// CreateCloudRequest is the body of POST /v1/clouds (superusers only).
// Regions may be empty: the cloud then gets one region named "default".
type CreateCloudRequest struct {
	Name             string   `json:"name"`
	Type             string   `json:"type"`
	AuthTypes        []string `json:"authTypes"`
	Endpoint         string   `json:"endpoint,omitempty"`
	IdentityEndpoint string   `json:"identityEndpoint,omitempty"`
	StorageEndpoint  string   `json:"storageEndpoint,omitempty"`
	Regions          []Region `json:"regions,omitempty"`
	CACertificates   []string `json:"caCertificates,omitempty"`
	// Kubernetes is required for, and only accepted with, type kubernetes.
	Kubernetes *CreateKubernetesCloud `json:"kubernetes,omitempty"`
}

// CreateKubernetesCloud is the container-cluster part of a cloud creation.
type CreateKubernetesCloud struct {
	// Config is the content of a cluster config file (kubeconfig YAML). Empty
	// means the controller's own cluster. The controller derives the cloud's
	// endpoint from its first cluster's server, and creates a credential of
	// auth type clientcertificate named after the cloud.
	Config                     string `json:"config,omitempty"`
	ParentCloudName            string `json:"parentCloudName,omitempty"`
	ParentCloudRegion          string `json:"parentCloudRegion,omitempty"`
	StorageClassName           string `json:"storageClassName,omitempty"`
	SkipServiceAccountCreation bool   `json:"skipServiceAccountCreation,omitempty"`
}

// UpdateCloudRequest is the body of PUT /v1/clouds/{name}: the new value of
// every mutable field. Name and type cannot change; a region in use by a
// model cannot be removed.
type UpdateCloudRequest struct {
	AuthTypes        []string `json:"authTypes"`
	Endpoint         string   `json:"endpoint,omitempty"`
	IdentityEndpoint string   `json:"identityEndpoint,omitempty"`
	StorageEndpoint  string   `json:"storageEndpoint,omitempty"`
	Regions          []Region `json:"regions,omitempty"`
	CACertificates   []string `json:"caCertificates,omitempty"`
}

// Credential is a cloud credential of a user on the controller.
type Credential struct {
	Name     string `json:"name"`
	Cloud    string `json:"cloud"`
	Owner    string `json:"owner"`
	AuthType string `json:"authType"`
	// Attributes are answered to the owner and to superusers only.
	Attributes map[string]string `json:"attributes,omitempty"`
	// Models lists the UUIDs of the models that use the credential.
	Models    []string  `json:"models"`
	CreatedAt time.Time `json:"createdAt"`
}

// CreateCredentialRequest is the body of POST /v1/clouds/{cloud}/credentials.
// Owner defaults to the caller; only a superuser may name another owner.
type CreateCredentialRequest struct {
	Name       string            `json:"name"`
	Owner      string            `json:"owner,omitempty"`
	AuthType   string            `json:"authType"`
	Attributes map[string]string `json:"attributes,omitempty"`
}

// UpdateCredentialRequest is the body of PUT
// /v1/clouds/{cloud}/credentials/{owner}/{name}.
type UpdateCredentialRequest struct {
	AuthType   string            `json:"authType"`
	Attributes map[string]string `json:"attributes,omitempty"`
}
