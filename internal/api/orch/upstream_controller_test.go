package orch

import (
	"cmp"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestUpstreamBootstrapSettings: the agent versions upstream's controller
// configurations bootstrap (3.6.13 to 3.6.23), and the controller
// configuration keys and cluster bootstrap options they set, with their
// values, are known.
func TestUpstreamBootstrapSettings(t *testing.T) {
	for p := 13; p <= 23; p++ {
		assert.Contains(t, AgentVersions, fmt.Sprintf("3.6.%d", p))
	}
	assert.True(t, slices.IsSortedFunc(AgentVersions, func(a, b string) int {
		va, _ := ParseVersion(a)
		vb, _ := ParseVersion(b)
		return cmp.Or(cmp.Compare(va.Major, vb.Major), cmp.Compare(va.Minor, vb.Minor), cmp.Compare(va.Patch, vb.Patch))
	}), "oldest first")
	for k, v := range map[string]string{"agent-logfile-max-backups": "3", "audit-log-capture-args": "true", "autocert-dns-name": "test-external-name"} {
		key, ok := ControllerConfigKeys[k]
		if assert.True(t, ok, k) {
			assert.NoError(t, CheckOptionValue(key.Type, v), k)
		}
	}
	for k, v := range map[string]string{
		"controller_service_type": "Loadbalancer", "controller_external_name": "test-external-name",
		"controller_external_ip_addresses": `["127.0.0.1", "127.0.0.2"]`,
	} {
		key, ok := BootstrapConfigKeys[k]
		if assert.True(t, ok, k) {
			assert.NoError(t, CheckOptionValue(key.Type, v), k)
		}
	}
}
