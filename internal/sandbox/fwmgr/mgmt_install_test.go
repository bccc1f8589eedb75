package fwmgr_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

// task runs a command that answers a task and returns the task as
// show-task (details-level full) answers it.
func task(t *testing.T, sb *fwmgrtest.Sandbox, sid, command, body string) map[string]any {
	t.Helper()
	id := wok(t, sb, sid, command, body)["task-id"].(string)
	tasks := objects(t, wok(t, sb, sid, "show-task", fmt.Sprintf(`{"task-id": [%q], "details-level": "full"}`, id)), "tasks")
	require.Len(t, tasks, 1)
	return tasks[0]
}

// gatewayPolicy is show-gateways-and-servers' policy of the gateway name.
func gatewayPolicy(t *testing.T, sb *fwmgrtest.Sandbox, sid, name string) map[string]any {
	t.Helper()
	for _, gw := range objects(t, wok(t, sb, sid, "show-gateways-and-servers", `{"details-level": "full"}`), "objects") {
		if gw["name"] == name {
			return gw["policy"].(map[string]any)
		}
	}
	t.Fatalf("show-gateways-and-servers has no %q", name)
	return nil
}

func TestMgmtInstallPolicyOnTheTargetAndShowsIt(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	before := gatewayPolicy(t, sb, sid, "corporate-gateway")
	assert.Equal(t, false, before["access-policy-installed"], "nothing installed on a fresh server")

	wok(t, sb, sid, "add-host", `{"name": "web", "ipv4-address": "192.0.2.10"}`)
	wok(t, sb, sid, "add-access-rule", `{"layer": "Network", "name": "web in", "position": "top", "destination": ["web"], "service": ["https"], "action": "Accept"}`)
	wok(t, sb, sid, "add-access-rule", `{"layer": "Network", "name": "ssh", "position": "bottom", "destination": ["web"], "service": ["ssh"], "action": "Accept"}`)
	publish(t, sb, sid)

	got := task(t, sb, sid, api.CommandInstallPolicy, `{"policy-package": "standard", "targets": ["corporate-gateway"]}`)
	assert.Equal(t, api.TaskSucceeded, got["status"], got)
	details := objects(t, got, "task-details")
	require.Len(t, details, 1)
	assert.Equal(t, "corporate-gateway", details[0]["gatewayName"])
	assert.Equal(t, api.TaskSucceeded, details[0]["status"])

	after := gatewayPolicy(t, sb, sid, "corporate-gateway")
	assert.Equal(t, true, after["access-policy-installed"])
	assert.Equal(t, "Standard", after["access-policy-name"], "the package's own spelling")
	assert.Contains(t, after["access-policy-installation-date"], "iso-8601")

	// Without targets, the package's installation targets.
	got = task(t, sb, sid, api.CommandInstallPolicy, `{"policy-package": "Standard"}`)
	assert.Equal(t, api.TaskSucceeded, got["status"], got)
	assert.Len(t, objects(t, got, "task-details"), 1)

	ok := task(t, sb, sid, api.CommandVerifyPolicy, `{"policy-package": "Standard"}`)
	assert.Equal(t, api.TaskSucceeded, ok["status"], ok)
}

// A rule below one that matches all it matches never matches: verification
// names both, and an installation fails on every target, installing
// nothing.
func TestMgmtVerifyPolicyFailsOnAHiddenRule(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	wok(t, sb, sid, "add-host", `{"name": "db", "ipv4-address": "192.0.2.20"}`)
	wok(t, sb, sid, "add-group", `{"name": "servers", "members": ["db"]}`)
	wok(t, sb, sid, "add-access-rule", `{"layer": "Network", "name": "servers out", "position": "top", "source": ["servers"], "action": "Accept"}`)
	wok(t, sb, sid, "add-access-rule", `{"layer": "Network", "name": "db out", "position": "bottom", "source": ["db"], "service": ["https"], "action": "Drop"}`)
	publish(t, sb, sid)

	got := task(t, sb, sid, api.CommandVerifyPolicy, `{"policy-package": "Standard"}`)
	assert.Equal(t, api.TaskFailed, got["status"])
	assert.Contains(t, got["comments"], `rule 2 ("db out") of layer "Network" is hidden by rule 1 ("servers out")`)

	got = task(t, sb, sid, api.CommandInstallPolicy, `{"policy-package": "Standard", "targets": ["corporate-gateway"]}`)
	assert.Equal(t, api.TaskFailed, got["status"])
	assert.Contains(t, got["comments"], "corporate-gateway: policy verification failed")
	assert.Equal(t, false, gatewayPolicy(t, sb, sid, "corporate-gateway")["access-policy-installed"])

	// Installed on another gateway, the first rule hides nothing on
	// corporate-gateway's.
	wok(t, sb, sid, "set-access-rule", `{"layer": "Network", "rule-number": 1, "install-on": ["branch-gateway"]}`)
	wok(t, sb, sid, "set-access-rule", `{"layer": "Network", "rule-number": 2, "install-on": ["corporate-gateway"]}`)
	publish(t, sb, sid)
	got = task(t, sb, sid, api.CommandVerifyPolicy, `{"policy-package": "Standard"}`)
	assert.Equal(t, api.TaskSucceeded, got["status"], got)
	wok(t, sb, sid, "set-access-rule", `{"layer": "Network", "rule-number": 1, "install-on": ["Policy Targets"]}`)
	publish(t, sb, sid)
	got = task(t, sb, sid, api.CommandVerifyPolicy, `{"policy-package": "Standard"}`)
	assert.Equal(t, api.TaskFailed, got["status"], "Policy Targets covers corporate-gateway")

	// Negating the first rule's source unhides the second.
	wok(t, sb, sid, "set-access-rule", `{"layer": "Network", "rule-number": 1, "source-negate": true}`)
	publish(t, sb, sid)
	got = task(t, sb, sid, api.CommandVerifyPolicy, `{"policy-package": "Standard"}`)
	assert.Equal(t, api.TaskSucceeded, got["status"], got)
}

// What is installed is what was published: a session's pending rule,
// however wrong, is neither verified nor installed.
func TestMgmtInstallPolicyIgnoresPendingChanges(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	wok(t, sb, sid, "add-access-rule", `{"layer": "Network", "name": "catch-all", "position": "top", "action": "Drop"}`)
	wok(t, sb, sid, "add-access-rule", `{"layer": "Network", "name": "hidden", "position": "bottom", "service": ["ssh"], "action": "Accept"}`)
	got := task(t, sb, sid, api.CommandInstallPolicy, `{"policy-package": "Standard"}`)
	assert.Equal(t, api.TaskSucceeded, got["status"], got)
	publish(t, sb, sid)
	got = task(t, sb, sid, api.CommandVerifyPolicy, `{"policy-package": "Standard"}`)
	assert.Equal(t, api.TaskFailed, got["status"], "published, the hidden rule fails verification")
}

func TestMgmtInstallPolicyRefusesWhatIsNotATargetOfThePackage(t *testing.T) {
	sb := fwmgrtest.Start(t)
	sid := admin(t, sb, "")
	wok(t, sb, sid, "add-host", `{"name": "not-a-gateway", "ipv4-address": "192.0.2.30"}`)
	publish(t, sb, sid)

	got := task(t, sb, sid, api.CommandInstallPolicy, `{"policy-package": "Standard", "targets": ["corporate-gateway", "not-a-gateway", "branch-gateway"]}`)
	assert.Equal(t, api.TaskFailed, got["status"])
	details := objects(t, got, "task-details")
	require.Len(t, details, 3)
	assert.Equal(t, api.TaskSucceeded, details[0]["status"], "the package's own target installs")
	assert.Equal(t, api.TaskFailed, details[1]["status"])
	assert.Contains(t, details[1]["statusDescription"], `target "not-a-gateway" is not a gateway or cluster`)
	assert.Equal(t, api.TaskFailed, details[2]["status"])
	assert.Contains(t, details[2]["statusDescription"], `"branch-gateway": the gateway is not one of the package's installation targets`)
	assert.Equal(t, false, gatewayPolicy(t, sb, sid, "branch-gateway")["access-policy-installed"])

	// A package that names no installation targets installs on every
	// gateway (a server's "all").
	wok(t, sb, sid, "add-package", `{"name": "everywhere", "access": true, "threat-prevention": false}`)
	publish(t, sb, sid)
	got = task(t, sb, sid, api.CommandInstallPolicy, `{"policy-package": "everywhere"}`)
	assert.Equal(t, api.TaskSucceeded, got["status"], got)
	assert.Len(t, objects(t, got, "task-details"), 2, "both gateways")
	assert.Equal(t, "everywhere", gatewayPolicy(t, sb, sid, "branch-gateway")["access-policy-name"])

	requireError(t, wpost(t, sb, sid, api.CommandInstallPolicy, `{"policy-package": "no-such-package"}`), 404, api.CodeObjectNotFound, "no-such-package")
	requireError(t, wpost(t, sb, sid, api.CommandInstallPolicy, `{"targets": ["corporate-gateway"]}`), 400, api.CodeMissingRequired, "policy-package")
	requireError(t, wpost(t, sb, sid, api.CommandInstallPolicy, `{"policy-package": "Standard", "access": false, "threat-prevention": false}`), 400, api.CodeInvalidParameter, "nothing to install")

	auditor := wlogin(t, sb, fwmgr.AuditorUser, fwmgr.AuditorPassword, "")
	requireError(t, wpost(t, sb, auditor, api.CommandInstallPolicy, `{"policy-package": "Standard"}`), 403, api.CodeReadOnly)
	assert.Equal(t, api.TaskSucceeded, task(t, sb, auditor, api.CommandVerifyPolicy, `{"policy-package": "Standard"}`)["status"], "a read-only administrator may verify")
}
