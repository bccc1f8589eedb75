package httpx

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/iacsuite/providers/internal/sandbox/store"
)

// DataKeyFileName is the file, in the state directory, holding the key that
// encrypts the documents of the services' databases (store.Options.Key), so
// that signing keys, stored passwords and secret values are never on disk in
// plain text.
const DataKeyFileName = "sandbox-data.key"

// PrepareStateDir creates the state directory with mode 0700 and tightens an
// existing one: the directory to 0700 and every file in it to 0600. The
// databases hold what other local users must not read (the data key, the
// tokens' hashes, the services' objects); the certificate is public but
// gains nothing from other users reading it in place.
//
// An existing directory is first checked as CheckStateDir does, and
// refused rather than tightened when it fails: a directory that another
// local user prepared (with a sandbox-credentials.json, a data key or a CA
// of their choosing), or that others could have written to, is not the
// running user's state.
func PrepareStateDir(dir string) error {
	if _, err := os.Lstat(dir); errors.Is(err, os.ErrNotExist) {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return err
		}
	}
	if err := CheckStateDir(dir); err != nil {
		return err
	}
	if err := os.Chmod(dir, 0o700); err != nil { //nolint:gosec // G302: a directory needs x; 0700 is owner-only
		return fmt.Errorf("restrict the state directory %s to its owner: %w", dir, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				continue
			}
			return err
		}
		if info.Mode().Perm()&0o077 == 0 {
			continue
		}
		if err := os.Chmod(filepath.Join(dir, e.Name()), info.Mode().Perm()&0o700); err != nil {
			return fmt.Errorf("restrict %s to its owner: %w", e.Name(), err)
		}
	}
	return nil
}

// CheckStateDir refuses a state directory that is a symbolic link, is not
// a directory, belongs to another user or is writable by its group or
// others, or that holds an entry that is a symbolic link, belongs to
// another user or is writable by others (store.CheckPrivate). It changes
// nothing: `sandbox env` uses it before reading what it prints.
func CheckStateDir(dir string) error {
	info, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	if info.Mode()&os.ModeSymlink != 0 {
		return fmt.Errorf("the state directory %s is a symbolic link: give the directory itself", dir)
	}
	if !info.IsDir() {
		return fmt.Errorf("the state directory %s is not a directory", dir)
	}
	if err := store.CheckPrivate(dir); err != nil {
		return fmt.Errorf("the state directory: %w", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		err := store.CheckPrivate(filepath.Join(dir, e.Name()))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("in the state directory: %w", err)
		}
	}
	return nil
}

// ReadStateFile reads a file of the state directory, never through a
// symbolic link, and only when it is the running user's and not writable
// by others (store.ReadPrivate).
func ReadStateFile(path string) ([]byte, error) { return store.ReadPrivate(path) }

// WriteStateFile writes a file of the state directory with mode 0600, never
// through a symbolic link (store.WritePrivate).
func WriteStateFile(path string, data []byte) error { return store.WritePrivate(path, data) }

// LoadOrCreateDataKey returns the 32-byte key of DataKeyFileName in dir,
// creating it (mode 0600) on first use so that restarts read the same data.
func LoadOrCreateDataKey(dir string) ([]byte, error) {
	path := filepath.Join(dir, DataKeyFileName)
	b, err := ReadStateFile(path)
	if err == nil {
		key, err := hex.DecodeString(strings.TrimSpace(string(b)))
		if err != nil || len(key) != 32 {
			return nil, fmt.Errorf("%s does not hold a 32-byte hexadecimal key", path)
		}
		return key, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	if err := writeNew(path, []byte(hex.EncodeToString(key)+"\n")); err != nil {
		return nil, err
	}
	return key, nil
}

// writeNew writes a new owner-only file, refusing to overwrite one (two
// processes starting on one directory must not each make their own key)
// and to write through a symbolic link.
func writeNew(path string, b []byte) error {
	f, err := store.OpenPrivate(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
