package orch_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/sandbox/orch/orchtest"
)

func TestUploadCharmAndDeploy(t *testing.T) {
	ctx := context.Background()
	cl := newController(t, 0).client(t)
	m, err := cl.CreateModel(ctx, api.CreateModelRequest{Name: "local"})
	require.NoError(t, err)

	lc, err := cl.UploadCharm(ctx, m.UUID, orchtest.CharmArchive(t, map[string]string{"metadata.yaml": "name: my-charm\n"}))
	require.NoError(t, err)
	assert.Equal(t, "local:my-charm-1", lc.URL)
	assert.Len(t, lc.Hash, 64)

	app, err := cl.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: "app",
		Charm: api.CharmRef{Name: "my-charm", Source: api.CharmSourceLocal, Revision: lc.Revision}})
	require.NoError(t, err)
	assert.Equal(t, api.CharmRef{Name: "my-charm", Source: api.CharmSourceLocal, Revision: 1, Base: "ubuntu@22.04", Hash: lc.Hash}, app.Charm)

	_, err = cl.UploadCharm(ctx, m.UUID, []byte("not a zip"))
	var apiErr *client.APIError
	require.True(t, errors.As(err, &apiErr), "%v", err)
	assert.Equal(t, http.StatusBadRequest, apiErr.StatusCode)
	assert.Equal(t, "archive", apiErr.Field)
}
