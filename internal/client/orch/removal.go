package orch

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/iacsuite/providers/internal/wait"
)

// waitGone polls path until the controller answers not-found: removals are
// asynchronous (the entity is dying until it is gone). It waits until the
// deadline of ctx, which a resource's timeouts set, or else
// DefaultRemovalTimeout.
func (c *Client) waitGone(ctx context.Context, path string) error {
	limit := DefaultRemovalTimeout
	if deadline, ok := ctx.Deadline(); ok {
		limit = time.Until(deadline)
	}
	err := wait.Until(ctx, limit, c.pollBackoff, func(ctx context.Context) (bool, error) {
		err := c.do(ctx, http.MethodGet, path, nil, nil)
		if IsNotFound(err) {
			return true, nil
		}
		return false, err
	})
	if err != nil {
		return fmt.Errorf("waiting for the removal of %s: %w", path, err)
	}
	return nil
}
