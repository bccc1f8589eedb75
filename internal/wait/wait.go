// Package wait polls until a condition holds, with a backoff that starts at
// half a second and is capped at one, bounded by a timeout and the context.
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

// DefaultBackoff polls after 500ms, then 1.25 times longer each time, never
// more than 1s apart. The cap bounds how late a wait notices that the
// service is done: within a second, half a second on average, where a cap of
// 5s noticed a 10s provisioning 2.5s late (docs/performance.md, P1). The
// first interval keeps a waiter to at most two polls a second. A poll is one
// cheap GET, so a second apart costs the service little even for hundreds of
// concurrent waits.
var DefaultBackoff = Backoff{Initial: 500 * time.Millisecond, Factor: 1.25, Max: time.Second}

// Until calls check until it reports done, returns an error, the timeout
// passes (ErrTimeout) or ctx ends (ctx.Err()).
func Until(ctx context.Context, timeout time.Duration, b Backoff, check func(context.Context) (bool, error)) error {
	deadline := time.Now().Add(timeout)
	interval := b.Initial
	first := true
	for {
		// The first check always runs whole; a later one cannot outlast the
		// wait: its calls (and their retries) end at the deadline, which
		// is then a timeout like any other.
		checkCtx, cancel := ctx, context.CancelFunc(func() {})
		if !first {
			checkCtx, cancel = context.WithDeadline(ctx, deadline)
		}
		first = false
		done, err := check(checkCtx)
		cancel()
		if err != nil && ctx.Err() == nil && !time.Now().Before(deadline) {
			return fmt.Errorf("%w after %s: %w", ErrTimeout, timeout, err)
		}
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
