package orch_test

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
)

// A listing streams page by page: one request per page, and none after the
// caller stops. (Not parallel: it sets the package's page size.)
func TestEachStreamsPageByPage(t *testing.T) {
	c := newController(t, 0)
	var pages atomic.Int32
	addr := serveAlsoTrusted(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && r.URL.Path == api.APIPrefix+"/models" {
			pages.Add(1)
		}
		c.handler.ServeHTTP(w, r)
	}), c)
	cl := c.client(t, addr)
	ctx := context.Background()
	for i := range 5 {
		_, err := cl.CreateModel(ctx, api.CreateModelRequest{Name: fmt.Sprintf("paged-%d", i)})
		require.NoError(t, err)
	}
	old := client.ListPageSize
	client.ListPageSize = 2
	t.Cleanup(func() { client.ListPageSize = old })

	var names []string
	for m, err := range cl.EachModel(ctx, "", "") {
		require.NoError(t, err)
		names = append(names, m.Name)
	}
	assert.Equal(t, []string{"paged-0", "paged-1", "paged-2", "paged-3", "paged-4"}, names)
	assert.EqualValues(t, 3, pages.Load())

	pages.Store(0)
	for _, err := range cl.EachModel(ctx, "", "") {
		require.NoError(t, err)
		break
	}
	assert.EqualValues(t, 1, pages.Load(), "no page after the caller stops")

	for m, err := range cl.EachModel(ctx, "", "paged-3") {
		require.NoError(t, err)
		assert.Equal(t, "paged-3", m.Name)
	}
}
