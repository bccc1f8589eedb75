package fwmgr

import (
	"context"
	"fmt"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// The OS API's set side (api.Sets): a set command changes a system setting
// and answers what its show command then answers. Both run through Call,
// in the client's one session.

// ShowOS runs a show command of api.Commands and decodes its answer into a
// map of its JSON names.
func (c *Client) ShowOS(ctx context.Context, command string, in any) (map[string]any, error) {
	if _, ok := api.LookupCommand(command); !ok {
		return nil, fmt.Errorf("%s is not a show command of the OS API", command)
	}
	return c.osCall(ctx, command, in)
}

// SetOS runs a set command of api.Sets and returns its answer: what the
// command's show command answers after the change.
func (c *Client) SetOS(ctx context.Context, command string, in any) (map[string]any, error) {
	if _, ok := api.LookupSet(command); !ok {
		return nil, fmt.Errorf("%s is not a set command of the OS API", command)
	}
	return c.osCall(ctx, command, in)
}

func (c *Client) osCall(ctx context.Context, command string, in any) (map[string]any, error) {
	if c.cfg.Context != ContextOS {
		return nil, fmt.Errorf("%s is a command of the OS API, which exists in context %q only; the client is configured with context %q",
			command, ContextOS, c.cfg.Context)
	}
	if in == nil {
		in = map[string]any{}
	}
	out := map[string]any{}
	if err := c.Call(ctx, command, in, &out); err != nil {
		return nil, err
	}
	return out, nil
}
