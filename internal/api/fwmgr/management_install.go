package fwmgr

// Installing policy (the management API's install-policy and
// verify-policy): both answer a task (TaskResponse); show-task with
// details-level full reports the outcome per target in Task.Details.
//
//	install-policy {policy-package, targets, access, threat-prevention, ...} -> {task-id}
//	verify-policy  {policy-package}                                          -> {task-id}
//
// install-policy installs the published policy of a package on gateways
// that are the package's installation targets; it verifies the policy
// first, as verify-policy does: every object a rule uses exists, and no
// rule is hidden by an earlier rule of its layer that matches all it
// matches.

// Commands of installing policy.
const (
	CommandInstallPolicy = "install-policy"
	CommandVerifyPolicy  = "verify-policy"
)

// InstallPolicyRequest is install-policy. The booleans not sent default to
// whether the package holds that policy.
type InstallPolicyRequest struct {
	PolicyPackage                    string   `json:"policy-package"`
	Targets                          []string `json:"targets,omitempty"`
	Access                           *bool    `json:"access,omitempty"`
	DesktopSecurity                  *bool    `json:"desktop-security,omitempty"`
	QoS                              *bool    `json:"qos,omitempty"`
	ThreatPrevention                 *bool    `json:"threat-prevention,omitempty"`
	InstallOnAllClusterMembersOrFail *bool    `json:"install-on-all-cluster-members-or-fail,omitempty"`
	PrepareOnly                      *bool    `json:"prepare-only,omitempty"`
	Revision                         string   `json:"revision,omitempty"`
	IgnoreWarnings                   *bool    `json:"ignore-warnings,omitempty"`
}

// VerifyPolicyRequest is verify-policy.
type VerifyPolicyRequest struct {
	PolicyPackage string `json:"policy-package"`
}

// TaskDetail is one target's outcome of an install-policy (or, with no
// gateway, a verify-policy's).
type TaskDetail struct {
	GatewayID   string `json:"gatewayId,omitempty"`
	GatewayName string `json:"gatewayName,omitempty"`
	// Status is TaskSucceeded or TaskFailed.
	Status string `json:"status"`
	// Description says what was installed, or why it failed.
	Description string `json:"statusDescription"`
}

// InstalledPolicy is what show-simple-gateway and show-gateways-and-servers
// answer as a gateway's "policy": the package installed last and when.
type InstalledPolicy struct {
	AccessPolicyInstalled        bool       `json:"access-policy-installed"`
	AccessPolicyName             string     `json:"access-policy-name,omitempty"`
	AccessPolicyInstallationDate *Timestamp `json:"access-policy-installation-date,omitempty"`
	ThreatPolicyInstalled        bool       `json:"threat-policy-installed"`
	ThreatPolicyName             string     `json:"threat-policy-name,omitempty"`
	ThreatPolicyInstallationDate *Timestamp `json:"threat-policy-installation-date,omitempty"`
}
