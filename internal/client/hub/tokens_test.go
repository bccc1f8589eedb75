package hub

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Callers that need a token while a refused grant is under way share its
// refusal instead of each asking again: a wrong client_secret costs the hub
// one refused grant per burst of callers, not one per caller.
func TestConcurrentCallersShareARefusedGrant(t *testing.T) {
	t.Parallel()
	const callers = 10
	var grants atomic.Int32
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if grants.Add(1) == 1 {
			<-release
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"error":"invalid_client"}`))
	}))
	t.Cleanup(srv.Close)
	tokens := NewTokens(srv.URL, "ci", "wrong-secret", srv.Client())

	var started, done sync.WaitGroup
	errs := make([]error, callers)
	for i := range callers {
		started.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			started.Done()
			_, errs[i] = tokens.Token(context.Background(), "")
		}()
	}
	started.Wait()
	close(release)
	done.Wait()
	for _, err := range errs {
		require.Error(t, err)
		assert.Contains(t, err.Error(), "invalid_client")
	}
	assert.Less(t, int(grants.Load()), callers, "every caller asked for its own token")

	// The refusal is not kept: the next call asks again.
	before := grants.Load()
	_, err := tokens.Token(context.Background(), "")
	require.Error(t, err)
	assert.Equal(t, before+1, grants.Load())
}
