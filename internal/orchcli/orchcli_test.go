package orchcli_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	cliapi "github.com/iacsuite/providers/internal/api/orchcli"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/orchcli"
)

// orchBin is cmd/orch built once for the package: bootstrap starts the
// controller as a process of that binary.
var orchBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "orchcli-test")
	if err != nil {
		panic(err)
	}
	orchBin = filepath.Join(dir, "orch")
	out, err := exec.Command("go", "build", "-o", orchBin, "github.com/iacsuite/providers/cmd/orch").CombinedOutput()
	if err != nil {
		fmt.Fprintf(os.Stderr, "build cmd/orch: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type result struct {
	code           int
	stdout, stderr string
}

// orch runs the CLI as a process of its own on the data directory.
func orch(t *testing.T, data, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(orchBin, append([]string{"--data-dir", data}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return result{code: code, stdout: stdout.String(), stderr: stderr.String()}
}

// dataDir is a data directory whose controllers are destroyed when the test
// ends, whatever happened.
func dataDir(t *testing.T) string {
	d := t.TempDir()
	t.Cleanup(func() {
		entries, _ := os.ReadDir(filepath.Join(d, "controllers"))
		for _, e := range entries {
			orch(t, d, "", "destroy-controller", e.Name(), "--no-prompt", "--force", "--destroy-all-models", "--destroy-storage")
		}
	})
	return d
}

// processesOf lists the processes whose command line names the directory.
func processesOf(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	procs, err := filepath.Glob("/proc/[0-9]*/cmdline")
	require.NoError(t, err)
	for _, p := range procs {
		raw, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if strings.Contains(string(raw), dir) && strings.Contains(string(raw), "run-controller") {
			out = append(out, strings.ReplaceAll(string(raw), "\x00", " "))
		}
	}
	return out
}

func details(t *testing.T, raw string) cliapi.Details {
	t.Helper()
	var d cliapi.Details
	require.NoError(t, json.Unmarshal([]byte(raw), &d), raw)
	return d
}

func connect(t *testing.T, d cliapi.Details) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{Addresses: d.APIAddresses, Username: d.Username, Password: d.Password, CACertificate: d.CACert})
	require.NoError(t, err)
	return c
}

func TestBootstrapShowUpgradeDestroy(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	data := dataDir(t)
	cred := `{"name": "ops", "auth_type": "certificate", "attributes": {"client-cert": "c", "client-key": "k"}}`
	r := orch(t, data, cred, "bootstrap", "localhost", "c1", "--format", "json", "--credential-file", "-",
		"--agent-version", "3.6.10", "--bootstrap-base", "ubuntu@22.04", "--bootstrap-constraints", "cores=2 mem=4G",
		"--constraints", "mem=2G", "--config", "admin-secret=sesame-open-1", "--controller-config", "audit-log-max-backups=3",
		"--controller-config", "allow-model-access=true", "--controller-model-config", "http-proxy=http://proxy:3128",
		"--model-default", "development=true", "--storage-pool", "name=fast type=loop size=1G")
	require.Equal(t, 0, r.code, r.stderr)
	d := details(t, r.stdout)
	assert.Equal(t, "admin", d.Username)
	assert.Equal(t, "sesame-open-1", d.Password)
	assert.Equal(t, "3.6.10", d.AgentVersion)
	assert.Contains(t, d.CACert, "BEGIN CERTIFICATE")
	require.Len(t, d.APIAddresses, 1)
	assert.NotContains(t, r.stdout+r.stderr, "client-key\": \"k", "the credential is not echoed")
	// The records on disk hold the password and the credential sealed
	// (security issue 34).
	for _, f := range []string{"controller.json", "agent.json"} {
		raw, err := os.ReadFile(filepath.Join(data, "controllers", "c1", f))
		require.NoError(t, err)
		assert.NotContains(t, string(raw), "sesame-open-1", f)
		assert.NotContains(t, string(raw), "client-key", f)
		assert.Contains(t, string(raw), "orch-sealed-v1", f)
	}

	// The controller answers at its address with the admin credentials, and
	// holds what the bootstrap applied.
	c := connect(t, d)
	info, err := c.Controller(ctx)
	require.NoError(t, err)
	assert.Equal(t, d.UUID, info.UUID)
	assert.Equal(t, "3.6.10", info.AgentVersion)
	cfg, err := c.ControllerConfig(ctx)
	require.NoError(t, err)
	assert.Equal(t, "3", cfg["audit-log-max-backups"])
	assert.Equal(t, "true", cfg["allow-model-access"])
	models, err := c.Models(ctx, "admin", orchcli.ControllerModel)
	require.NoError(t, err)
	require.Len(t, models, 1)
	ctrl := models[0]
	assert.Equal(t, "http://proxy:3128", ctrl.Config["http-proxy"])
	assert.Equal(t, "mem=2048M", ctrl.Constraints)
	assert.Equal(t, "localhost/admin/ops", ctrl.Credential)
	machines, err := c.Machines(ctx, ctrl.UUID)
	require.NoError(t, err)
	require.Len(t, machines, 1)
	assert.Equal(t, "ubuntu@22.04", machines[0].Base)
	pool, err := c.StoragePool(ctx, ctrl.UUID, "fast")
	require.NoError(t, err)
	assert.Equal(t, "loop", pool.Provider)
	assert.Equal(t, map[string]string{"size": "1G"}, pool.Attributes)
	hosted, err := c.CreateModel(ctx, api.CreateModelRequest{Name: "work", Credential: "ops"})
	require.NoError(t, err)
	mcfg, err := c.ModelConfig(ctx, hosted.UUID)
	require.NoError(t, err)
	assert.Equal(t, "true", mcfg["development"].Value, "model defaults apply to new models")

	// Another run of the CLI knows the controller.
	r = orch(t, data, "", "show-controller", "c1", "--format", "json")
	require.Equal(t, 0, r.code, r.stderr)
	var shown map[string]cliapi.Details
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &shown))
	assert.Equal(t, d.UUID, shown["c1"].UUID)
	assert.Equal(t, "running", shown["c1"].Status)
	assert.Empty(t, shown["c1"].Password, "no password without --show-password")
	r = orch(t, data, "", "show-controller", "c1")
	assert.Contains(t, r.stdout, "status: running")
	r = orch(t, data, "", "show-controller", "nope")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, `controller "nope" not found`)

	// The admin password and the credential change in place, at the
	// controller and in the records, which the upgrade's restart below
	// starts the controller from.
	r = orch(t, data, "short\n", "change-admin-password", "c1", "--password-file", "-")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "at least 8 characters")
	r = orch(t, data, "sesame-open-2\n", "change-admin-password", "c1", "--password-file", "-")
	require.Equal(t, 0, r.code, r.stderr)
	assert.NotContains(t, r.stdout+r.stderr, "sesame-open-2", "the password is not echoed")
	_, err = c.Login(ctx)
	require.Error(t, err, "the old password no longer logs in")
	d.Password = "sesame-open-2"
	c = connect(t, d)
	_, err = c.Login(ctx)
	require.NoError(t, err, "the new password logs in")
	r = orch(t, data, `{"name": "other", "auth_type": "certificate", "attributes": {}}`, "update-credential", "c1", "--credential-file", "-")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, `give the name of the bootstrapped credential, "ops"`)
	r = orch(t, data, `{"name": "ops", "auth_type": "certificate", "attributes": {"client-cert": "c2", "client-key": "k2-rotated"}}`,
		"update-credential", "c1", "--credential-file", "-")
	require.Equal(t, 0, r.code, r.stderr)
	got, err := c.Credential(ctx, "localhost", "admin", "ops")
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"client-cert": "c2", "client-key": "k2-rotated"}, got.Attributes)
	r = orch(t, data, "", "show-controller", "c1", "--format", "json", "--show-password")
	require.Equal(t, 0, r.code, r.stderr)
	shown = nil
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &shown))
	assert.Equal(t, "sesame-open-2", shown["c1"].Password)
	assert.Equal(t, "sesame-open-2", shown["c1"].Bootstrap.Config["admin-secret"])
	assert.Equal(t, "k2-rotated", shown["c1"].Bootstrap.Credential.Attributes["client-key"])
	for _, f := range []string{"controller.json", "agent.json"} {
		raw, err := os.ReadFile(filepath.Join(data, "controllers", "c1", f))
		require.NoError(t, err)
		assert.NotContains(t, string(raw), "sesame-open-2", f)
		assert.NotContains(t, string(raw), "k2-rotated", f)
	}

	// Upgrades: a higher patch of the same series only.
	for v, msg := range map[string]string{
		"3.7.0": "only within its major.minor series", "4.0.1": "only within its major.minor series",
		"3.6.9": "only a higher patch version", "3.6.10": "only a higher patch version", "3.6.99": "no agent binaries",
	} {
		r = orch(t, data, "", "upgrade-controller", "c1", "--agent-version", v)
		assert.Equal(t, 1, r.code, v)
		assert.Contains(t, r.stderr, msg, v)
	}
	r = orch(t, data, "", "upgrade-controller", "c1", "--agent-version", "3.6.12")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "upgraded from 3.6.10 to 3.6.12")
	info, err = c.Controller(ctx)
	require.NoError(t, err, "the same address and credentials after the upgrade")
	assert.Equal(t, "3.6.12", info.AgentVersion)
	assert.Equal(t, d.UUID, info.UUID)
	_, err = c.Model(ctx, hosted.UUID)
	require.NoError(t, err, "the models stay")

	// A controller hosting a model is destroyed only with --destroy-all-models.
	r = orch(t, data, "", "destroy-controller", "c1", "--no-prompt")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "hosts 1 model(s) (admin/work)")
	assert.Contains(t, r.stderr, "--destroy-all-models")
	r = orch(t, data, "n\n", "destroy-controller", "c1", "--destroy-all-models")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "not destroyed")
	r = orch(t, data, "", "destroy-controller", "c1", "--no-prompt", "--destroy-all-models")
	require.Equal(t, 0, r.code, r.stderr)
	assert.NoDirExists(t, filepath.Join(data, "controllers", "c1"))
	assert.Empty(t, processesOf(t, data))
	r = orch(t, data, "", "controllers")
	assert.Contains(t, r.stdout, "No controllers")
}

// TestBootstrapFailureLeavesNothing makes the storage-pool step fail after
// the controller process started: the process is stopped and the state
// removed.
func TestBootstrapFailureLeavesNothing(t *testing.T) {
	t.Parallel()
	data := dataDir(t)
	r := orch(t, data, "", "bootstrap", "localhost", "broken", "--storage-pool", "name=bad type=nope")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, `bootstrap of controller "broken" failed while adding the storage pool "bad"`)
	assert.Contains(t, r.stderr, `"nope" is not a storage provider`)
	assert.Contains(t, r.stderr, "stopped and its state removed")
	assert.NoDirExists(t, filepath.Join(data, "controllers", "broken"))
	assert.Empty(t, processesOf(t, data))

	// A model default the controller refuses stops its process from starting.
	r = orch(t, data, "", "bootstrap", "localhost", "broken", "--model-default", "no-such-key=1")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "--model-default no-such-key: not a model configuration key")
	assert.NoDirExists(t, filepath.Join(data, "controllers", "broken"))
}

func TestBootstrapRefusesBadInput(t *testing.T) {
	t.Parallel()
	data := dataDir(t)
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"bootstrap"}, 2, "takes the cloud"},
		{[]string{"bootstrap", "aws"}, 2, `the cloud "aws" is not built in`},
		{[]string{"bootstrap", "localhost", "Bad_Name"}, 1, "not a valid controller name"},
		{[]string{"bootstrap", "localhost", "--agent-version", "3.6"}, 1, "not an agent version"},
		{[]string{"bootstrap", "localhost", "--config", "nope=1"}, 1, "not a bootstrap option"},
		{[]string{"bootstrap", "localhost", "--controller-config", "audit-log-max-backups=x"}, 1, "not an integer"},
		{[]string{"bootstrap", "localhost", "--storage-pool", "name=x"}, 2, "needs name=<name> and type=<type>"},
		{[]string{"bootstrap", "localhost", "--credential-file", "-"}, 1, "not a JSON object"},
		{[]string{"upgrade-controller", "c9"}, 2, "--agent-version is required"},
		{[]string{"change-admin-password", "c9"}, 2, "--password-file is required"},
		{[]string{"change-admin-password", "c9", "--password-file", "-"}, 1, `controller "c9" not found`},
		{[]string{"update-credential", "c9", "--credential-file", "-"}, 1, "not a JSON object"},
		{[]string{"destroy-controller", "c9", "--destroy-storage", "--release-storage"}, 2, "exclude each other"},
		{[]string{"destroy-controller", "c9", "--no-prompt"}, 1, `controller "c9" not found`},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
	} {
		r := orch(t, data, "{not json", tc.args...)
		assert.Equal(t, tc.code, r.code, "%v: %s", tc.args, r.stderr)
		assert.Contains(t, r.stderr, tc.msg, tc.args)
	}
	assert.NoDirExists(t, filepath.Join(data, "controllers", "localhost"))
}

func TestHelp(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	r := orch(t, data, "", "--help")
	assert.Equal(t, 0, r.code)
	for _, c := range []string{"bootstrap", "show-controller", "upgrade-controller", "destroy-controller", "controllers", "change-admin-password", "update-credential"} {
		assert.Contains(t, r.stdout, c)
		for _, args := range [][]string{{c, "--help"}, {"help", c}} {
			r := orch(t, data, "", args...)
			assert.Equal(t, 0, r.code, args)
			assert.Contains(t, r.stdout, "Usage: orch "+c, args)
		}
	}
	r = orch(t, data, "", "destroy-controller", "--help")
	for _, f := range []string{"--destroy-all-models", "--destroy-storage", "--release-storage", "--force", "--model-timeout", "--no-prompt"} {
		assert.Contains(t, r.stdout, f)
	}
	assert.NotContains(t, orch(t, data, "", "--help").stdout, "run-controller", "the process command is not for users")
}
