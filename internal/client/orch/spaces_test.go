package orch_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
)

func TestSpacesAndSubnets(t *testing.T) {
	ctx := context.Background()
	c := newController(t, 0)
	cl := c.client(t)
	m, err := cl.CreateModel(ctx, api.CreateModelRequest{Name: "net"})
	require.NoError(t, err)

	sp, err := cl.CreateSpace(ctx, m.UUID, "public")
	require.NoError(t, err)
	assert.Equal(t, api.Space{Name: "public", ModelUUID: m.UUID, Subnets: []string{}}, sp)
	alpha, err := cl.Subnets(ctx, m.UUID, client.SubnetFilter{Space: api.AlphaSpace})
	require.NoError(t, err)
	require.NotEmpty(t, alpha)
	cidr := alpha[0].CIDR

	sp, err = cl.MoveSubnets(ctx, m.UUID, "public", cidr)
	require.NoError(t, err)
	assert.Equal(t, []string{cidr}, sp.Subnets)
	sn, err := cl.Subnet(ctx, m.UUID, cidr)
	require.NoError(t, err)
	assert.Equal(t, "public", sn.SpaceName)
	_, err = cl.Subnet(ctx, m.UUID, "172.31.0.0/16")
	assert.True(t, client.IsNotFound(err), "%v", err)

	var names []string
	for s, err := range cl.EachSpace(ctx, m.UUID, "") {
		require.NoError(t, err)
		names = append(names, s.Name)
	}
	assert.Equal(t, []string{"alpha", "public"}, names)

	require.NoError(t, cl.RemoveSpace(ctx, m.UUID, "public"))
	_, err = cl.Space(ctx, m.UUID, "public")
	assert.True(t, client.IsNotFound(err), "%v", err)
	sn, err = cl.Subnet(ctx, m.UUID, cidr)
	require.NoError(t, err)
	assert.Equal(t, api.AlphaSpace, sn.SpaceName)
}
