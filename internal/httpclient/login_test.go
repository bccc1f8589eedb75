package httpclient

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A failed login is its callers' error and is not kept.
func TestSharedLoginFailureIsNotKept(t *testing.T) {
	t.Parallel()
	var s SharedLogin
	refused := errors.New("wrong password")
	_, err := s.Do(context.Background(), func(context.Context) (string, error) { return "", refused })
	require.ErrorIs(t, err, refused)
	got, err := s.Do(context.Background(), func(context.Context) (string, error) { return "token", nil })
	require.NoError(t, err)
	assert.Equal(t, "token", got)
}

// A caller that gives up while its login is under way returns at once with
// its context's error; a caller waiting for that login logs in itself.
func TestSharedLoginOfACallerThatGaveUp(t *testing.T) {
	t.Parallel()
	var s SharedLogin
	var logins atomic.Int32
	started, release := make(chan struct{}), make(chan struct{})
	login := func(ctx context.Context) (string, error) {
		if logins.Add(1) == 1 {
			close(started)
			<-release
			return "", ctx.Err()
		}
		return "token", nil
	}

	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan error, 1)
	go func() {
		_, err := s.Do(ctx, login)
		first <- err
	}()
	<-started
	second := make(chan string, 1)
	go func() {
		got, err := s.Do(context.Background(), login)
		assert.NoError(t, err)
		second <- got
	}()
	cancel()
	require.ErrorIs(t, <-first, context.Canceled)
	close(release)
	assert.Equal(t, "token", <-second)
	assert.Equal(t, int32(2), logins.Load())
}

// A caller whose context ends while it waits for another caller's login
// returns with its context's error.
func TestSharedLoginWaiterGivesUp(t *testing.T) {
	t.Parallel()
	var s SharedLogin
	started, release := make(chan struct{}), make(chan struct{})
	leader := make(chan string, 1)
	go func() {
		got, _ := s.Do(context.Background(), func(context.Context) (string, error) {
			close(started)
			<-release
			return "token", nil
		})
		leader <- got
	}()
	<-started
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := s.Do(ctx, func(context.Context) (string, error) { return "second", nil })
	require.ErrorIs(t, err, context.Canceled)
	close(release)
	assert.Equal(t, "token", <-leader)
}
