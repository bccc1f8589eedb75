// Package orchcli is the contract of the orch command-line tool (cmd/orch,
// implemented by internal/orchcli) with the programs that drive it, the
// typed client internal/client/orchcli: the commands and flags a program
// uses, and the JSON that bootstrap, show-controller and upgrade-controller
// print with --format json and that --cloud-file and --credential-file
// hold. Both sides import it, as both sides of an HTTP service import
// internal/api/<svc>.
package orchcli

import (
	"fmt"
	"time"
)

// The commands a program runs.
const (
	CommandBootstrap         = "bootstrap"
	CommandShowController    = "show-controller"
	CommandUpgradeController = "upgrade-controller"
	CommandDestroyController = "destroy-controller"
	// CommandChangeAdminPassword changes the admin password of a controller,
	// at the controller and in the CLI's records (--password-file).
	CommandChangeAdminPassword = "change-admin-password"
	// CommandUpdateCredential replaces the attributes of the cloud credential
	// a controller was bootstrapped with (--credential-file).
	CommandUpdateCredential = "update-credential" //nolint:gosec // G101: a command name
)

// CloudSpec is the cloud a controller is bootstrapped on (--cloud-file), in
// the shape of the orch_controller resource's cloud.
type CloudSpec struct {
	Name            string            `json:"name"`
	Type            string            `json:"type"`
	AuthTypes       []string          `json:"auth_types"`
	Endpoint        string            `json:"endpoint,omitempty"`
	CACertificates  []string          `json:"ca_certificates,omitempty"`
	Config          map[string]string `json:"config,omitempty"`
	HostCloudRegion string            `json:"host_cloud_region,omitempty"`
	Region          *RegionSpec       `json:"region,omitempty"`
}

// RegionSpec is the region of a CloudSpec.
type RegionSpec struct {
	Name             string `json:"name"`
	Endpoint         string `json:"endpoint,omitempty"`
	IdentityEndpoint string `json:"identity_endpoint,omitempty"`
	StorageEndpoint  string `json:"storage_endpoint,omitempty"`
}

// CredentialSpec is the cloud credential of a bootstrap (--credential-file),
// in the shape of the resource's cloud_credential.
type CredentialSpec struct {
	Name       string            `json:"name"`
	AuthType   string            `json:"auth_type"`
	Attributes map[string]string `json:"attributes,omitempty"`
}

// PoolSpec is the initial storage pool of a bootstrap.
type PoolSpec struct {
	Name       string            `json:"name"`
	Type       string            `json:"type"`
	Attributes map[string]string `json:"attributes,omitempty"`
}

// Details are what the CLI knows of a controller it bootstrapped: what
// bootstrap prints, and show-controller prints keyed by controller name.
type Details struct {
	Name           string            `json:"name"`
	UUID           string            `json:"controller-uuid"`
	APIAddresses   []string          `json:"api-endpoints"`
	CACert         string            `json:"ca-cert"`
	Username       string            `json:"username"`
	Password       string            `json:"password,omitempty"`
	AgentVersion   string            `json:"agent-version"`
	Cloud          string            `json:"cloud"`
	Region         string            `json:"region,omitempty"`
	Credential     string            `json:"credential"`
	BootstrapBase  string            `json:"bootstrap-base,omitempty"`
	ModelDefaults  map[string]string `json:"model-defaults,omitempty"`
	ModelCons      string            `json:"model-constraints,omitempty"`
	BootstrapCons  string            `json:"bootstrap-constraints,omitempty"`
	StoragePool    string            `json:"storage-pool,omitempty"`
	CreatedAt      time.Time         `json:"created-at"`
	StateDirectory string            `json:"state-directory"`
	// Status is "running", "stopped" (no process: start it again with a new
	// bootstrap or remove it with destroy-controller) or "incomplete" (a
	// bootstrap that did not finish).
	Status    string `json:"status"`
	ProcessID int    `json:"process-id,omitempty"`
	// Bootstrap is what the bootstrap was given, so that the controller can
	// be described again (imported); secret values only with --show-password.
	Bootstrap *BootstrapRecord `json:"bootstrap,omitempty"`
}

// BootstrapRecord is what a bootstrap was given.
type BootstrapRecord struct {
	Cloud                 CloudSpec         `json:"cloud"`
	Credential            *CredentialSpec   `json:"credential,omitempty"`
	AgentVersion          string            `json:"agent-version"`
	Base                  string            `json:"bootstrap-base,omitempty"`
	Config                map[string]string `json:"config,omitempty"`
	ControllerConfig      map[string]string `json:"controller-config,omitempty"`
	ControllerModelConfig map[string]string `json:"controller-model-config,omitempty"`
	ModelDefaults         map[string]string `json:"model-defaults,omitempty"`
	BootstrapConstraints  string            `json:"bootstrap-constraints,omitempty"`
	ModelConstraints      string            `json:"model-constraints,omitempty"`
	StoragePool           *PoolSpec         `json:"storage-pool,omitempty"`
}

// NotFound is the start of the error a command prints (after "ERROR ")
// when the data directory holds no controller of the name.
func NotFound(name string) string {
	return fmt.Sprintf("controller %q not found", name)
}

// Upgrade is what upgrade-controller prints with --format json.
type Upgrade struct {
	Controller string `json:"controller"`
	From       string `json:"from"`
	To         string `json:"to"`
}

// DestroyFlags are the options of destroy-controller (the resource's
// destroy_flags).
type DestroyFlags struct {
	DestroyAllModels bool
	DestroyStorage   bool
	ReleaseStorage   bool
	Force            bool
	ModelTimeout     time.Duration // 0: no limit
}

// The flag names of destroy-controller.
const (
	FlagDestroyAllModels = "destroy-all-models"
	FlagDestroyStorage   = "destroy-storage"
	FlagReleaseStorage   = "release-storage"
	FlagForce            = "force"
	FlagModelTimeout     = "model-timeout"
)

// Args are the flags of f on a command line, always in the order of the
// flags above, so that the same options give the same command line.
func (f DestroyFlags) Args() []string {
	var args []string
	for _, b := range []struct {
		on   bool
		flag string
	}{
		{f.DestroyAllModels, FlagDestroyAllModels},
		{f.DestroyStorage, FlagDestroyStorage},
		{f.ReleaseStorage, FlagReleaseStorage},
		{f.Force, FlagForce},
	} {
		if b.on {
			args = append(args, "--"+b.flag)
		}
	}
	if f.ModelTimeout > 0 {
		args = append(args, fmt.Sprintf("--%s=%s", FlagModelTimeout, f.ModelTimeout))
	}
	return args
}
