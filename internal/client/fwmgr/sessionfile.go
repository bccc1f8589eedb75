package fwmgr

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// sessionFile is the file named by sessionFileName, shared by every process
// that uses the same API server and administrator. It holds the session ID
// of the last login, so that later runs reuse the session instead of
// logging in again.
//
// Processes coordinate through an advisory lock on a companion file
// (<name>.lock): the session file itself is replaced by rename on every
// write, so a lock on it would be held on an inode that no longer has the
// name. Holding the lock from reading the file until the new session is
// written is what keeps 20 parallel terraform runs to one login.
type sessionFile struct {
	path string
}

// storedSession is the content of the session file. Target and Identity
// tie the session to the server and the administrator it was opened for: a
// file written for another server or administrator is ignored instead of
// sending their session ID elsewhere. Identity never holds a secret.
type storedSession struct {
	SID      string `json:"sid"`
	Target   string `json:"target"`
	Identity string `json:"identity"`
}

// lock takes the file's lock, waiting for other processes to release it,
// and returns the function that releases it.
func (f sessionFile) lock() (func(), error) {
	if dir := filepath.Dir(f.path); dir != "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("session file directory: %w", err)
		}
	}
	lf, err := os.OpenFile(f.path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("session file lock: %w", err)
	}
	if err := lockFile(lf); err != nil {
		lf.Close()
		return nil, fmt.Errorf("session file lock: %w", err)
	}
	return func() {
		_ = unlockFile(lf)
		_ = lf.Close()
	}, nil
}

// read returns the stored session; a missing, empty or unreadable file is
// no session (the caller logs in and overwrites it), not an error.
func (f sessionFile) read() (storedSession, error) {
	var s storedSession
	b, err := os.ReadFile(f.path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("reading session file: %w", err)
	}
	if len(b) == 0 || json.Unmarshal(b, &s) != nil {
		// An empty or damaged file (a write cut short) is as no file: the
		// provider logs in again and overwrites it.
		return storedSession{}, nil //nolint:nilerr // a damaged session file is not an error: see above
	}
	return s, nil
}

// write replaces the file atomically: a reader sees the old session or the
// new one, never half of either. The file is readable by its owner only:
// its session ID is a credential while the session lives.
func (f sessionFile) write(s storedSession) error {
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(f.path), filepath.Base(f.path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("writing session file: %w", err)
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("writing session file: %w", err)
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return fmt.Errorf("writing session file: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("writing session file: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing session file: %w", err)
	}
	if err := os.Rename(tmp.Name(), f.path); err != nil {
		return fmt.Errorf("writing session file: %w", err)
	}
	return nil
}
