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
	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
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

// TestEachControllerNamed: the controllers of a name, with their status;
// none for a name not registered.
func TestEachControllerNamed(t *testing.T) {
	t.Parallel()
	h := hubtest.Start(t, hubtest.Options{NoDefaultGrants: true})
	admin := newClient(t, h, hubapi.DefaultAdminClientID, hubtest.AdminSecret)
	ctx := context.Background()
	for _, name := range []string{"east", "west"} {
		ctl := orchtest.Start(t, orchtest.Options{ControllerName: name})
		_, err := admin.RegisterController(ctx, hubapi.RegisterControllerRequest{
			UUID: hubtest.ControllerUUID(t, ctl), APIAddresses: ctl.Addresses, CACertificate: ctl.CACertPEM,
			Username: "admin", Password: ctl.Password,
		})
		require.NoError(t, err)
	}
	names := func(name string) []string {
		var out []string
		for c, err := range admin.EachControllerNamed(ctx, name) {
			require.NoError(t, err)
			assert.Equal(t, hubapi.StatusAvailable, c.Status)
			out = append(out, c.Name)
		}
		return out
	}
	assert.Equal(t, []string{"west"}, names("west"))
	assert.Nil(t, names("north"))
	assert.Equal(t, []string{"east", "west"}, names(""))
}
