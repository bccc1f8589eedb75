package orch

import (
	"context"
	"fmt"
	"net/http"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/wait"
)

// EnqueueOperation runs a charm action on units of an application (every
// unit when req.Receivers is empty). The answer's tasks are pending; see
// WaitTask.
func (c *Client) EnqueueOperation(ctx context.Context, modelUUID string, req api.EnqueueOperationRequest) (api.Operation, error) {
	return send[api.Operation](ctx, c, http.MethodPost, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/operations", req)
}

// Operation returns one operation with its tasks.
func (c *Client) Operation(ctx context.Context, modelUUID, id string) (api.Operation, error) {
	return get[api.Operation](ctx, c, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/operations/"+pathEscape(id))
}

// Task returns one task: an action on one unit.
func (c *Client) Task(ctx context.Context, modelUUID, id string) (api.Task, error) {
	return get[api.Task](ctx, c, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/tasks/"+pathEscape(id))
}

// WaitTask waits until a task is completed or failed and returns it; a
// failed task is returned as it is, not as an error (the caller decides
// what a failure means). It returns wait.ErrTimeout (wrapped) when timeout
// passes first.
func (c *Client) WaitTask(ctx context.Context, modelUUID, id string, timeout time.Duration) (api.Task, error) {
	var t api.Task
	err := wait.Until(ctx, timeout, c.pollBackoff, func(ctx context.Context) (bool, error) {
		got, err := c.Task(ctx, modelUUID, id)
		if err != nil {
			return false, err
		}
		t = got
		return api.TaskDone(got.Status), nil
	})
	if err != nil {
		return t, fmt.Errorf("task %s (action %s on %s) is %s: %w", id, t.Action, t.Unit, t.Status, err)
	}
	return t, nil
}

// ControllerMachines lists the controller's own machines (superusers only).
func (c *Client) ControllerMachines(ctx context.Context) ([]api.ControllerMachine, error) {
	l, err := get[api.List[api.ControllerMachine]](ctx, c, api.APIPrefix+"/controller/machines")
	return l.Items, err
}

// EnableHA makes the controller run req.NumControllers machines (superusers
// only).
func (c *Client) EnableHA(ctx context.Context, req api.EnableHARequest) (api.EnableHAResult, error) {
	return send[api.EnableHAResult](ctx, c, http.MethodPost, api.APIPrefix+"/controller/enable-ha", req)
}

// WaitControllerMachinesVoting waits until every controller machine is
// active and has its vote, and returns them.
func (c *Client) WaitControllerMachinesVoting(ctx context.Context, timeout time.Duration) ([]api.ControllerMachine, error) {
	var ms []api.ControllerMachine
	err := wait.Until(ctx, timeout, c.pollBackoff, func(ctx context.Context) (bool, error) {
		got, err := c.ControllerMachines(ctx)
		if err != nil {
			return false, err
		}
		ms = got
		for _, m := range got {
			if !m.HasVote {
				return false, nil
			}
		}
		return true, nil
	})
	return ms, err
}

// Operations lists the operations enqueued in a model, oldest first.
func (c *Client) Operations(ctx context.Context, modelUUID string) ([]api.Operation, error) {
	l, err := get[api.List[api.Operation]](ctx, c, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/operations")
	return l.Items, err
}
