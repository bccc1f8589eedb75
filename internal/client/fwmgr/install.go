package fwmgr

import (
	"context"
	"fmt"
	"strings"
	"time"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// Installing policy (install-policy, verify-policy): commands of the
// provider's management session that answer a task, which the client
// waits for. They change no object, so they join no publish batch; they
// run under the gate's read side, as Show does, so that a discard or a
// logout does not pull the session from under them.

// DefaultInstallTimeout bounds an install-policy or verify-policy and its
// task when the caller's context has no deadline: a real server's
// installation on many gateways takes minutes.
const DefaultInstallTimeout = 30 * time.Minute

// PolicyTaskError is a policy task that ended failed: the server's message
// and what it said per target.
type PolicyTaskError struct {
	Command string
	Task    api.Task
}

func (e *PolicyTaskError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (task %s) failed: %s", e.Command, e.Task.TaskID, e.Task.Comments)
	for _, d := range e.Task.Details {
		if d.Status == api.TaskSucceeded {
			continue
		}
		name := d.GatewayName
		if name == "" {
			name = "policy"
		}
		fmt.Fprintf(&b, "\n  %s: %s", name, d.Description)
	}
	return b.String()
}

// InstallPolicy installs a package's published policy and waits for the
// task. A task that fails returns a *PolicyTaskError with the task, whose
// Details say what happened on each target.
func (m *Management) InstallPolicy(ctx context.Context, req api.InstallPolicyRequest) (api.Task, error) {
	return m.policyTask(ctx, api.CommandInstallPolicy, req)
}

// VerifyPolicy verifies a package's published policy and waits for the
// task; a failed verification is a *PolicyTaskError.
func (m *Management) VerifyPolicy(ctx context.Context, req api.VerifyPolicyRequest) (api.Task, error) {
	return m.policyTask(ctx, api.CommandVerifyPolicy, req)
}

func (m *Management) policyTask(ctx context.Context, command string, in any) (api.Task, error) {
	m.gate.RLock()
	defer m.gate.RUnlock()
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultInstallTimeout)
		defer cancel()
	}
	var started api.TaskResponse
	sid, _, err := m.run(ctx, command, in, &started)
	if err != nil {
		return api.Task{}, err
	}
	t, err := m.waitTask(ctx, sid, started.TaskID)
	if err != nil {
		return t, fmt.Errorf("%s: %w", command, err)
	}
	if t.Status == api.TaskFailed {
		return t, &PolicyTaskError{Command: command, Task: t}
	}
	return t, nil
}

// waitTask polls show-task (details-level full) until the task is no
// longer in progress, pausing PollInterval, doubling up to maxPoll.
func (m *Management) waitTask(ctx context.Context, sid, id string) (api.Task, error) {
	wait := m.cfg.PollInterval
	for {
		var tasks api.ShowTaskResponse
		err := m.post(ctx, api.CommandShowTask, sid, api.ShowTaskRequest{TaskID: []string{id}, DetailsLevel: api.DetailsFull}, &tasks)
		if err != nil {
			return api.Task{}, err
		}
		if len(tasks.Tasks) == 1 && tasks.Tasks[0].Status != api.TaskInProgress {
			return tasks.Tasks[0], nil
		}
		if err := m.pause(ctx, wait); err != nil {
			return api.Task{}, fmt.Errorf("task %s did not end: %w", id, err)
		}
		wait = min(2*wait, maxPoll)
	}
}
