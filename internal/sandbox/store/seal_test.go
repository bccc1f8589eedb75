package store

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSealedStore: with a key, no document body is in the file in plain
// text, also those an earlier version wrote in plain text; the file is
// its owner's alone; without the key, the documents do not open.
func TestSealedStore(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "state.db")
	key := []byte(strings.Repeat("k", 32))
	plain, err := Open(path)
	require.NoError(t, err)
	require.NoError(t, plain.Tx(ctx, func(tx *Tx) error { return tx.Put("secret", "a", "", doc{Name: "old-plain-secret"}) }))
	require.NoError(t, plain.Close())
	require.NoError(t, os.Chmod(path, 0o644))

	s, err := OpenWith(path, Options{Key: key})
	require.NoError(t, err)
	require.NoError(t, s.Tx(ctx, func(tx *Tx) error { return tx.Put("secret", "b", "", doc{Name: "new-sealed-secret"}) }))
	var got []doc
	require.NoError(t, s.Tx(ctx, func(tx *Tx) (err error) { got, err = List[doc](tx, "secret", ""); return err }))
	require.Equal(t, []doc{{"old-plain-secret"}, {"new-sealed-secret"}}, got)
	require.NoError(t, s.Close())

	for _, p := range []string{path, path + "-wal"} {
		b, err := os.ReadFile(p)
		if os.IsNotExist(err) {
			continue
		}
		require.NoError(t, err)
		require.NotContains(t, string(b), "plain-secret", p)
		require.NotContains(t, string(b), "sealed-secret", p)
		info, err := os.Stat(p)
		require.NoError(t, err)
		require.Equal(t, os.FileMode(0o600), info.Mode().Perm(), p)
	}

	s, err = Open(path)
	require.NoError(t, err)
	defer s.Close()
	err = s.Tx(ctx, func(tx *Tx) error { _, err := tx.Get("secret", "a", &doc{}); return err })
	require.ErrorContains(t, err, "encrypted")
}
