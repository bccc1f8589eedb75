package hub_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	client "github.com/iacsuite/providers/internal/client/hub"
	"github.com/iacsuite/providers/internal/sandbox/hub/hubtest"
)

// TestEachGroupStreamsPages: more groups than a page are all streamed, in
// order, each once; stopping early stops the listing; a filter applies.
func TestEachGroupStreamsPages(t *testing.T) {
	t.Parallel()
	h := hubtest.Start(t, hubtest.Options{NoDefaultGrants: true})
	c := newClient(t, h, hubapi.DefaultAdminClientID, hubtest.AdminSecret)
	ctx := context.Background()
	n := client.ListPageSize + 5
	var want []string
	for i := range n {
		g, err := c.CreateGroup(ctx, client.KindGroup, fmt.Sprintf("g%03d", i))
		require.NoError(t, err)
		want = append(want, g.Name)
	}
	var got []string
	for g, err := range c.EachGroup(ctx, client.KindGroup, "") {
		require.NoError(t, err)
		got = append(got, g.Name)
	}
	assert.Equal(t, want, got)

	seen := 0
	for _, err := range c.EachGroup(ctx, client.KindGroup, "") {
		require.NoError(t, err)
		if seen++; seen == 3 {
			break
		}
	}
	assert.Equal(t, 3, seen)

	got = nil
	for g, err := range c.EachGroup(ctx, client.KindGroup, "g007") {
		require.NoError(t, err)
		got = append(got, g.Name)
	}
	assert.Equal(t, []string{"g007"}, got)
}
