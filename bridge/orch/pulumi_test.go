package orch_test

// Tests that drive the real Pulumi CLI (bin/pulumi, file backend) and the
// bridged provider plugin (pulumi-resource-orch) against an orch controller
// sandbox served in this process.

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	client "github.com/iacsuite/providers/internal/client/orch"
	sandbox "github.com/iacsuite/providers/internal/sandbox/orch"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// testPassword is the controller admin's password: distinctive, so that a
// plaintext copy in a state file is found.
const testPassword = "pulumi-orch-pw-7e3b91c2"

func TestMain(m *testing.M) {
	// Trust the sandbox certificate (SSL_CERT_FILE) before anything in this
	// process, or the CLI and the plugins it starts, loads the system pool.
	tb, cleanup := sandboxtest.ForMain()
	sandboxtest.Serve(tb, http.NotFoundHandler())
	code := m.Run()
	pulumitest.Cleanup()
	cleanup()
	os.Exit(code)
}

// startController serves a fresh controller and returns its address and a
// client of its API.
func startController(t *testing.T) (string, *client.Client) {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "orch.db"))
	if err != nil {
		t.Fatalf("store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	h, err := sandbox.New(sandbox.Config{Store: st, AdminPassword: testPassword})
	if err != nil {
		t.Fatalf("sandbox: %v", err)
	}
	u, err := url.Parse(sandboxtest.Serve(t, h))
	if err != nil {
		t.Fatal(err)
	}
	api, err := client.New(client.Config{Addresses: []string{u.Host}, Username: "admin", Password: testPassword})
	if err != nil {
		t.Fatal(err)
	}
	return u.Host, api
}

func exampleDir(t *testing.T) string {
	t.Helper()
	root, err := pulumitest.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(root, "..", "examples", "pulumi", "orch")
}

// The example YAML program deploys a model with two integrated
// applications; a second preview shows no changes, the password is only in
// the state encrypted, scaling updates in place, and destroy removes the
// model.
func TestYAMLProgram(t *testing.T) {
	ctx := context.Background()
	address, api := startController(t)
	cli := pulumitest.New(t, "orch")
	dir := cli.Project(exampleDir(t))

	cli.Run(dir, "stack", "init", "dev", "--non-interactive")
	cli.Run(dir, "config", "set", "orch:controllerAddresses", address)
	cli.Run(dir, "config", "set", "orch:username", "admin")
	cli.Run(dir, "config", "set", "--secret", "orch:password", testPassword)

	cli.Run(dir, "up", "--yes", "--skip-preview", "--non-interactive")
	var out map[string]any
	cli.RunJSON(dir, &out, "stack", "output", "--json")
	uuid, _ := out["modelUuid"].(string)
	if uuid == "" || out["modelType"] != "iaas" {
		t.Fatalf("outputs: %v", out)
	}
	if units, _ := out["wordpressUnits"].([]any); len(units) != 2 {
		t.Errorf("wordpress units: %v", out["wordpressUnits"])
	}
	for _, name := range []string{"wordpress", "mysql"} {
		if _, err := api.Application(ctx, uuid, name); err != nil {
			t.Errorf("application %s: %v", name, err)
		}
	}
	list, err := api.Integrations(ctx, uuid, "wordpress:db")
	if err != nil || len(list) != 1 {
		t.Fatalf("integrations of wordpress:db: %+v (%v)", list, err)
	}
	if out["integrationId"] != uuid+":wordpress:db:mysql:mysql" {
		t.Errorf("integration id %v", out["integrationId"])
	}

	t.Log("a second preview shows no changes")
	var p pulumitest.Preview
	cli.RunJSON(dir, &p, "preview", "--json", "--non-interactive")
	if p.Changes() != 0 {
		t.Errorf("preview shows changes: %v\n%+v", p.ChangeSummary, p.Steps)
	}

	t.Log("the state holds the password only encrypted")
	if state := cli.Run(dir, "stack", "export"); strings.Contains(state, testPassword) {
		t.Errorf("the password is in the state in plain text")
	}

	t.Log("scaling the blog updates it in place")
	cli.Run(dir, "config", "set", "--type", "int", "blogUnits", "3")
	cli.RunJSON(dir, &p, "preview", "--json", "--non-interactive")
	if ops := p.Ops(); ops["wordpress"] != "update" {
		t.Errorf("preview after scaling: %v", ops)
	}
	cli.Run(dir, "up", "--yes", "--skip-preview", "--non-interactive")
	if app, err := api.Application(ctx, uuid, "wordpress"); err != nil || app.Scale != 3 {
		t.Errorf("wordpress after scaling: %+v (%v)", app.Scale, err)
	}

	t.Log("destroy removes the model")
	cli.Run(dir, "destroy", "--yes", "--skip-preview", "--non-interactive")
	if _, err := api.Model(ctx, uuid); !client.IsNotFound(err) {
		t.Errorf("the model is still there after destroy: %v", err)
	}
	cli.Run(dir, "stack", "rm", "--yes", "--non-interactive")
}
