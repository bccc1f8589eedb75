package wait

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

var fast = Backoff{Initial: time.Millisecond, Factor: 2, Max: 4 * time.Millisecond}

func TestUntilReturnsWhenDone(t *testing.T) {
	calls := 0
	err := Until(context.Background(), time.Minute, fast, func(context.Context) (bool, error) {
		calls++
		return calls == 3, nil
	})
	if err != nil || calls != 3 {
		t.Fatalf("err=%v calls=%d, want nil and 3", err, calls)
	}
}

func TestUntilStopsOnCheckError(t *testing.T) {
	boom := errors.New("boom")
	err := Until(context.Background(), time.Minute, fast, func(context.Context) (bool, error) { return false, boom })
	require.True(t, errors.Is(err, boom), "err=%v, want boom", err)
}

func TestUntilTimesOut(t *testing.T) {
	err := Until(context.Background(), 20*time.Millisecond, fast, func(context.Context) (bool, error) { return false, nil })
	require.True(t, errors.Is(err, ErrTimeout), "err=%v, want ErrTimeout", err)
}

func TestUntilHonoursCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	err := Until(ctx, time.Hour, Backoff{Initial: time.Hour, Factor: 1, Max: time.Hour}, func(context.Context) (bool, error) {
		calls++
		cancel()
		return false, nil
	})
	require.True(t, errors.Is(err, context.Canceled), "err=%v calls=%d, want context.Canceled after one call", err, calls)
	require.EqualValues(t, 1, calls, "err=%v calls=%d, want context.Canceled after one call", err, calls)
}

// The default never polls more than twice a second, and never waits more
// than a second between polls, so that a product that becomes ready is
// noticed within a second.
func TestDefaultBackoffPollsAtMostTwiceASecondAndNoticesWithinASecond(t *testing.T) {
	b := DefaultBackoff
	require.GreaterOrEqual(t, b.Initial, 500*time.Millisecond, "first interval %s: more than two polls a second", b.Initial)
	require.LessOrEqual(t, b.Max, time.Second, "cap %s: a ready product may be noticed more than a second late", b.Max)
	d := b.Initial
	var seen []time.Duration
	for i := 0; i < 20; i++ {
		d = b.next(d)
		seen = append(seen, d)
	}
	require.Greater(t, seen[0], b.Initial, "intervals do not grow: %v", seen)
	if last := seen[len(seen)-1]; last != b.Max {
		t.Fatalf("intervals end at %s, want the cap %s: %v", last, b.Max, seen)
	}
}

// TestUntilBoundsACheckByTheTimeout: a check after the first that would go
// on (a call retrying a failing service) ends at the wait's deadline, and
// the wait reports a timeout, not the check's error.
func TestUntilBoundsACheckByTheTimeout(t *testing.T) {
	calls := 0
	err := Until(context.Background(), 10*time.Millisecond, fast, func(ctx context.Context) (bool, error) {
		if calls++; calls == 1 {
			return false, nil
		}
		<-ctx.Done()
		return false, ctx.Err()
	})
	require.ErrorIs(t, err, ErrTimeout)
}
