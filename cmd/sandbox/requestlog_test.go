package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRequestLog(t *testing.T) {
	dir := t.TempDir()
	logPath := filepath.Join(dir, "requests.log")
	base, stop := serveInBackground(t, "--state-dir", dir, "--request-log", logPath)
	c := client(t, dir)
	for _, p := range []string{"/healthz", "/v3/no-such-thing"} {
		res, err := c.Get(base + p)
		require.NoError(t, err)
		_, _ = io.Copy(io.Discard, res.Body) // read to the end, so the connection is reused
		res.Body.Close()
	}
	require.NoError(t, stop())

	b, err := os.ReadFile(logPath)
	require.NoError(t, err)
	var lines []string
	connects := 0
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.Contains(l, " CONNECT ") {
			connects++
			continue
		}
		lines = append(lines, l)
	}
	assert.Equal(t, 1, connects, "both requests on one kept-alive connection")
	require.Len(t, lines, 2)
	f := strings.Fields(lines[0])
	require.Len(t, f, 5)
	assert.Equal(t, []string{"netfab", http.MethodGet, "/healthz", "200"}, f[1:])
	assert.Equal(t, []string{"netfab", http.MethodGet, "/v3/no-such-thing", "404"}, strings.Fields(lines[1])[1:])
}
