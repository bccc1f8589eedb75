package orch

import (
	"context"
	"fmt"
	"net/http"

	"github.com/iacsuite/providers/internal/wait"
)

// waitGone polls path until the controller answers not-found: removals are
// asynchronous (the entity is dying until it is gone).
func (c *Client) waitGone(ctx context.Context, path string) error {
	err := wait.Until(ctx, DefaultRemovalTimeout, c.pollBackoff, func(ctx context.Context) (bool, error) {
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
