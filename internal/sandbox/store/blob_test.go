package store

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

type failingReader struct{ n int }

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errors.New("connection reset")
	}
	n := min(len(p), f.n)
	for i := range n {
		p[i] = 'z'
	}
	f.n -= n
	return n, nil
}

func countChunks(t *testing.T, s *Store) int {
	t.Helper()
	var n int
	require.NoError(t, s.db.QueryRow(`SELECT count(*) FROM blob_chunks`).Scan(&n))
	return n
}

// TestBlobs: a blob is written and read back a chunk at a time, sealed
// with the store's key (no plain text in the file), replaced and removed
// with what it is attached to; one never attached does not stay.
func TestBlobs(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "blobs.db")
	key := bytes.Repeat([]byte{9}, 32)
	s, err := OpenWith(path, Options{Key: key})
	require.NoError(t, err)

	content := []byte(strings.Repeat("plain-blob-content;", (2*BlobChunkSize+100)/19))
	b, err := s.WriteBlob(ctx, bytes.NewReader(content))
	require.NoError(t, err)
	require.Equal(t, int64(len(content)), b.Size)
	require.Equal(t, 3, countChunks(t, s))
	require.NoError(t, s.Tx(ctx, func(tx *Tx) error { return tx.SetBlob("file", "a", b) }))

	read := func(s *Store) []byte {
		var got Blob
		var found bool
		require.NoError(t, s.Tx(ctx, func(tx *Tx) (err error) { got, found, err = tx.GetBlob("file", "a"); return err }))
		require.True(t, found)
		var buf bytes.Buffer
		require.NoError(t, s.ReadBlob(ctx, got, &buf))
		return buf.Bytes()
	}
	require.Equal(t, content, read(s))

	// A reader that fails leaves nothing.
	_, err = s.WriteBlob(ctx, &failingReader{n: BlobChunkSize + 10})
	require.ErrorContains(t, err, "connection reset")
	require.Equal(t, 3, countChunks(t, s))

	// Written, not attached: gone at the next open.
	_, err = s.WriteBlob(ctx, strings.NewReader("orphan"))
	require.NoError(t, err)
	require.Equal(t, 4, countChunks(t, s))
	require.NoError(t, s.Close())
	for _, p := range []string{path, path + "-wal"} {
		raw, err := os.ReadFile(p)
		if os.IsNotExist(err) {
			continue
		}
		require.NoError(t, err)
		require.NotContains(t, string(raw), "plain-blob-content", p)
	}
	s, err = OpenWith(path, Options{Key: key})
	require.NoError(t, err)
	defer s.Close()
	require.Equal(t, 3, countChunks(t, s))
	require.Equal(t, content, read(s))

	// Chunks are bound to their place: swapped, they do not open.
	_, err = s.db.Exec(`UPDATE blob_chunks SET seq = 7 WHERE seq = 0`)
	require.NoError(t, err)
	_, err = s.db.Exec(`UPDATE blob_chunks SET seq = 0 WHERE seq = 1`)
	require.NoError(t, err)
	_, err = s.db.Exec(`UPDATE blob_chunks SET seq = 1 WHERE seq = 7`)
	require.NoError(t, err)
	var got Blob
	require.NoError(t, s.Tx(ctx, func(tx *Tx) (err error) { got, _, err = tx.GetBlob("file", "a"); return err }))
	require.ErrorContains(t, s.ReadBlob(ctx, got, &bytes.Buffer{}), "does not open")

	// Replaced, then removed: no chunk of the old one stays.
	b2, err := s.WriteBlob(ctx, strings.NewReader("second"))
	require.NoError(t, err)
	require.NoError(t, s.Tx(ctx, func(tx *Tx) error { return tx.SetBlob("file", "a", b2) }))
	require.Equal(t, 1, countChunks(t, s))
	require.Equal(t, []byte("second"), read(s))
	require.NoError(t, s.Tx(ctx, func(tx *Tx) error {
		found, err := tx.DeleteBlob("file", "a")
		require.True(t, found)
		return err
	}))
	require.Equal(t, 0, countChunks(t, s))
	require.NoError(t, s.Tx(ctx, func(tx *Tx) error {
		_, found, err := tx.GetBlob("file", "a")
		require.False(t, found)
		return err
	}))
}

// TestPlainBlobsSealedAtOpen: chunks written without a key are sealed when
// the store opens with one.
func TestPlainBlobsSealedAtOpen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "blobs.db")
	s, err := Open(path)
	require.NoError(t, err)
	b, err := s.WriteBlob(ctx, strings.NewReader("plain-chunk-text"))
	require.NoError(t, err)
	require.NoError(t, s.Tx(ctx, func(tx *Tx) error { return tx.SetBlob("file", "a", b) }))
	require.NoError(t, s.Close())

	s, err = OpenWith(path, Options{Key: bytes.Repeat([]byte{3}, 32)})
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, s.ReadBlob(ctx, b, &buf))
	require.Equal(t, "plain-chunk-text", buf.String())
	require.NoError(t, s.Close())
	for _, p := range []string{path, path + "-wal"} {
		raw, err := os.ReadFile(p)
		if os.IsNotExist(err) {
			continue
		}
		require.NoError(t, err)
		require.NotContains(t, string(raw), "plain-chunk-text", p)
	}
}
