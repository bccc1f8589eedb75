//go:build unix

package store

import (
	"fmt"
	"os"
	"syscall"
)

// noFollow makes an open fail on a symbolic link.
const noFollow = syscall.O_NOFOLLOW

// checkOwner refuses a file of another user than the one running.
func checkOwner(path string, info os.FileInfo) error {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	if euid := os.Geteuid(); int(st.Uid) != euid {
		return fmt.Errorf("%s belongs to the user %d, not to the user %d running: refusing it (another local user may have prepared it)", path, st.Uid, euid)
	}
	return nil
}
