package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/sandbox/httpx"
)

// lastEnvLine begins the last line of the environment serve prints.
const lastEnvLine = "export SANDBOX_FWMGR_EAST_API_KEY="

// serveForEnv runs `sandbox serve` on free ports until the test ends and
// returns every line it printed up to the environment's last line, and a
// function that stops it.
func serveForEnv(t *testing.T, dir string, args ...string) ([]string, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	args = append([]string{"serve", "--state-dir", dir}, args...)
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
	var lines []string
	sc := bufio.NewScanner(pr)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if strings.HasPrefix(sc.Text(), lastEnvLine) {
			break
		}
	}
	if sc.Err() != nil || len(lines) == 0 || !strings.HasPrefix(lines[len(lines)-1], lastEnvLine) {
		cancel()
		t.Fatalf("serve printed %q (%v; exit: %v)", lines, sc.Err(), <-done)
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
	return lines, stop
}

// envBlock is the environment part of what serve printed.
func envBlock(t *testing.T, lines []string) string {
	t.Helper()
	for i, l := range lines {
		if strings.HasPrefix(l, "# The providers against this sandbox") {
			return strings.Join(lines[i:], "\n") + "\n"
		}
	}
	t.Fatalf("serve printed no environment: %q", lines)
	return ""
}

// inShell runs the printed text in a shell, as a user pasting it does, and
// returns the variables it exported.
func inShell(t *testing.T, text string, names ...string) map[string]string {
	t.Helper()
	script := text
	for _, n := range names {
		script += "printf '%s\\0' \"$" + n + "\"\n"
	}
	out, err := exec.Command("sh", "-c", script).Output()
	require.NoError(t, err, "sh: %s", script)
	values := strings.Split(string(out), "\x00")
	require.Len(t, values, len(names)+1, "%q", out)
	got := map[string]string{}
	for i, n := range names {
		got[n] = values[i]
	}
	return got
}

func TestServePrintsTheEnvironmentOfEachProvider(t *testing.T) {
	dir := t.TempDir()
	lines, stop := serveForEnv(t, dir)
	printed := envBlock(t, lines)
	urls := map[string]string{}
	var password, hubSecret string
	generated := map[string]string{}
	for _, l := range lines {
		if rest, ok := strings.CutPrefix(l, generatedNote); ok {
			f := strings.Fields(rest)
			for i := 0; i+1 < len(f) && strings.HasPrefix(f[i], "--"); i += 2 {
				generated[strings.TrimPrefix(f[i], "--")] = f[i+1]
			}
		}
		if p, ok := strings.CutPrefix(l, orchPasswordNote); ok {
			password = strings.Fields(p)[0]
		}
		if _, p, ok := strings.Cut(l, "hub: created the service account hub-admin with the client secret "); ok {
			hubSecret = strings.Fields(p)[0]
		}
		if name, u, ok := strings.Cut(l, ": https://"); ok {
			urls[name] = u
		}
	}
	require.NotEmpty(t, password, "the first start prints a generated password: %q", lines)
	require.NotEmpty(t, hubSecret, "the first start prints a generated hub client secret: %q", lines)
	require.Len(t, generated, len(generatedCredentials), "the first start prints the generated credentials: %q", lines)
	sandboxVars := make([]string, 0, len(generatedCredentials))
	wantVars := map[string]string{}
	for _, c := range generatedCredentials {
		name := "SANDBOX_" + strings.ToUpper(strings.ReplaceAll(c.flag, "-", "_"))
		sandboxVars = append(sandboxVars, name)
		wantVars[name] = generated[c.flag]
	}
	assert.Equal(t, wantVars, inShell(t, printed, sandboxVars...), "the environment has the generated credentials")

	env := inShell(t, printed, "SSL_CERT_FILE", "NETFAB_ACCESS_KEY", "NETFAB_SECRET_KEY", "NETFAB_ACCEPT_PURCHASE_TERMS", "NETFAB_ENVIRONMENT",
		"CLOUDNATIVE_ENDPOINT", "CLOUDNATIVE_ACCESS_TOKEN", "FWMGR_SERVER", "FWMGR_PORT", "FWMGR_USERNAME", "FWMGR_PASSWORD",
		"ORCH_CONTROLLER_ADDRESSES", "ORCH_USERNAME", "ORCH_PASSWORD", "ORCH_CA_CERT",
		"ORCH_HUB_ADDRESSES", "ORCH_HUB_CLIENT_ID", "ORCH_HUB_CLIENT_SECRET")
	abs, err := filepath.Abs(filepath.Join(dir, httpx.CertFileName))
	require.NoError(t, err)
	cert, err := os.ReadFile(abs)
	require.NoError(t, err)
	fw, err := url.Parse("https://" + urls["fwmgr"])
	require.NoError(t, err)
	assert.Equal(t, map[string]string{
		"SSL_CERT_FILE":                abs,
		"NETFAB_ACCESS_KEY":            "sandbox-access-key",
		"NETFAB_SECRET_KEY":            "sandbox-secret-key",
		"NETFAB_ACCEPT_PURCHASE_TERMS": "true",
		// netfab is not on the address of its environment "sandbox".
		"NETFAB_ENVIRONMENT":        "https://" + urls["netfab"],
		"CLOUDNATIVE_ENDPOINT":      "https://" + urls["migration"],
		"CLOUDNATIVE_ACCESS_TOKEN":  "sandbox-migration-token",
		"FWMGR_SERVER":              fw.Hostname(),
		"FWMGR_PORT":                fw.Port(),
		"FWMGR_USERNAME":            "admin",
		"FWMGR_PASSWORD":            generated["fwmgr-admin-password"],
		"ORCH_CONTROLLER_ADDRESSES": urls["orch"],
		"ORCH_USERNAME":             "admin",
		"ORCH_PASSWORD":             password,
		"ORCH_CA_CERT":              strings.TrimRight(string(cert), "\n"),
		"ORCH_HUB_ADDRESSES":        urls["hub"],
		"ORCH_HUB_CLIENT_ID":        "hub-admin",
		"ORCH_HUB_CLIENT_SECRET":    hubSecret,
	}, env)

	// `sandbox env` prints the same again while the sandbox runs.
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"env", "--state-dir", dir}, &out, io.Discard))
	assert.Equal(t, printed, out.String())
	info, err := os.Stat(filepath.Join(dir, envFileName))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "the file holds credentials")

	// Stopped, there is nothing to point the providers at.
	stop()
	err = run(context.Background(), []string{"env", "--state-dir", dir}, io.Discard, io.Discard)
	require.ErrorContains(t, err, "no sandbox is running on the state directory")

	// The orch service keeps the password of its first start, and so does
	// the environment of the next start.
	lines, _ = serveForEnv(t, dir)
	again := inShell(t, envBlock(t, lines), "ORCH_PASSWORD", "ORCH_HUB_CLIENT_SECRET", "FWMGR_PASSWORD")
	assert.Equal(t, map[string]string{"ORCH_PASSWORD": password, "ORCH_HUB_CLIENT_SECRET": hubSecret, "FWMGR_PASSWORD": generated["fwmgr-admin-password"]}, again)
	for _, l := range lines {
		assert.NotContains(t, l, generatedNote, "the generated credentials are printed once")
	}
}

func TestServePrintsTheGivenOrchPassword(t *testing.T) {
	lines, _ := serveForEnv(t, t.TempDir(), "--orch-admin-password", "it's-a-pass word", "--migration-token", "tok")
	env := inShell(t, envBlock(t, lines), "ORCH_PASSWORD", "CLOUDNATIVE_ACCESS_TOKEN")
	assert.Equal(t, map[string]string{"ORCH_PASSWORD": "it's-a-pass word", "CLOUDNATIVE_ACCESS_TOKEN": "tok"}, env)
}

func TestShellQuote(t *testing.T) {
	for _, s := range []string{"plain", "", "it's", "a b", `$HOME`, "x'y'z"} {
		assert.Equal(t, s, shellUnquote(shellQuote(s)), s)
		out, err := exec.Command("sh", "-c", "printf %s "+shellQuote(s)).Output()
		require.NoError(t, err)
		assert.Equal(t, s, string(out))
	}
}
