package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
)

// Blobs are contents too large to be documents (an uploaded data file of
// the migration service, up to tens of MiB): a blob is kept in chunks of
// BlobChunkSize, each sealed on its own with the store's key (bound to its
// blob and its place in it), and written and read a chunk at a time, so
// that neither takes memory in proportion to the blob.
//
// A blob is written outside any transaction (WriteBlob: a statement per
// chunk, so that a slow writer does not hold the database), then attached
// under a kind and ID inside one (Tx.SetBlob), which removes the blob
// attached there before. A blob never attached (its writer failed, or the
// process ended meanwhile) is removed by DiscardBlob, or when the store
// next opens.

// BlobChunkSize is the size of a blob's chunks (the last may be shorter).
const BlobChunkSize = 1 << 20

const blobSchema = `
CREATE TABLE IF NOT EXISTS blob_chunks (
	blob   TEXT NOT NULL,
	seq    INTEGER NOT NULL,
	sealed INTEGER NOT NULL,
	data   BLOB NOT NULL,
	PRIMARY KEY (blob, seq)
);
CREATE TABLE IF NOT EXISTS blobs (
	kind TEXT NOT NULL,
	id   TEXT NOT NULL,
	blob TEXT NOT NULL,
	size INTEGER NOT NULL,
	PRIMARY KEY (kind, id)
);`

// Blob is a written blob: what Tx.SetBlob attaches and Store.ReadBlob
// reads.
type Blob struct {
	id   string
	Size int64
}

// chunks is how many chunks the blob has.
func (b Blob) chunks() int64 { return (b.Size + BlobChunkSize - 1) / BlobChunkSize }

// WriteBlob writes what r gives, to its end, as a new blob. On an error
// (of r or of the store) nothing of it stays.
func (s *Store) WriteBlob(ctx context.Context, r io.Reader) (Blob, error) {
	idBytes := make([]byte, 16)
	if _, err := rand.Read(idBytes); err != nil {
		return Blob{}, err
	}
	b := Blob{id: hex.EncodeToString(idBytes)}
	buf := make([]byte, BlobChunkSize)
	var out []byte
	if s.aead != nil {
		out = make([]byte, 0, s.aead.NonceSize()+BlobChunkSize+s.aead.Overhead())
	}
	for seq := int64(0); ; seq++ {
		n, err := io.ReadFull(r, buf)
		if n > 0 {
			data, sealed := buf[:n], 0
			if s.aead != nil {
				data, sealed = s.sealChunk(out, b.id, seq, buf[:n]), 1
			}
			if _, werr := s.db.ExecContext(ctx, `INSERT INTO blob_chunks (blob, seq, sealed, data) VALUES (?, ?, ?, ?)`, b.id, seq, sealed, data); werr != nil {
				s.DiscardBlob(context.WithoutCancel(ctx), b)
				return Blob{}, werr
			}
			b.Size += int64(n)
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return b, nil
		}
		if err != nil {
			s.DiscardBlob(context.WithoutCancel(ctx), b)
			return Blob{}, err
		}
	}
}

// DiscardBlob removes a blob that WriteBlob wrote and no Tx.SetBlob
// attached.
func (s *Store) DiscardBlob(ctx context.Context, b Blob) {
	_, _ = s.db.ExecContext(ctx, `DELETE FROM blob_chunks WHERE blob = ? AND NOT EXISTS (SELECT 1 FROM blobs WHERE blob = ?)`, b.id, b.id)
}

// SetBlob attaches b under kind and id, removing the blob attached there
// before.
func (t *Tx) SetBlob(kind, id string, b Blob) error {
	if _, err := t.DeleteBlob(kind, id); err != nil {
		return err
	}
	_, err := t.tx.Exec(`INSERT INTO blobs (kind, id, blob, size) VALUES (?, ?, ?, ?)`, kind, id, b.id, b.Size)
	return err
}

// GetBlob is the blob attached under kind and id, if any.
func (t *Tx) GetBlob(kind, id string) (Blob, bool, error) {
	var b Blob
	err := t.tx.QueryRow(`SELECT blob, size FROM blobs WHERE kind = ? AND id = ?`, kind, id).Scan(&b.id, &b.Size)
	if errors.Is(err, sql.ErrNoRows) {
		return Blob{}, false, nil
	}
	return b, err == nil, err
}

// DeleteBlob removes the blob attached under kind and id, and reports
// whether there was one.
func (t *Tx) DeleteBlob(kind, id string) (bool, error) {
	old, found, err := t.GetBlob(kind, id)
	if err != nil || !found {
		return false, err
	}
	if _, err := t.tx.Exec(`DELETE FROM blobs WHERE kind = ? AND id = ?`, kind, id); err != nil {
		return false, err
	}
	_, err = t.tx.Exec(`DELETE FROM blob_chunks WHERE blob = ?`, old.id)
	return true, err
}

// ReadBlob writes the content of b to w, a chunk at a time, each read in
// a statement of its own (so that a slow reader does not hold the
// database). A blob replaced or removed meanwhile ends the copy with an
// error.
func (s *Store) ReadBlob(ctx context.Context, b Blob, w io.Writer) error {
	for seq := range b.chunks() {
		var data []byte
		var sealed bool
		err := s.db.QueryRowContext(ctx, `SELECT sealed, data FROM blob_chunks WHERE blob = ? AND seq = ?`, b.id, seq).Scan(&sealed, &data)
		if errors.Is(err, sql.ErrNoRows) {
			return errors.New("the content was replaced or removed while being read")
		}
		if err != nil {
			return err
		}
		if sealed {
			if data, err = s.openChunk(b.id, seq, data); err != nil {
				return err
			}
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
	}
	return nil
}

// chunkAAD binds a sealed chunk to its blob and its place in it, so that
// chunks cannot be swapped or moved without the opening failing.
func chunkAAD(blob string, seq int64) []byte {
	return binary.BigEndian.AppendUint64([]byte(blob), uint64(seq)) //nolint:gosec // G115: chunk numbers count up from 0
}

// sealChunk seals p into out (reused: its capacity holds a sealed chunk).
func (s *Store) sealChunk(out []byte, blob string, seq int64, p []byte) []byte {
	nonce := out[:s.aead.NonceSize()]
	if _, err := rand.Read(nonce); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return s.aead.Seal(nonce, nonce, p, chunkAAD(blob, seq))
}

func (s *Store) openChunk(blob string, seq int64, data []byte) ([]byte, error) {
	if s.aead == nil {
		return nil, errors.New("the store is encrypted: open it with its key")
	}
	if len(data) < s.aead.NonceSize() {
		return nil, errors.New("a stored chunk is damaged")
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(data[n:n], data[:n], data[n:], chunkAAD(blob, seq))
	if err != nil {
		return nil, errors.New("a stored chunk does not open with the store's key")
	}
	return plain, nil
}

// tidyBlobs, when the store opens, removes the chunks of blobs never
// attached, and seals the chunks written without a key when there is one
// now.
func (s *Store) tidyBlobs() error {
	if _, err := s.db.Exec(blobSchema); err != nil {
		return err
	}
	if _, err := s.db.Exec(`DELETE FROM blob_chunks WHERE blob NOT IN (SELECT blob FROM blobs)`); err != nil {
		return err
	}
	if s.aead == nil {
		return nil
	}
	for sealed := 0; ; sealed++ {
		// One chunk at a time, each sealed in a statement of its own.
		var blob string
		var seq int64
		var data []byte
		err := s.db.QueryRow(`SELECT blob, seq, data FROM blob_chunks WHERE sealed = 0 LIMIT 1`).Scan(&blob, &seq, &data)
		if errors.Is(err, sql.ErrNoRows) {
			if sealed == 0 {
				return nil
			}
			// The plain text must not stay in the journal either.
			_, err = s.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
			return err
		}
		if err != nil {
			return err
		}
		out := make([]byte, 0, s.aead.NonceSize()+len(data)+s.aead.Overhead())
		if _, err := s.db.Exec(`UPDATE blob_chunks SET sealed = 1, data = ? WHERE blob = ? AND seq = ?`, s.sealChunk(out, blob, seq, data), blob, seq); err != nil {
			return fmt.Errorf("seal a stored chunk: %w", err)
		}
	}
}
