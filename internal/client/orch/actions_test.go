package orch_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/wait"
)

func TestRunActionAndWait(t *testing.T) {
	ctx := context.Background()
	c := newController(t, time.Minute)
	cl := c.client(t)
	m, err := cl.CreateModel(ctx, api.CreateModelRequest{Name: "client-actions"})
	require.NoError(t, err)
	_, err = cl.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: "db", Charm: api.CharmRef{Name: "postgresql"}})
	require.NoError(t, err)

	op, err := cl.EnqueueOperation(ctx, m.UUID, api.EnqueueOperationRequest{Application: "db", Action: "get-password",
		Receivers: []string{"db/leader"}, Parameters: map[string]any{"username": "backup"}})
	require.NoError(t, err)
	require.Len(t, op.Tasks, 1)
	assert.Equal(t, api.TaskPending, op.Tasks[0].Status)

	// Not done before its time: the wait ends with a timeout that says
	// where the task is.
	_, err = cl.WaitTask(ctx, m.UUID, op.Tasks[0].ID, 0)
	require.ErrorIs(t, err, wait.ErrTimeout)
	assert.Contains(t, err.Error(), "is pending")

	c.clock.Advance(2 * time.Minute)
	task, err := cl.WaitTask(ctx, m.UUID, op.Tasks[0].ID, time.Minute)
	require.NoError(t, err)
	assert.Equal(t, api.TaskCompleted, task.Status)
	assert.Equal(t, "backup", task.Output["username"])
	assert.Equal(t, "db/0", task.Unit)

	got, err := cl.Operation(ctx, m.UUID, op.ID)
	require.NoError(t, err)
	assert.Equal(t, api.TaskCompleted, got.Status)

	// A failure is a task, not an error.
	op, err = cl.EnqueueOperation(ctx, m.UUID, api.EnqueueOperationRequest{Application: "db", Action: "list-backups"})
	require.NoError(t, err)
	c.clock.Advance(2 * time.Minute)
	task, err = cl.WaitTask(ctx, m.UUID, op.Tasks[0].ID, time.Minute)
	require.NoError(t, err)
	assert.Equal(t, api.TaskFailed, task.Status)
	assert.Contains(t, task.Message, "s3-integrator")

	// A bad parameter is refused, naming it.
	_, err = cl.EnqueueOperation(ctx, m.UUID, api.EnqueueOperationRequest{Application: "db", Action: "get-password",
		Parameters: map[string]any{"username": "nobody"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "parameters.username")
}

func TestEnableHAClient(t *testing.T) {
	ctx := context.Background()
	cl := newController(t, 0).client(t)
	res, err := cl.EnableHA(ctx, api.EnableHARequest{NumControllers: 5, Constraints: "cores=2"})
	require.NoError(t, err)
	assert.Equal(t, []string{"1", "2", "3", "4"}, res.Added)
	ms, err := cl.ControllerMachines(ctx)
	require.NoError(t, err)
	require.Len(t, ms, 5)
	assert.Equal(t, "cores=2", ms[4].Constraints)
	assert.True(t, ms[4].HasVote)
}
