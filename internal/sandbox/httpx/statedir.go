package httpx

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
func PrepareStateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	if err := os.Chmod(dir, 0o700); err != nil {
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

// LoadOrCreateDataKey returns the 32-byte key of DataKeyFileName in dir,
// creating it (mode 0600) on first use so that restarts read the same data.
func LoadOrCreateDataKey(dir string) ([]byte, error) {
	path := filepath.Join(dir, DataKeyFileName)
	b, err := os.ReadFile(path)
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
// processes starting on one directory must not each make their own key).
func writeNew(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
