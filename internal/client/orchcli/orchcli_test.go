package orchcli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	cliapi "github.com/iacsuite/providers/internal/api/orchcli"
)

// fakeCLI is a stand-in for the orch binary: it records its arguments, one
// a line, and the files they name, prints stdout and exits with code.
func fakeCLI(t *testing.T, stdout, stderr string, code int) (binary string, argsFile string) {
	t.Helper()
	dir := t.TempDir()
	argsFile = filepath.Join(dir, "args")
	for name, content := range map[string]string{"stdout": stdout, "stderr": stderr} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600))
	}
	script := "#!/bin/sh\n" +
		": > '" + argsFile + "'\n" +
		"for a in \"$@\"; do printf '%s\\n' \"$a\" >> '" + argsFile + "'; " +
		"case \"$a\" in *.json) cat \"$a\" >> '" + argsFile + ".files'; printf '\\n' >> '" + argsFile + ".files';; esac; done\n" +
		"cat '" + filepath.Join(dir, "stdout") + "'\n" +
		"cat '" + filepath.Join(dir, "stderr") + "' >&2\n" +
		"exit " + string(rune('0'+code)) + "\n"
	binary = filepath.Join(dir, "orch")
	require.NoError(t, os.WriteFile(binary, []byte(script), 0o700))
	return binary, argsFile
}

func lines(t *testing.T, file string) []string {
	t.Helper()
	raw, err := os.ReadFile(file)
	require.NoError(t, err)
	return strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
}

// TestDestroyFlagsInAStableOrder: the same flags give the same command
// line, every time (the resource once ranged over a map of them).
func TestDestroyFlagsInAStableOrder(t *testing.T) {
	binary, args := fakeCLI(t, "", "", 0)
	c := New(binary)
	flags := cliapi.DestroyFlags{DestroyAllModels: true, DestroyStorage: true, ReleaseStorage: true, Force: true, ModelTimeout: 90 * time.Second}
	want := []string{"destroy-controller", "c1", "--no-prompt", "--destroy-all-models", "--destroy-storage",
		"--release-storage", "--force", "--model-timeout=1m30s"}
	for range 10 {
		require.NoError(t, c.Destroy(context.Background(), "c1", flags))
		assert.Equal(t, want, lines(t, args))
	}
	require.NoError(t, c.Destroy(context.Background(), "c1", cliapi.DestroyFlags{Force: true}))
	assert.Equal(t, []string{"destroy-controller", "c1", "--no-prompt", "--force"}, lines(t, args))
}

func TestBootstrap(t *testing.T) {
	want := cliapi.Details{Name: "c1", UUID: "u", APIAddresses: []string{"127.0.0.1:1"}, Username: "admin", Password: "pw", AgentVersion: "3.6.9"}
	out, err := json.Marshal(want)
	require.NoError(t, err)
	binary, args := fakeCLI(t, string(out), "", 0)
	det, err := New(binary).Bootstrap(context.Background(), BootstrapRequest{
		Name:                 "c1",
		Cloud:                cliapi.CloudSpec{Name: "maas", Type: "maas", AuthTypes: []string{"oauth1"}, Region: &cliapi.RegionSpec{Name: "r1"}},
		Credential:           cliapi.CredentialSpec{Name: "cred", AuthType: "oauth1", Attributes: map[string]string{"maas-oauth": "secret"}},
		AgentVersion:         "3.6.9",
		BootstrapConstraints: map[string]string{"mem": "4G", "cores": "2"},
		Config:               map[string]string{"admin-secret": "pw"},
		ModelDefault:         map[string]string{"logging-config": "<root>=INFO"},
		StoragePool:          &cliapi.PoolSpec{Name: "p", Type: "loop", Attributes: map[string]string{"size": "1G"}},
	})
	require.NoError(t, err)
	assert.Equal(t, want.Name, det.Name)
	assert.Equal(t, want.Password, det.Password)

	got := lines(t, args)
	// Secrets are in files, never on the command line.
	for _, a := range got {
		assert.NotContains(t, a, "secret")
		assert.NotContains(t, a, "pw")
	}
	files := got[:0:0]
	for i, a := range got {
		if strings.HasSuffix(a, ".json") {
			files = append(files, got[i-1])
			// The files are gone once the CLI has read them.
			_, err := os.Stat(a)
			assert.True(t, os.IsNotExist(err), "%s: %v", a, err)
			got[i] = "<file>"
		}
	}
	assert.Equal(t, []string{"bootstrap", "maas/r1", "c1", "--format", "json", "--cloud-file", "<file>", "--credential-file", "<file>",
		"--agent-version", "3.6.9", "--bootstrap-constraints", "cores=2 mem=4G", "--config", "<file>", "--model-default", "<file>",
		"--storage-pool", "name=p type=loop size=1G"}, got)
	assert.Equal(t, []string{"--cloud-file", "--credential-file", "--config", "--model-default"}, files)
	written := lines(t, args+".files")
	assert.Contains(t, written, `{"name":"cred","auth_type":"oauth1","attributes":{"maas-oauth":"secret"}}`)
	assert.Contains(t, written, `{"admin-secret":"pw"}`)
}

func TestShowControllerNotFound(t *testing.T) {
	binary, _ := fakeCLI(t, "", "loading\nERROR "+cliapi.NotFound("c1")+" (orch controllers lists them)\n", 1)
	_, err := New(binary).ShowController(context.Background(), "c1")
	require.Error(t, err)
	assert.True(t, IsNotFound(err, "c1"), "%v", err)
	assert.False(t, IsNotFound(err, "c2"))
	assert.Equal(t, `orch show-controller: controller "c1" not found (orch controllers lists them)`, err.Error())
}

func TestShowController(t *testing.T) {
	binary, args := fakeCLI(t, `{"c1":{"name":"c1","controller-uuid":"u","status":"running","bootstrap":{"cloud":{"name":"localhost","type":"lxd","auth_types":["certificate"]},"agent-version":"3.6.9"}}}`, "", 0)
	det, err := New(binary).ShowController(context.Background(), "c1")
	require.NoError(t, err)
	assert.Equal(t, "running", det.Status)
	require.NotNil(t, det.Bootstrap)
	assert.Equal(t, "lxd", det.Bootstrap.Cloud.Type)
	assert.Equal(t, []string{"show-controller", "c1", "--format", "json", "--show-password"}, lines(t, args))

	_, err = New(binary).ShowController(context.Background(), "c2")
	assert.ErrorContains(t, err, `does not describe "c2"`)
}

func TestUpgradeAndUnexpectedAnswers(t *testing.T) {
	binary, args := fakeCLI(t, `{"controller":"c1","from":"3.6.9","to":"3.6.12"}`, "", 0)
	up, err := New(binary).Upgrade(context.Background(), "c1", "3.6.12")
	require.NoError(t, err)
	assert.Equal(t, cliapi.Upgrade{Controller: "c1", From: "3.6.9", To: "3.6.12"}, up)
	assert.Equal(t, []string{"upgrade-controller", "c1", "--agent-version", "3.6.12", "--format", "json"}, lines(t, args))

	binary, _ = fakeCLI(t, "Controller upgraded.", "", 0)
	_, err = New(binary).Upgrade(context.Background(), "c1", "3.6.12")
	assert.ErrorContains(t, err, "is "+binary+" the orch CLI?")

	_, err = New(filepath.Join(t.TempDir(), "missing")).Upgrade(context.Background(), "c1", "3.6.12")
	assert.ErrorContains(t, err, "cannot run the orch CLI")
}
