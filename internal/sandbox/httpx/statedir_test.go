//go:build unix

package httpx

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestStateDirMustBeTheUsersOwn: a state directory (or a file in it) that
// is a symbolic link, that others may write, or that another user owns, is
// refused, not tightened and used; one only readable by others is
// tightened as before (security issue 34).
func TestStateDirMustBeTheUsersOwn(t *testing.T) {
	fresh := func(t *testing.T) string {
		dir := filepath.Join(t.TempDir(), "state")
		require.NoError(t, PrepareStateDir(dir))
		_, err := LoadOrCreateDataKey(dir)
		require.NoError(t, err)
		_, err = LoadOrCreateCertificate(dir)
		require.NoError(t, err)
		return dir
	}

	t.Run("created and reused", func(t *testing.T) {
		dir := fresh(t)
		info, err := os.Stat(dir)
		require.NoError(t, err)
		require.Equal(t, os.FileMode(0o700), info.Mode().Perm())
		require.NoError(t, os.Chmod(dir, 0o755))
		require.NoError(t, os.Chmod(filepath.Join(dir, DataKeyFileName), 0o644))
		require.NoError(t, PrepareStateDir(dir), "readable by others: tightened")
		info, err = os.Stat(dir)
		require.NoError(t, err)
		require.Equal(t, os.FileMode(0o700), info.Mode().Perm())
		_, err = LoadOrCreateDataKey(dir)
		require.NoError(t, err)
	})

	t.Run("the directory a symbolic link", func(t *testing.T) {
		dir := fresh(t)
		link := filepath.Join(t.TempDir(), "link")
		require.NoError(t, os.Symlink(dir, link))
		require.ErrorContains(t, PrepareStateDir(link), "symbolic link")
	})

	t.Run("a file a symbolic link", func(t *testing.T) {
		dir := fresh(t)
		planted := filepath.Join(t.TempDir(), "planted.json")
		require.NoError(t, os.WriteFile(planted, []byte(`{"admin-key": "chosen-by-someone-else"}`), 0o600))
		require.NoError(t, os.Symlink(planted, filepath.Join(dir, "sandbox-credentials.json")))
		require.ErrorContains(t, PrepareStateDir(dir), "symbolic link")
		_, err := ReadStateFile(filepath.Join(dir, "sandbox-credentials.json"))
		require.ErrorContains(t, err, "symbolic link")
		require.Error(t, WriteStateFile(filepath.Join(dir, "sandbox-credentials.json"), []byte("{}")))
		b, err := os.ReadFile(planted)
		require.NoError(t, err)
		require.Contains(t, string(b), "chosen-by-someone-else", "nothing was written through the link")
	})

	t.Run("the key a symbolic link", func(t *testing.T) {
		dir := fresh(t)
		key := filepath.Join(dir, DataKeyFileName)
		require.NoError(t, os.Rename(key, key+".real"))
		require.NoError(t, os.Symlink(key+".real", key))
		_, err := LoadOrCreateDataKey(dir)
		require.ErrorContains(t, err, "symbolic link")
	})

	t.Run("the directory writable by others", func(t *testing.T) {
		dir := fresh(t)
		require.NoError(t, os.Chmod(dir, 0o777))
		require.ErrorContains(t, PrepareStateDir(dir), "writable by users other than its owner")
		require.NoError(t, os.Chmod(dir, 0o770))
		require.ErrorContains(t, PrepareStateDir(dir), "writable by users other than its owner")
	})

	t.Run("a file writable by others", func(t *testing.T) {
		dir := fresh(t)
		creds := filepath.Join(dir, "sandbox-credentials.json")
		require.NoError(t, os.WriteFile(creds, []byte("{}"), 0o600))
		require.NoError(t, os.Chmod(creds, 0o666))
		require.ErrorContains(t, PrepareStateDir(dir), "writable by users other than its owner")
	})

	t.Run("another user's", func(t *testing.T) {
		if os.Geteuid() != 0 {
			t.Skip("only root can give a directory to another user")
		}
		dir := fresh(t)
		require.NoError(t, os.Chown(dir, 65534, 65534))
		require.ErrorContains(t, PrepareStateDir(dir), "belongs to the user 65534")
		require.NoError(t, os.Chown(dir, 0, 0))
		creds := filepath.Join(dir, "sandbox-credentials.json")
		require.NoError(t, os.WriteFile(creds, []byte("{}"), 0o600))
		require.NoError(t, os.Chown(creds, 65534, 65534))
		require.ErrorContains(t, PrepareStateDir(dir), "belongs to the user 65534")
		_, err := ReadStateFile(creds)
		require.ErrorContains(t, err, "belongs to the user 65534")
	})
}
