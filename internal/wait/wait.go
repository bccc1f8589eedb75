// Package wait polls until a condition holds, with a backoff that starts well
// under a second and is capped, bounded by a timeout and the context.
package wait

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrTimeout is returned (wrapped) when the timeout passes first.
var ErrTimeout = errors.New("timed out")

// Backoff shapes the polling intervals.
type Backoff struct {
	Initial time.Duration
	Factor  float64
	Max     time.Duration
}

// DefaultBackoff polls after 250ms, then 1.5 times longer each time, never
// more than 5s apart.
var DefaultBackoff = Backoff{Initial: 250 * time.Millisecond, Factor: 1.5, Max: 5 * time.Second}

// Until calls check until it reports done, returns an error, the timeout
// passes (ErrTimeout) or ctx ends (ctx.Err()).
func Until(ctx context.Context, timeout time.Duration, b Backoff, check func(context.Context) (bool, error)) error {
	deadline := time.Now().Add(timeout)
	interval := b.Initial
	for {
		done, err := check(ctx)
		if err != nil || done {
			return err
		}
		remaining := time.Until(deadline)
		if remaining <= 0 {
			return fmt.Errorf("%w after %s", ErrTimeout, timeout)
		}
		sleep := min(interval, remaining)
		t := time.NewTimer(sleep)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		interval = b.next(interval)
	}
}

// next is the interval that follows d.
func (b Backoff) next(d time.Duration) time.Duration {
	return min(time.Duration(float64(d)*b.Factor), b.Max)
}
