package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/fwmgr"
)

// serveFwmgr runs `sandbox serve` with every service on a free port and
// returns the URL it printed for fwmgr and a stop function.
func serveFwmgr(t *testing.T, dir string) (string, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	args := []string{"serve", "--state-dir", dir}
	for _, svc := range services {
		args = append(args, "--"+svc.name+"-addr", "127.0.0.1:0")
	}
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := run(ctx, args, pw, io.Discard)
		pw.CloseWithError(io.EOF)
		done <- err
	}()
	// Up to the end of the environment, which serve writes (for `sandbox
	// env`) before printing it.
	var base string
	rd := bufio.NewReader(pr)
	for {
		line, err := rd.ReadString('\n')
		require.NoError(t, err, "serve printed %q", line)
		if u, ok := strings.CutPrefix(strings.TrimSpace(line), "fwmgr: "); ok {
			base = u
		}
		if strings.HasPrefix(line, lastEnvLine) {
			break
		}
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			cancel()
			require.NoError(t, <-done)
		}
	}
	t.Cleanup(stop)
	require.True(t, strings.HasPrefix(base, "https://127.0.0.1:"), "serve printed a fwmgr line with its HTTPS address: %q", base)
	return base, stop
}

func fwmgrPost(t *testing.T, c *http.Client, url, sid, body string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	if sid != "" {
		req.Header.Set("X-chkp-sid", sid)
	}
	res, err := c.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	var out map[string]any
	require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
	return res.StatusCode, out
}

// The fwmgr device serves over HTTPS with the sandbox certificate, and its
// sessions outlive a restart of `sandbox serve`.
func TestServeFwmgr(t *testing.T) {
	dir := t.TempDir()
	base, stop := serveFwmgr(t, dir)
	c := client(t, dir)

	// The password is generated at the first start; `sandbox env` reports
	// it.
	password := envValue(t, dir, "FWMGR_PASSWORD")
	require.NotEqual(t, fwmgr.DefaultPassword, password, "a fixed password")
	status, login := fwmgrPost(t, c, base+"/os_api/v1.8/login", "", `{"user":"`+fwmgr.DefaultUser+`","password":"`+password+`"}`)
	require.Equal(t, http.StatusOK, status, login)
	sid, _ := login["sid"].(string)
	require.NotEmpty(t, sid)

	status, members := fwmgrPost(t, c, base+"/os_api/v1.8/show-cluster-members", sid, `{}`)
	require.Equal(t, http.StatusOK, status, members)
	assert.Len(t, members["members"], 2)
	assert.Len(t, members["pending-gateways"], 1)

	stop()
	base, _ = serveFwmgr(t, dir)
	status, peers := fwmgrPost(t, client(t, dir), base+"/os_api/show-bgp-peers", sid, `{"limit":1}`)
	require.Equal(t, http.StatusOK, status, "the session survives the restart: %v", peers)
	assert.EqualValues(t, len(fwmgr.Seed().Node(fwmgr.PrimaryMemberID).BgpPeers), peers["total"])
}

// envValue is a variable of what `sandbox env` prints for the sandbox
// running on dir.
func envValue(t *testing.T, dir, name string) string {
	t.Helper()
	var out strings.Builder
	require.NoError(t, run(context.Background(), []string{"env", "--state-dir", dir}, &out, io.Discard))
	for _, l := range strings.Split(out.String(), "\n") {
		if v, ok := strings.CutPrefix(l, "export "+name+"="); ok {
			return shellUnquote(v)
		}
	}
	t.Fatalf("sandbox env printed no %s: %s", name, out.String())
	return ""
}
