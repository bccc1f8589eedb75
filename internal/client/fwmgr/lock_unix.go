//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package fwmgr

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock on f, waiting for it. The lock
// belongs to the open file description, so it is released when f is closed,
// also when the process dies.
func lockFile(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			return err
		}
	}
}

func unlockFile(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
}
