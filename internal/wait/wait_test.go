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

func TestDefaultBackoffStartsUnderASecondAndIsCapped(t *testing.T) {
	b := DefaultBackoff
	require.Less(t, b.Initial, time.Second, "first poll after %s, want well under a second", b.Initial)
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
