package orch_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math/rand/v2"
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

// TestUploadCharmOfRealisticSize: real charms are archives of a few MiB (their
// Python dependencies). The client sends every POST with an Idempotency-Key,
// and the whole archive must reach the controller: the key's handling read
// only the first MiB of a request's body, so an archive above it arrived cut
// off and was refused as a bad zip.
func TestUploadCharmOfRealisticSize(t *testing.T) {
	ctx := context.Background()
	cl := newController(t, 0).client(t)
	m, err := cl.CreateModel(ctx, api.CreateModelRequest{Name: "big"})
	require.NoError(t, err)

	// 3 MiB that do not compress, as wheels inside a charm barely do.
	venv := make([]byte, 3<<20)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range venv {
		venv[i] = byte(rng.Uint32())
	}
	archive := orchtest.CharmArchive(t, map[string]string{"metadata.yaml": "name: big-charm\n", "venv/lib.bin": string(venv)})
	require.Greater(t, len(archive), 3<<20)
	lc, err := cl.UploadCharm(ctx, m.UUID, archive)
	require.NoError(t, err)
	sum := sha256.Sum256(archive)
	assert.Equal(t, hex.EncodeToString(sum[:]), lc.Hash, "the controller hashed the whole archive")
}
