//go:build unix

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBenchmarkFilesAreOwnerOnly: the files of --cpu-profile and
// --request-log are 0600 under a umask of 000 (issue 34: 0666 and 0644,
// readable by every local user), a request log that existed with a wider
// mode included.
func TestBenchmarkFilesAreOwnerOnly(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	dir := t.TempDir()
	profile, reqLog := filepath.Join(dir, "cpu.pprof"), filepath.Join(dir, "requests.log")
	require.NoError(t, os.WriteFile(reqLog, nil, 0o666))
	_, stop := serveInBackground(t, "--state-dir", filepath.Join(dir, "state"), "--cpu-profile", profile, "--request-log", reqLog)
	require.NoError(t, stop())
	for _, p := range []string{profile, reqLog} {
		info, err := os.Stat(p)
		require.NoError(t, err)
		require.Equal(t, fs.FileMode(0o600), info.Mode().Perm(), p)
	}
}
