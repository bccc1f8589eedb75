package orch

import (
	"fmt"
	"regexp"
	"strconv"
)

// ControllerConfigKey describes a controller configuration key.
type ControllerConfigKey struct {
	Type    string
	Default string
	// BootstrapOnly keys are set when the controller is bootstrapped and
	// cannot change afterwards.
	BootstrapOnly bool
	Description   string
}

// ControllerConfigKeys are the controller configuration keys a controller
// knows; any other key is refused, and values must parse as their type (as
// for ModelConfigKeys).
var ControllerConfigKeys = map[string]ControllerConfigKey{
	"agent-ratelimit-max":       {Type: OptionInt, Default: "10", Description: "connections per rate-limit step"},
	"agent-ratelimit-rate":      {Type: OptionDuration, Default: "250ms", Description: "time between connections of agents"},
	"allow-model-access":        {Type: OptionBool, Default: "false", BootstrapOnly: true, Description: "model users may reach the controller without controller access"},
	"api-port-open-delay":       {Type: OptionDuration, Default: "0s", Description: "delay before the API port opens to clients"},
	"audit-log-capture-args":    {Type: OptionBool, Default: "false", Description: "record the arguments of audited calls"},
	"audit-log-max-backups":     {Type: OptionInt, Default: "10", Description: "number of audit log files kept"},
	"audit-log-max-size":        {Type: OptionString, Default: "300M", Description: "size at which the audit log rotates"},
	"auditing-enabled":          {Type: OptionBool, Default: "true", Description: "audit API calls"},
	"max-debug-log-duration":    {Type: OptionDuration, Default: "24h0m0s", Description: "longest debug-log session"},
	"model-logs-size":           {Type: OptionString, Default: "20M", Description: "size of each model's log"},
	"public-dns-address":        {Type: OptionString, Description: "public address clients reach the controller at"},
	"query-tracing-enabled":     {Type: OptionBool, Default: "false", Description: "trace slow database queries"},
	"query-tracing-threshold":   {Type: OptionDuration, Default: "1s", Description: "queries slower than this are traced"},
	"system-ssh-keys":           {Type: OptionString, Description: "SSH keys of the controller's machines"},
	"identity-url":              {Type: OptionString, BootstrapOnly: true, Description: "external identity provider"},
	"migration-agent-wait-time": {Type: OptionDuration, Default: "15m0s", Description: "how long a migration waits for agents"},
	// Keys upstream's controller configurations set.
	"agent-logfile-max-backups": {Type: OptionInt, Default: "2", Description: "number of agent log files kept"},
	"agent-logfile-max-size":    {Type: OptionString, Default: "100M", Description: "size at which an agent log rotates"},
	"autocert-dns-name":         {Type: OptionString, Description: "DNS name of the controller's automatically obtained certificate"},
	"autocert-url":              {Type: OptionString, Description: "ACME server of automatically obtained certificates"},
}

// ControllerConfig is the answer of GET /v1/controller/config: every key
// with its value, defaults included.
type ControllerConfig struct {
	Config map[string]string `json:"config"`
}

// UpdateControllerConfigRequest is the body of PATCH /v1/controller/config:
// the given keys are set. There is no unset; a key keeps its value until it
// is set again.
type UpdateControllerConfigRequest struct {
	Config map[string]string `json:"config"`
}

// AgentVersions are the agent versions the controllers can run, oldest
// first; the last one is the latest stable, which a bootstrap uses when it
// names none.
var AgentVersions = []string{
	"3.5.5", "3.5.6", "3.5.7",
	"3.6.8", "3.6.9", "3.6.10", "3.6.11", "3.6.12",
	// The versions upstream's controller configurations bootstrap.
	"3.6.13", "3.6.14", "3.6.15", "3.6.16", "3.6.17", "3.6.18", "3.6.19", "3.6.20", "3.6.21", "3.6.22", "3.6.23",
	"4.0.0", "4.0.1",
}

// LatestAgentVersion is the latest stable agent version.
func LatestAgentVersion() string { return AgentVersions[len(AgentVersions)-1] }

// Version is a parsed agent version major.minor.patch.
type Version struct{ Major, Minor, Patch int }

func (v Version) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch) }

var versionRE = regexp.MustCompile(`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$`)

// ParseVersion parses "major.minor.patch".
func ParseVersion(s string) (Version, error) {
	m := versionRE.FindStringSubmatch(s)
	if m == nil {
		return Version{}, fmt.Errorf("%q is not an agent version of the form major.minor.patch, such as 3.6.12", s)
	}
	n := func(i int) int { v, _ := strconv.Atoi(m[i]); return v }
	return Version{Major: n(1), Minor: n(2), Patch: n(3)}, nil
}

// CheckAgentVersionKnown refuses a version no agent binaries exist for.
func CheckAgentVersionKnown(s string) error {
	if _, err := ParseVersion(s); err != nil {
		return err
	}
	for _, v := range AgentVersions {
		if v == s {
			return nil
		}
	}
	return fmt.Errorf("no agent binaries for version %s; the available versions are %v", s, AgentVersions)
}

// CheckAgentUpgrade is the upgrade rule: a controller moves only to a higher
// patch version of its own major.minor series.
func CheckAgentUpgrade(from, to string) error {
	f, err := ParseVersion(from)
	if err != nil {
		return err
	}
	t, err := ParseVersion(to)
	if err != nil {
		return err
	}
	if f.Major != t.Major || f.Minor != t.Minor {
		return fmt.Errorf("cannot upgrade from %s to %s: a controller is upgraded only within its major.minor series (%d.%d.x); "+
			"moving to %d.%d needs a new controller", from, to, f.Major, f.Minor, t.Major, t.Minor)
	}
	if t.Patch <= f.Patch {
		return fmt.Errorf("cannot upgrade from %s to %s: only a higher patch version is allowed (downgrades are not possible)", from, to)
	}
	return nil
}

// BootstrapConfigKeys are the options of a bootstrap itself (orch bootstrap
// --config): they shape how the controller is started and are not kept as
// controller configuration.
var BootstrapConfigKeys = map[string]ModelConfigKey{
	"admin-secret":      {Type: OptionString, Description: "password of the user admin (default: generated)"},
	"bootstrap-timeout": {Type: OptionDuration, Default: "1m0s", Description: "how long bootstrap waits for the controller to answer"},
	"provisioning-delay": {Type: OptionDuration, Default: "0s",
		Description: "time a machine of the controller spends pending, and then started, before it is active"},
	// The options of a bootstrap on a cluster (kubernetes) cloud, as
	// upstream's configurations give them.
	"controller_service_type":          {Type: OptionString, Description: "service type of the controller on a cluster: cluster, loadbalancer or external"},
	"controller_external_name":         {Type: OptionString, Description: "external name of the controller's service on a cluster"},
	"controller_external_ip_addresses": {Type: OptionString, Description: "external IP addresses of the controller's service on a cluster, as a JSON list"},
}
