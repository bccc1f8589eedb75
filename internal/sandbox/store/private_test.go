//go:build unix

package store

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOpenRefusesFilesNotPrivate: a database (or journal) that is a
// symbolic link, that others may write, or that another user owns, is
// refused, and the file it points at is left alone (security issue 34).
func TestOpenRefusesFilesNotPrivate(t *testing.T) {
	dir := t.TempDir()

	// A symbolic link, to a file of the running user's or not.
	target := filepath.Join(dir, "elsewhere.db")
	require.NoError(t, os.WriteFile(target, nil, 0o600))
	link := filepath.Join(dir, "link.db")
	require.NoError(t, os.Symlink(target, link))
	_, err := Open(link)
	require.ErrorContains(t, err, "symbolic link")
	dangling := filepath.Join(dir, "dangling.db")
	require.NoError(t, os.Symlink(filepath.Join(dir, "absent.db"), dangling))
	_, err = Open(dangling)
	require.ErrorContains(t, err, "symbolic link")
	_, err = os.Stat(filepath.Join(dir, "absent.db"))
	require.True(t, os.IsNotExist(err), "nothing is created through the link")

	// A journal that is a link.
	db := filepath.Join(dir, "journal.db")
	require.NoError(t, os.Symlink(target, db+"-wal"))
	_, err = Open(db)
	require.ErrorContains(t, err, "symbolic link")

	// Writable by others.
	open := filepath.Join(dir, "open.db")
	require.NoError(t, os.WriteFile(open, nil, 0o600))
	require.NoError(t, os.Chmod(open, 0o666))
	_, err = Open(open)
	require.ErrorContains(t, err, "writable by users other than its owner")

	// Readable by others only: tightened, as before.
	readable := filepath.Join(dir, "readable.db")
	require.NoError(t, os.WriteFile(readable, nil, 0o600))
	require.NoError(t, os.Chmod(readable, 0o644))
	s, err := Open(readable)
	require.NoError(t, err)
	require.NoError(t, s.Close())
	info, err := os.Stat(readable)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), info.Mode().Perm())

	// Another user's.
	t.Run("owned by another user", func(t *testing.T) {
		if os.Geteuid() != 0 {
			t.Skip("only root can give a file to another user")
		}
		foreign := filepath.Join(dir, "foreign.db")
		require.NoError(t, os.WriteFile(foreign, nil, 0o600))
		require.NoError(t, os.Chown(foreign, 65534, 65534))
		_, err := Open(foreign)
		require.ErrorContains(t, err, "belongs to the user 65534")
	})
}
