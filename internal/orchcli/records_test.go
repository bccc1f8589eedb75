package orchcli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// TestRecordsAreSealed: a controller's records are sealed on disk; one an
// earlier version wrote in plain JSON is read and sealed in place; a
// sealed record does not open without its key, nor under another file's
// name (security issue 34).
func TestRecordsAreSealed(t *testing.T) {
	dir := t.TempDir()
	agent := filepath.Join(dir, agentFile)
	spec := agentSpec{Name: "c1", AdminPassword: "plain-admin-password"}

	require.NoError(t, writeJSON(agent, spec))
	raw, err := os.ReadFile(agent)
	require.NoError(t, err)
	require.NotContains(t, string(raw), "plain-admin-password")
	got, err := readJSON[agentSpec](agent)
	require.NoError(t, err)
	require.Equal(t, spec, got)
	info, err := os.Stat(agent)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), info.Mode().Perm())

	// Moved under the other record's name, it does not open.
	other := filepath.Join(dir, controllerFile)
	require.NoError(t, os.WriteFile(other, raw, 0o600))
	_, err = readJSON[agentSpec](other)
	require.ErrorContains(t, err, "does not open")

	// An earlier version's plain record: read, then sealed in place.
	require.NoError(t, os.WriteFile(agent, []byte(`{"name": "c1", "adminPassword": "plain-admin-password"}`), 0o600))
	got, err = readJSON[agentSpec](agent)
	require.NoError(t, err)
	require.Equal(t, spec, got)
	raw, err = os.ReadFile(agent)
	require.NoError(t, err)
	require.NotContains(t, string(raw), "plain-admin-password", "sealed when read")
	got, err = readJSON[agentSpec](agent)
	require.NoError(t, err)
	require.Equal(t, spec, got)

	// Without its key, a sealed record fails clearly.
	require.NoError(t, os.Remove(filepath.Join(dir, httpx.DataKeyFileName)))
	_, err = readJSON[agentSpec](agent)
	require.ErrorContains(t, err, httpx.DataKeyFileName)

	// A record that is a symbolic link is not read.
	link := filepath.Join(t.TempDir(), agentFile)
	require.NoError(t, os.Symlink(agent, link))
	_, err = readJSON[agentSpec](link)
	require.ErrorContains(t, err, "symbolic link")
}
