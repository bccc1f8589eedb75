package orch_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
)

func TestUsersAccessAndSSHKeys(t *testing.T) {
	ctx := context.Background()
	c := newController(t, 0)
	admin := c.client(t)

	u, err := admin.CreateUser(ctx, api.CreateUserRequest{Name: "dana", DisplayName: "Dana", Password: "dana-password"})
	require.NoError(t, err)
	assert.Equal(t, api.AccessLogin, u.Access)
	name := "Dana S."
	u, err = admin.UpdateUser(ctx, "dana", api.UpdateUserRequest{DisplayName: &name})
	require.NoError(t, err)
	assert.Equal(t, name, u.DisplayName)

	dana, err := client.New(client.Config{Addresses: []string{c.address}, Username: "dana", Password: "dana-password", CACertificate: c.caPEM, PollBackoff: fastPoll})
	require.NoError(t, err)

	m, err := admin.CreateModel(ctx, api.CreateModelRequest{Name: "granted"})
	require.NoError(t, err)
	_, err = dana.Model(ctx, m.UUID)
	assert.True(t, client.IsNotFound(err), "no access yet: %v", err)

	g, err := admin.GrantModelAccess(ctx, m.UUID, "dana", api.ModelAccessRead)
	require.NoError(t, err)
	assert.Equal(t, "dana", g.User)
	_, err = dana.Model(ctx, m.UUID)
	require.NoError(t, err)
	_, err = dana.AddSSHKey(ctx, m.UUID, "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIM1yCaS3wPUrzKUUNDHOUJXKxOuwGoIKU9XAoAWhNvNY alice@example")
	var apiErr *client.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, api.CodeForbidden, apiErr.Code)

	k, err := admin.AddSSHKey(ctx, m.UUID, "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIM1yCaS3wPUrzKUUNDHOUJXKxOuwGoIKU9XAoAWhNvNY alice@example")
	require.NoError(t, err)
	assert.Equal(t, "f7:d6:fb:2a:16:99:8f:3c:bd:58:d7:0b:1e:24:d5:42", k.Fingerprint)
	keys, err := dana.SSHKeys(ctx, m.UUID)
	require.NoError(t, err)
	assert.Len(t, keys, 1)
	got, err := admin.SSHKey(ctx, m.UUID, k.Fingerprint)
	require.NoError(t, err)
	assert.Equal(t, k.Key, got.Key)
	require.NoError(t, admin.RemoveSSHKey(ctx, m.UUID, k.Fingerprint))

	grants, err := admin.ModelAccess(ctx, m.UUID)
	require.NoError(t, err)
	require.Len(t, grants, 1)
	require.NoError(t, admin.RevokeModelAccess(ctx, m.UUID, "dana"))
	_, err = dana.Model(ctx, m.UUID)
	assert.True(t, client.IsNotFound(err), "revoked: %v", err)

	require.NoError(t, admin.RemoveUser(ctx, "dana"))
	_, err = admin.User(ctx, "dana")
	assert.True(t, client.IsNotFound(err))
}
