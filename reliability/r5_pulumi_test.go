package reliability

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	fwmgrsandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
	migrationsandbox "github.com/iacsuite/providers/internal/sandbox/migration"
	netfabsandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
)

// R5, Pulumi side: after `pulumi up` of a YAML program that uses every
// package, with the credentials set as secret stack configuration, neither
// the output of up and destroy nor `pulumi stack export` holds a secret in
// plaintext: the credentials, the value of an orch secret (also given
// write-only, valueWo), an orch user's write-only passwordWo and the signed
// upload address of an import data file are ciphertext in the state.
//
// It runs the CLI and plugins that `make pulumi-install` builds into bin/
// (the bridged providers are another Go module, so this test cannot build
// them); without them it is skipped, unless RELIABILITY_REQUIRE_PULUMI is
// set, which makes that a failure.

const secretsProgram = `name: r5-secrets
runtime: yaml

variables:
  versions:
    fn::invoke:
      function: fwmgr:index/getOsShowApiVersions:getOsShowApiVersions
      arguments: {}

resources:
  edge:
    type: netfab:index/port:Port
    properties:
      productName: r5-edge
      locationId: 1
      portSpeed: 10000
      contractTermMonths: 1
  job:
    type: cloudnative:migration/v1alpha1:ImportJob
    properties:
      importJobId: r5-job
  file:
    type: cloudnative:migration/v1alpha1:ImportDataFile
    properties:
      importJobId: ${job.importJobId}
      importDataFileId: r5-file
      format: IMPORT_JOB_FORMAT_MANUAL_CSV
  model:
    type: orch:index/model:Model
    properties:
      name: r5-model
  secret:
    type: orch:index/secret:Secret
    properties:
      modelUuid: ${model.uuid}
      name: r5-secret
      value:
        password: r5-pulumi-secret-value-3d1a
  # Write-only arguments: secret inputs of the Pulumi resources, kept
  # encrypted in the state (bridge/README.md).
  woSecret:
    type: orch:index/secret:Secret
    properties:
      modelUuid: ${model.uuid}
      name: r5-wo-secret
      valueWo:
        password: r5-pulumi-wo-value-8e4a
      valueWoVersion: 1
  user:
    type: orch:index/user:User
    properties:
      name: r5-pulumi-user
      passwordWo: r5-pulumi-user-password-6c0b
      passwordWoVersion: 1

outputs:
  uploadUri: ${file.uploadFileInfo.signedUri}
  apiVersion: ${versions.currentVersion}
`

func TestR5NoSecretInPulumiStackExport(t *testing.T) {
	bin, err := filepath.Abs(filepath.Join("..", "bin"))
	require.NoError(t, err)
	var missing []string
	for _, f := range []string{"pulumi", "pulumi-language-yaml", "pulumi-resource-netfab", "pulumi-resource-cloudnative",
		"pulumi-resource-fwmgr", "pulumi-resource-orch"} {
		if _, err := os.Stat(filepath.Join(bin, f)); err != nil {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		msg := "bin/ lacks " + strings.Join(missing, ", ") + "; `make pulumi-install` builds them"
		if os.Getenv("RELIABILITY_REQUIRE_PULUMI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}

	s := startServices(t, nil)
	state := t.TempDir()
	prog := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(prog, "Pulumi.yaml"), []byte(secretsProgram), 0o644))
	fw := strings.TrimPrefix(s.fwmgrURL, "https://")
	host, port, _ := strings.Cut(fw, ":")
	env := []string{
		"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + state,
		"PULUMI_HOME=" + filepath.Join(state, "home"),
		"PULUMI_BACKEND_URL=file://" + filepath.ToSlash(filepath.Join(state, "backend")),
		"PULUMI_CONFIG_PASSPHRASE=r5-passphrase",
		"PULUMI_SKIP_UPDATE_CHECK=true",
		"PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true",
		"PULUMI_SKIP_CONFIRMATIONS=true",
		"NO_COLOR=1",
		"SSL_CERT_FILE=" + os.Getenv("SSL_CERT_FILE"),
		"NETFAB_ACCEPT_PURCHASE_TERMS=true",
		"CLOUDNATIVE_PROJECT=reliability",
		"CLOUDNATIVE_LOCATION=us-central1",
		"TMPDIR=" + os.TempDir(),
	}
	for _, d := range []string{filepath.Join(state, "home"), filepath.Join(state, "backend")} {
		require.NoError(t, os.MkdirAll(d, 0o755))
	}
	var outputs []string
	pulumi := func(args ...string) string {
		t.Helper()
		cmd := exec.CommandContext(context.Background(), filepath.Join(bin, "pulumi"), args...)
		cmd.Dir = prog
		cmd.Env = env
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		cmd.Stdin = strings.NewReader("")
		err := cmd.Run()
		outputs = append(outputs, out.String())
		require.NoError(t, err, "pulumi %s:\n%s", strings.Join(args, " "), outputTail(out.String()))
		return out.String()
	}
	pulumi("stack", "init", "dev", "--non-interactive")
	config := [][]string{
		{"netfab:environment", s.netfabURL},
		{"netfab:accessKey", netfabsandbox.DefaultAccessKey},
		{"--secret", "netfab:secretKey", netfabsandbox.DefaultSecretKey},
		{"cloudnative:endpoint", s.migrationURL},
		{"--secret", "cloudnative:accessToken", migrationsandbox.DefaultToken},
		{"fwmgr:server", host},
		{"fwmgr:port", port},
		{"fwmgr:username", fwmgrsandbox.DefaultUser},
		{"--secret", "fwmgr:password", fwmgrsandbox.DefaultPassword},
		{"fwmgr:sessionFileName", filepath.Join(state, "fwmgr-session")},
		{"orch:controllerAddresses", s.orchAddress},
		{"orch:username", "admin"},
		{"--secret", "orch:password", orchAdminPassword},
	}
	for _, c := range config {
		pulumi(append([]string{"config", "set"}, c...)...)
	}
	// The CA certificate is no secret; it comes from the environment.
	env = append(env, "ORCH_CA_CERT="+s.orchCACert)

	pulumi("up", "--yes", "--skip-preview", "--non-interactive")
	uri := strings.TrimSpace(pulumi("stack", "output", "uploadUri", "--show-secrets"))
	require.Contains(t, uri, "https://")
	outputs = outputs[:len(outputs)-1] // asked for with --show-secrets
	export := pulumi("stack", "export")
	pulumi("destroy", "--yes", "--skip-preview", "--non-interactive")

	secrets := map[string]string{
		"netfab secret key":             netfabsandbox.DefaultSecretKey,
		"cloudnative token":             migrationsandbox.DefaultToken,
		"fwmgr password":                fwmgrsandbox.DefaultPassword,
		"orch password":                 orchAdminPassword,
		"orch secret value":             "r5-pulumi-secret-value-3d1a",
		"orch secret valueWo":           "r5-pulumi-wo-value-8e4a",
		"orch user passwordWo":          "r5-pulumi-user-password-6c0b",
		"signed upload URI's signature": signature(t, uri),
	}
	all := strings.Join(outputs, "\n")
	require.Contains(t, export, "ciphertext", "the stack export holds secrets as ciphertext")
	leaks := 0
	for what, secret := range secrets {
		if strings.Contains(export, secret) {
			leaks++
			t.Errorf("the %s is in plaintext in the stack export, near: %s", what, around(export, secret))
		}
		if strings.Contains(all, secret) {
			leaks++
			t.Errorf("the %s appears in pulumi's output, near: %s", what, around(all, secret))
		}
	}
	Report(t, Row{Scenario: "R5 secrets in Pulumi state", Runs: 1, Checked: len(secrets)})
	require.Zero(t, leaks)
}
