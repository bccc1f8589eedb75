package orch

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/wait"
)

func machinePath(modelUUID, id string) string {
	return api.APIPrefix + "/models/" + pathEscape(modelUUID) + "/machines/" + pathEscapeSlashes(id)
}

// AddMachine adds a machine; it starts on its own (pending, started,
// active).
func (c *Client) AddMachine(ctx context.Context, modelUUID string, req api.CreateMachineRequest) (api.Machine, error) {
	return send[api.Machine](ctx, c, http.MethodPost, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/machines", req)
}

// Machine returns one machine.
func (c *Client) Machine(ctx context.Context, modelUUID, id string) (api.Machine, error) {
	return get[api.Machine](ctx, c, machinePath(modelUUID, id))
}

// Machines lists the machines of a model.
func (c *Client) Machines(ctx context.Context, modelUUID string) ([]api.Machine, error) {
	l, err := get[api.List[api.Machine]](ctx, c, api.APIPrefix+"/models/"+pathEscape(modelUUID)+"/machines")
	return l.Items, err
}

// SetMachineAnnotations replaces a machine's annotations.
func (c *Client) SetMachineAnnotations(ctx context.Context, modelUUID, id string, annotations map[string]string) (api.Machine, error) {
	return send[api.Machine](ctx, c, http.MethodPatch, machinePath(modelUUID, id), api.UpdateMachineRequest{Annotations: annotations})
}

// WaitMachineActive waits until the machine is active and has a hostname.
// It returns wait.ErrTimeout (wrapped) when timeout passes first, and the
// context's error when ctx ends.
func (c *Client) WaitMachineActive(ctx context.Context, modelUUID, id string, timeout time.Duration) (api.Machine, error) {
	return c.waitMachine(ctx, modelUUID, id, timeout, func(m api.Machine) bool {
		return m.Status == api.MachineStatusActive && m.Hostname != ""
	})
}

// WaitMachineInstance waits until the machine has its instance ID (it is
// started), as upstream's create does (#1325). It returns wait.ErrTimeout
// (wrapped) when timeout passes first, and the context's error when ctx
// ends.
func (c *Client) WaitMachineInstance(ctx context.Context, modelUUID, id string, timeout time.Duration) (api.Machine, error) {
	return c.waitMachine(ctx, modelUUID, id, timeout, func(m api.Machine) bool { return m.InstanceID != "" })
}

// waitMachine polls the machine until done holds for it; a machine being
// removed ends the wait with an error.
func (c *Client) waitMachine(ctx context.Context, modelUUID, id string, timeout time.Duration, done func(api.Machine) bool) (api.Machine, error) {
	var m api.Machine
	err := wait.Until(ctx, timeout, c.pollBackoff, func(ctx context.Context) (bool, error) {
		got, err := c.Machine(ctx, modelUUID, id)
		if err != nil {
			return false, err
		}
		m = got
		if got.Life == api.LifeDying {
			return false, fmt.Errorf("machine %s is being removed", id)
		}
		return done(got), nil
	})
	return m, err
}

// RemoveMachineWithUnits removes a machine together with the units it hosts
// and waits until it is gone, as the upstream provider's delete does (it
// removes the machine's units, then the machine). A container on the machine
// still blocks the removal: the controller's refusal names it.
func (c *Client) RemoveMachineWithUnits(ctx context.Context, modelUUID, id string) error {
	ms, err := c.Machines(ctx, modelUUID)
	if err != nil {
		return err
	}
	force := false
	for _, m := range ms {
		if m.ID == id && len(m.Units) > 0 {
			force = true
		}
	}
	for _, m := range ms {
		if strings.HasPrefix(m.ID, id+"/") && m.Life == api.LifeAlive {
			force = false
		}
	}
	p := machinePath(modelUUID, id)
	if force {
		p += "?force=true"
	}
	if err := c.del(ctx, p); err != nil {
		return err
	}
	return c.waitGone(ctx, machinePath(modelUUID, id))
}

// RemoveMachine removes a machine and waits until it is gone.
func (c *Client) RemoveMachine(ctx context.Context, modelUUID, id string) error {
	p := machinePath(modelUUID, id)
	if err := c.del(ctx, p); err != nil {
		return err
	}
	return c.waitGone(ctx, p)
}
