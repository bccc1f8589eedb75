package netfab

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/httpclient"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
)

// tagsAPI answers each product's tags with {"uid": <uid>}. The first
// httpclient.ConcurrentCalls calls wait until that many are in flight
// together, so a client that calls one after another never gets past the
// first; it records the most calls ever in flight.
type tagsAPI struct {
	mu          sync.Mutex
	inFlight    int
	maxInFlight int
	arrived     int
	together    chan struct{}
}

func (a *tagsAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/oauth2/token" {
		httpx.WriteJSON(w, http.StatusOK, api.TokenResponse{AccessToken: "t", TokenType: "Bearer", ExpiresIn: 3600})
		return
	}
	uid := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/v3/products/"), "/tags")
	a.mu.Lock()
	a.inFlight++
	a.maxInFlight = max(a.maxInFlight, a.inFlight)
	a.arrived++
	if a.arrived == httpclient.ConcurrentCalls {
		close(a.together)
	}
	a.mu.Unlock()
	select {
	case <-a.together:
	case <-r.Context().Done():
	}
	a.mu.Lock()
	a.inFlight--
	a.mu.Unlock()
	httpx.WriteJSON(w, http.StatusOK, api.Envelope[map[string]string]{Data: map[string]string{"uid": uid}})
}

func TestResourceTagsOfCallsConcurrentlyAndBounded(t *testing.T) {
	api := &tagsAPI{together: make(chan struct{})}
	c, err := New(Config{BaseURL: sandboxtest.Serve(t, api), AccessKey: "ak", SecretKey: "sk"})
	require.NoError(t, err)
	var uids []string
	for i := 0; i < 3*httpclient.ConcurrentCalls; i++ {
		uids = append(uids, fmt.Sprintf("p%d", i))
	}
	// Only a client that never runs the calls together runs into this.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	tags, err := c.ResourceTagsOf(ctx, uids)
	require.NoError(t, err)
	require.Len(t, tags, len(uids))
	for i, uid := range uids {
		assert.Equal(t, map[string]string{"uid": uid}, tags[i], "answers in the order of the UIDs")
	}
	assert.Equal(t, httpclient.ConcurrentCalls, api.maxInFlight, "calls run together, never more than the bound")
}
