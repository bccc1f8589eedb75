// Package store is the durable state of the sandbox services: JSON documents
// in an embedded SQLite database (pure Go driver), grouped by kind and parent,
// written in transactions so that a restart or a concurrent request never sees
// half an operation. A document can also be filed under any number of
// references (SetRefs), so that a service finds the documents that point at
// something, or counts them, through an index instead of decoding every
// document of a kind.
package store

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"modernc.org/sqlite" // registers the "sqlite" driver; its status counters for PagesRead
)

// Store is one SQLite database file.
type Store struct {
	db *sql.DB
	// aead, when set, encrypts every document body (Options.Key).
	aead cipher.AEAD
	// stmts are the statements of the Tx methods, prepared once: SQLite
	// parsing each query anew was a tenth of the sandbox's CPU under load.
	stmts map[string]*sql.Stmt
}

// The statements of the Tx methods.
const (
	getSQL        = `SELECT body FROM documents WHERE kind = ? AND id = ?`
	putSQL        = `INSERT INTO documents (kind, id, parent, body) VALUES (?, ?, ?, ?) ON CONFLICT (kind, id) DO UPDATE SET parent = excluded.parent, body = excluded.body`
	deleteSQL     = `DELETE FROM documents WHERE kind = ? AND id = ?`
	refsOfSQL     = `SELECT ref FROM refs WHERE kind = ? AND id = ?`
	unfileSQL     = `DELETE FROM refs WHERE kind = ? AND ref = ? AND id = ?`
	uncountSQL    = `UPDATE ref_counts SET n = n - 1 WHERE kind = ? AND ref = ?`
	fileSQL       = `INSERT INTO refs (kind, ref, id) VALUES (?, ?, ?)`
	countSQL      = `INSERT INTO ref_counts (kind, ref, n) VALUES (?, ?, 1) ON CONFLICT (kind, ref) DO UPDATE SET n = n + 1`
	countByRefSQL = `SELECT n FROM ref_counts WHERE kind = ? AND ref = ?`
	nextIDSQL     = `INSERT INTO sequences (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value`
	listSQL       = `SELECT body FROM documents WHERE kind = ? ORDER BY rowid`
	listUnderSQL  = `SELECT body FROM documents WHERE kind = ? AND parent = ? ORDER BY rowid`
	listByRefSQL  = `SELECT d.body FROM refs r JOIN documents d ON d.kind = r.kind AND d.id = r.id WHERE r.kind = ? AND r.ref = ? ORDER BY d.rowid`
	// The pages of ListAfter: rowid is the insertion order, which an
	// update (ON CONFLICT ... DO UPDATE) keeps.
	listAfterSQL      = `SELECT rowid, body FROM documents WHERE kind = ? AND rowid > ? ORDER BY rowid LIMIT ?`
	listUnderAfterSQL = `SELECT rowid, body FROM documents WHERE kind = ? AND parent = ? AND rowid > ? ORDER BY rowid LIMIT ?`
)

var statements = []string{getSQL, putSQL, deleteSQL, refsOfSQL, unfileSQL, uncountSQL, fileSQL, countSQL,
	countByRefSQL, nextIDSQL, listSQL, listUnderSQL, listByRefSQL, listAfterSQL, listUnderAfterSQL}

const schema = `
CREATE TABLE IF NOT EXISTS documents (
	kind   TEXT NOT NULL,
	id     TEXT NOT NULL,
	parent TEXT NOT NULL DEFAULT '',
	body   TEXT NOT NULL,
	PRIMARY KEY (kind, id)
);
CREATE INDEX IF NOT EXISTS documents_parent ON documents (kind, parent);
CREATE TABLE IF NOT EXISTS refs (
	kind TEXT NOT NULL,
	ref  TEXT NOT NULL,
	id   TEXT NOT NULL,
	PRIMARY KEY (kind, ref, id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS refs_id ON refs (kind, id);
CREATE TABLE IF NOT EXISTS ref_counts (
	kind TEXT NOT NULL,
	ref  TEXT NOT NULL,
	n    INTEGER NOT NULL,
	PRIMARY KEY (kind, ref)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sequences (
	name  TEXT PRIMARY KEY,
	value INTEGER NOT NULL
);`

// Options are the settings of OpenWith.
type Options struct {
	// Key, when set (32 bytes), encrypts every document body with
	// AES-256-GCM, so that the signing keys, passwords and secret values
	// the services keep are not in the file in plain text. Bodies written
	// in plain text by an earlier version are encrypted when the store
	// opens. Kinds, IDs and references stay readable: they are names.
	Key []byte
}

// sealedPrefix starts an encrypted body; a plain one is JSON and never
// starts with it.
const sealedPrefix = "sealed:"

// Open opens (creating if needed) the database at path, without
// encryption.
func Open(path string) (*Store, error) { return OpenWith(path, Options{}) }

// OpenWith opens (creating if needed) the database at path. The file and
// its journal are readable by their owner only (SQLite gives the journal
// the mode of the database file). A database or journal that is a symbolic
// link, belongs to another user or is writable by others is refused
// (CheckPrivate).
func OpenWith(path string, opts Options) (*Store, error) {
	var aead cipher.AEAD
	if opts.Key != nil {
		block, err := aes.NewCipher(opts.Key)
		if err != nil {
			return nil, fmt.Errorf("store %s: key: %w", path, err)
		}
		if aead, err = cipher.NewGCM(block); err != nil {
			return nil, err
		}
	}
	if err := ownerOnly(path); err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	// secure_delete overwrites what a write replaces, so that the plain
	// text of a body encrypted at open does not stay in free pages.
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_pragma=secure_delete(ON)")
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	// One connection serialises writers: simpler and faster than retrying
	// SQLITE_BUSY, and the sandbox is not a high-throughput service.
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("initialise store %s: %w", path, err)
	}
	st := &Store{db: db, aead: aead, stmts: make(map[string]*sql.Stmt, len(statements))}
	if err := st.tidyBlobs(); err != nil {
		st.Close()
		return nil, fmt.Errorf("initialise the blobs of store %s: %w", path, err)
	}
	for _, q := range statements {
		stmt, err := db.Prepare(q)
		if err != nil {
			st.Close()
			return nil, fmt.Errorf("prepare %q in store %s: %w", q, path, err)
		}
		st.stmts[q] = stmt
	}
	if err := st.sealPlain(); err != nil {
		st.Close()
		return nil, fmt.Errorf("encrypt store %s: %w", path, err)
	}
	return st, nil
}

// ownerOnly creates the database file with mode 0600, or restricts an
// existing one and its journal files to their owner, after refusing any
// that CheckPrivate refuses.
func ownerOnly(path string) error {
	f, err := OpenPrivate(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	f.Close()
	for _, p := range []string{path + "-wal", path + "-shm"} {
		if err := CheckPrivate(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Chmod(p, 0o600); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// sealPlain encrypts the bodies an earlier version (or a store opened
// without a key) wrote in plain text.
func (s *Store) sealPlain() error {
	if s.aead == nil {
		return nil
	}
	rows, err := s.db.Query(`SELECT kind, id, body FROM documents WHERE substr(body, 1, 7) <> ?`, sealedPrefix)
	if err != nil {
		return err
	}
	type row struct{ kind, id, body string }
	var plain []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.kind, &r.id, &r.body); err != nil {
			rows.Close()
			return err
		}
		plain = append(plain, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(plain) == 0 {
		return err
	}
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	for _, r := range plain {
		if _, err := tx.Exec(`UPDATE documents SET body = ? WHERE kind = ? AND id = ?`, s.seal([]byte(r.body)), r.kind, r.id); err != nil {
			_ = tx.Rollback()
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = s.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	return err
}

// seal is the stored form of a JSON body.
func (s *Store) seal(body []byte) string {
	if s.aead == nil {
		return string(body)
	}
	nonce := make([]byte, s.aead.NonceSize(), s.aead.NonceSize()+len(body)+s.aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return sealedPrefix + base64.RawStdEncoding.EncodeToString(s.aead.Seal(nonce, nonce, body, nil))
}

// open is the JSON body of a stored one.
func (s *Store) open(stored string) ([]byte, error) {
	enc, sealed := strings.CutPrefix(stored, sealedPrefix)
	if !sealed {
		return []byte(stored), nil
	}
	if s.aead == nil {
		return nil, errors.New("the store is encrypted: open it with its key")
	}
	raw, err := base64.RawStdEncoding.DecodeString(enc)
	if err != nil || len(raw) < s.aead.NonceSize() {
		return nil, errors.New("a stored document is damaged")
	}
	body, err := s.aead.Open(nil, raw[:s.aead.NonceSize()], raw[s.aead.NonceSize():], nil)
	if err != nil {
		return nil, errors.New("a stored document does not open with the store's key")
	}
	return body, nil
}

// Close closes the database.
func (s *Store) Close() error {
	for _, stmt := range s.stmts {
		stmt.Close()
	}
	return s.db.Close()
}

// PagesRead is how many database pages the store has looked at since it
// opened, from its page cache or from the file: the work of its queries in
// a unit that does not depend on the machine or its load, which a test can
// compare to tell an indexed lookup (a few pages) from a scan (pages in
// proportion to what the store holds). It waits for a running transaction.
func (s *Store) PagesRead(ctx context.Context) (int, error) {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	var n int
	err = conn.Raw(func(dc any) error {
		st, ok := dc.(sqlite.DBStatus)
		if !ok {
			return fmt.Errorf("the SQLite driver's connection (%T) has no status counters", dc)
		}
		for _, op := range []sqlite.DBStatusOp{sqlite.DBStatusCacheHit, sqlite.DBStatusCacheMiss} {
			cur, _, err := st.Status(op, false)
			if err != nil {
				return err
			}
			n += cur
		}
		return nil
	})
	return n, err
}

// Tx runs fn in one transaction, committed when fn returns nil.
func (s *Store) Tx(ctx context.Context, fn func(*Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(&Tx{tx: tx, stmts: s.stmts, st: s}); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Tx is an open transaction.
type Tx struct {
	tx    *sql.Tx
	stmts map[string]*sql.Stmt
	st    *Store
}

// stmt is the prepared statement q within the transaction; it is closed
// with the transaction.
func (t *Tx) stmt(q string) *sql.Stmt { return t.tx.Stmt(t.stmts[q]) }

// Get decodes the document kind/id into v and reports whether it exists.
func (t *Tx) Get(kind, id string, v any) (bool, error) {
	var body string
	err := t.stmt(getSQL).QueryRow(kind, id).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	plain, err := t.st.open(body)
	if err != nil {
		return false, err
	}
	return true, json.Unmarshal(plain, v)
}

// Put writes the document kind/id under parent, replacing any previous one.
func (t *Tx) Put(kind, id, parent string, v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = t.stmt(putSQL).Exec(kind, id, parent, t.st.seal(body))
	return err
}

// Delete removes the document kind/id, and its references, and reports
// whether it existed.
func (t *Tx) Delete(kind, id string) (bool, error) {
	res, err := t.stmt(deleteSQL).Exec(kind, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	if err := t.SetRefs(kind, id); err != nil {
		return false, err
	}
	return n > 0, nil
}

// SetRefs files the document kind/id under exactly the references refs
// (replacing those it had), for ListByRef and CountByRef. It keeps a count
// per reference, so that CountByRef costs the same however many documents
// share a reference.
func (t *Tx) SetRefs(kind, id string, refs ...string) error {
	rows, err := t.stmt(refsOfSQL).Query(kind, id)
	if err != nil {
		return err
	}
	had := map[string]bool{}
	for rows.Next() {
		var ref string
		if err := rows.Scan(&ref); err != nil {
			rows.Close()
			return err
		}
		had[ref] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	want := map[string]bool{}
	for _, ref := range refs {
		want[ref] = true
	}
	for ref := range had {
		if want[ref] {
			continue
		}
		if _, err := t.stmt(unfileSQL).Exec(kind, ref, id); err != nil {
			return err
		}
		if _, err := t.stmt(uncountSQL).Exec(kind, ref); err != nil {
			return err
		}
	}
	for ref := range want {
		if had[ref] {
			continue
		}
		if _, err := t.stmt(fileSQL).Exec(kind, ref, id); err != nil {
			return err
		}
		if _, err := t.stmt(countSQL).Exec(kind, ref); err != nil {
			return err
		}
	}
	return nil
}

// CountByRef is how many documents of kind are filed under ref.
func (t *Tx) CountByRef(kind, ref string) (int, error) {
	var n int
	err := t.stmt(countByRefSQL).QueryRow(kind, ref).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return n, err
}

// NextID returns the next value of the named sequence, starting at 1.
func (t *Tx) NextID(name string) (int64, error) {
	var v int64
	err := t.stmt(nextIDSQL).QueryRow(name).Scan(&v)
	return v, err
}

// List returns every document of kind in insertion order; with a non-empty
// parent, only those under it.
func List[T any](t *Tx, kind, parent string) ([]T, error) {
	if parent != "" {
		rows, err := t.stmt(listUnderSQL).Query(kind, parent)
		return decodeRows[T](t, rows, err)
	}
	rows, err := t.stmt(listSQL).Query(kind)
	return decodeRows[T](t, rows, err)
}

// Positioned is a document with its position in the insertion order of its
// kind, which ListAfter resumes from (a paged listing's cursor).
type Positioned[T any] struct {
	Pos int64
	Doc T
}

// ListAfter returns at most limit documents of kind inserted after the one
// at position after (0: from the first), in insertion order; with a
// non-empty parent, only those under it. A service pages a long listing
// with it, so that neither it nor its caller holds the whole list.
func ListAfter[T any](t *Tx, kind, parent string, after int64, limit int) ([]Positioned[T], error) {
	var rows *sql.Rows
	var err error
	if parent != "" {
		rows, err = t.stmt(listUnderAfterSQL).Query(kind, parent, after, limit)
	} else {
		rows, err = t.stmt(listAfterSQL).Query(kind, after, limit)
	}
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Positioned[T]
	for rows.Next() {
		var p Positioned[T]
		var body string
		if err := rows.Scan(&p.Pos, &body); err != nil {
			return nil, err
		}
		plain, err := t.st.open(body)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(plain, &p.Doc); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// Page reads the documents of kind (under parent, when not empty) after
// the one at position after (0: from the first), in insertion order, until
// size of them pass keep, and answers keep's views of them: one page of a
// listing whose filter the service applies. full reports a page of size
// views, after which the listing may go on from next, the position of the
// last document looked at.
func Page[T, V any](t *Tx, kind, parent string, after int64, size int, keep func(*T) (V, bool, error)) (views []V, next int64, full bool, err error) {
	next = after
	for {
		batch, err := ListAfter[T](t, kind, parent, next, size)
		if err != nil {
			return nil, 0, false, err
		}
		for i := range batch {
			next = batch[i].Pos
			v, ok, err := keep(&batch[i].Doc)
			if err != nil {
				return nil, 0, false, err
			}
			if !ok {
				continue
			}
			if views = append(views, v); len(views) == size {
				return views, next, true, nil
			}
		}
		if len(batch) < size {
			return views, next, false, nil
		}
	}
}

// FileRefsOnce files every document of kind under the references refs
// gives it (SetRefs), once per store: for a service that starts looking
// documents up by references, so that those a store of an earlier version
// holds are found too. The marker that it ran is the document name of kind
// "meta", the kind services keep such records in.
func FileRefsOnce[T any](t *Tx, name, kind string, refs func(*T) (id string, refs []string)) error {
	var done bool
	found, err := t.Get("meta", name, &done)
	if err != nil || found {
		return err
	}
	all, err := List[T](t, kind, "")
	if err != nil {
		return err
	}
	for i := range all {
		id, rs := refs(&all[i])
		if err := t.SetRefs(kind, id, rs...); err != nil {
			return err
		}
	}
	return t.Put("meta", name, "", true)
}

// ListByRef returns the documents of kind filed under ref (SetRefs), in
// insertion order.
func ListByRef[T any](t *Tx, kind, ref string) ([]T, error) {
	rows, err := t.stmt(listByRefSQL).Query(kind, ref)
	return decodeRows[T](t, rows, err)
}

func decodeRows[T any](t *Tx, rows *sql.Rows, err error) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		var body string
		if err := rows.Scan(&body); err != nil {
			return nil, err
		}
		plain, err := t.st.open(body)
		if err != nil {
			return nil, err
		}
		var v T
		if err := json.Unmarshal(plain, &v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
