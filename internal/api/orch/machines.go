package orch

import "time"

// Machine statuses, in the order a machine goes through them. A machine is
// pending until the cloud gives it an instance; started once the instance runs
// (it has a hostname and an instance ID from then on); active once its agent
// has started and it can host units.
const (
	MachineStatusPending = "pending"
	MachineStatusStarted = "started"
	MachineStatusActive  = "active"
)

// Machine is a machine of a model.
type Machine struct {
	// ID is the controller-assigned machine ID: "0", "1", ..., or
	// "<parent>/<container-type>/<n>" for a container.
	ID        string `json:"id"`
	ModelUUID string `json:"modelUuid"`
	Base      string `json:"base"`
	// Constraints are in normal form (see NormalizeConstraints).
	Constraints string            `json:"constraints"`
	Placement   string            `json:"placement,omitempty"`
	Disks       string            `json:"disks,omitempty"`
	Annotations map[string]string `json:"annotations"`
	SSHAddress  string            `json:"sshAddress,omitempty"`
	// Hostname and InstanceID are empty while the machine is pending.
	Hostname   string `json:"hostname"`
	InstanceID string `json:"instanceId"`
	// IPAddresses are the machine's addresses once started (empty while
	// pending): a private one first, then a public one for a machine that
	// is not a container; the address of a machine added over SSH.
	IPAddresses []string `json:"ipAddresses"`
	Status      string   `json:"status"`
	Life        string   `json:"life"`
	// Units lists the units the machine hosts ("app/0").
	Units []string `json:"units"`
	// Application is set on machines that the controller created for a unit of
	// that application (deployments without placement); such a machine goes
	// with its unit.
	Application string    `json:"application,omitempty"`
	CreatedAt   time.Time `json:"createdAt"`
}

// CreateMachineRequest is the body of POST /v1/models/{uuid}/machines.
type CreateMachineRequest struct {
	// Base is "<os>@<channel>", default the model's default-base or
	// ubuntu@24.04.
	Base        string `json:"base,omitempty"`
	Constraints string `json:"constraints,omitempty"`
	// Placement is "<container-type>:<machine-id>" (a container on a
	// machine), "<container-type>" (a container on a new machine) or
	// "zone=<zone>".
	Placement   string            `json:"placement,omitempty"`
	Disks       string            `json:"disks,omitempty"`
	Annotations map[string]string `json:"annotations,omitempty"`
	// SSHAddress "[<user>@]<host>" adds an existing machine (manual
	// provisioning) instead of asking the cloud for one; PublicKey is the
	// public key the controller's agents are authorised with on it.
	SSHAddress string `json:"sshAddress,omitempty"`
	PublicKey  string `json:"publicKey,omitempty"`
}

// UpdateMachineRequest is the body of PATCH
// /v1/models/{uuid}/machines/{id}: annotations are the only mutable field.
type UpdateMachineRequest struct {
	Annotations map[string]string `json:"annotations"`
}
