package store

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// State files (the databases, keys, certificates and credentials in the
// sandbox's state directory, the orch CLI's files) are trusted only when
// they are the running user's own: a file, or a directory, that another
// local user prepared (with credentials or keys of their choosing), that
// others may write, or that is a symbolic link to somewhere else, is
// refused rather than used.

// CheckPrivate refuses path when it is a symbolic link, belongs to another
// user, or is writable by its group or others. A path that does not exist
// is no error (os.ErrNotExist is returned as it is, for callers that
// create it).
func CheckPrivate(path string) error {
	info, err := os.Lstat(path)
	if err != nil {
		return err
	}
	return checkPrivate(path, info)
}

// checkPrivate is CheckPrivate of what Lstat (or Stat of an open file)
// answered.
func checkPrivate(path string, info os.FileInfo) error {
	if info.Mode()&os.ModeSymlink != 0 {
		return fmt.Errorf("%s is a symbolic link: a state file must be the file itself", path)
	}
	if err := checkOwner(path, info); err != nil {
		return err
	}
	if info.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("%s is writable by users other than its owner (mode %v): refusing it; make it private (chmod go-w) or remove it", path, info.Mode().Perm())
	}
	return nil
}

// OpenPrivate opens a state file as os.OpenFile does, but never through a
// symbolic link, and refuses one that CheckPrivate refuses (checked on the
// file opened, so that it cannot be swapped between the check and the
// use). A file it creates gets perm.
func OpenPrivate(path string, flag int, perm os.FileMode) (*os.File, error) {
	if noFollow == 0 {
		if info, err := os.Lstat(path); err == nil && info.Mode()&os.ModeSymlink != 0 {
			return nil, fmt.Errorf("%s is a symbolic link: a state file must be the file itself", path)
		}
	}
	f, err := os.OpenFile(path, flag|noFollow, perm)
	if err != nil {
		if isSymlinkRefusal(path, err) {
			return nil, fmt.Errorf("%s is a symbolic link: a state file must be the file itself", path)
		}
		return nil, err
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a regular file", path)
	}
	if err == nil {
		err = checkPrivate(path, info)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ReadPrivate reads a whole state file through OpenPrivate.
func ReadPrivate(path string) ([]byte, error) {
	f, err := OpenPrivate(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// WritePrivate writes a state file with mode 0600 through OpenPrivate,
// replacing the content of an existing one (which must pass
// CheckPrivate).
func WritePrivate(path string, data []byte) error {
	f, err := OpenPrivate(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// isSymlinkRefusal tells the error of opening a symbolic link with
// O_NOFOLLOW (ELOOP on Linux, EMLINK or ELOOP elsewhere) from others.
func isSymlinkRefusal(path string, err error) bool {
	if errors.Is(err, os.ErrNotExist) {
		return false
	}
	info, lerr := os.Lstat(path)
	return lerr == nil && info.Mode()&os.ModeSymlink != 0
}
