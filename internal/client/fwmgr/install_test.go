package fwmgr_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
	client "github.com/iacsuite/providers/internal/client/fwmgr"
	"github.com/iacsuite/providers/internal/sandbox/fwmgr/fwmgrtest"
)

// install-policy and verify-policy through the provider's session: the
// rules the session published are what is installed, and a failed task
// is an error that carries the server's message for each target.
func TestInstallAndVerifyPolicy(t *testing.T) {
	sb := fwmgrtest.Start(t)
	m := sandboxManagement(t, sb, -1)
	ctx := context.Background()

	_, err := m.Apply(ctx, "add-access-rule", map[string]any{"layer": "Network", "name": "web", "position": "top", "service": []any{"https"}, "action": "Accept"})
	require.NoError(t, err)
	task, err := m.InstallPolicy(ctx, api.InstallPolicyRequest{PolicyPackage: "Standard", Targets: []string{"corporate-gateway"}})
	require.NoError(t, err)
	assert.Equal(t, api.TaskSucceeded, task.Status)
	require.Len(t, task.Details, 1)
	assert.Equal(t, "corporate-gateway", task.Details[0].GatewayName)

	_, err = m.Apply(ctx, "add-access-rule", map[string]any{"layer": "Network", "name": "web again", "position": "bottom", "service": []any{"https"}, "action": "Drop"})
	require.NoError(t, err)
	_, err = m.VerifyPolicy(ctx, api.VerifyPolicyRequest{PolicyPackage: "Standard"})
	var failed *client.PolicyTaskError
	require.True(t, errors.As(err, &failed), "a failed verification is a PolicyTaskError: %v", err)
	assert.Equal(t, api.TaskFailed, failed.Task.Status)
	assert.Contains(t, err.Error(), `rule 2 ("web again") of layer "Network" is hidden by rule 1 ("web")`)

	_, err = m.InstallPolicy(ctx, api.InstallPolicyRequest{PolicyPackage: "Standard", Targets: []string{"no-such-gateway"}})
	require.True(t, errors.As(err, &failed), "%v", err)
	assert.Contains(t, err.Error(), "no-such-gateway: target \"no-such-gateway\" is not a gateway or cluster")
}
