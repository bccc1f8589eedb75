package orch_test

// Tests that drive the real Pulumi CLI (bin/pulumi, file backend) and the
// bridged provider plugin (pulumi-resource-orch) against an orch controller
// sandbox served in this process.

import (
	"context"
	"net/http"
	"testing"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	client "github.com/iacsuite/providers/internal/client/orch"
	sandbox "github.com/iacsuite/providers/internal/sandbox/orch"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// testPassword is the controller admin's password: distinctive, so that a
// plaintext copy in a state file is found.
const testPassword = "pulumi-orch-pw-7e3b91c2"

func TestMain(m *testing.M) { pulumitest.Main(m) }

// startController serves a fresh controller and returns its address and a
// client of its API.
func startController(t *testing.T) (string, *client.Client) {
	t.Helper()
	u := pulumitest.ServeSandbox(t, "orch", func(st *store.Store) (http.Handler, error) {
		return sandbox.New(sandbox.Config{Store: st, AdminPassword: testPassword})
	})
	api, err := client.New(client.Config{Addresses: []string{u.Host}, Username: "admin", Password: testPassword})
	if err != nil {
		t.Fatal(err)
	}
	return u.Host, api
}

// directConfig is the stack configuration of the provider against the
// controller at address, as its administrator (the password a secret).
func directConfig(address string) pulumitest.Config {
	return pulumitest.Config{
		{Key: "orch:controllerAddresses", Value: address},
		{Key: "orch:username", Value: "admin"},
		{Key: "orch:password", Value: testPassword, Secret: true},
	}
}

// The example YAML program deploys a model with two integrated
// applications; a second preview shows no changes, the password is only in
// the state encrypted, scaling updates in place, and destroy removes the
// model.
func TestYAMLProgram(t *testing.T) {
	ctx := context.Background()
	address, api := startController(t)
	cli := pulumitest.New(t, "orch")
	dir := cli.Example("orch")
	cli.InitStack(dir, "dev", directConfig(address))

	cli.Up(dir)
	out := cli.Outputs(dir)
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
	cli.ExpectNoChanges(dir)

	t.Log("the state holds the password only encrypted")
	cli.ExpectNotInState(dir, testPassword, "the password")

	t.Log("scaling the blog updates it in place")
	cli.Run(dir, "config", "set", "--type", "int", "blogUnits", "3")
	if ops := cli.Preview(dir).Ops(); ops["wordpress"] != "update" {
		t.Errorf("preview after scaling: %v", ops)
	}
	cli.Up(dir)
	if app, err := api.Application(ctx, uuid, "wordpress"); err != nil || app.Scale != 3 {
		t.Errorf("wordpress after scaling: %+v (%v)", app.Scale, err)
	}

	t.Log("destroy removes the model")
	cli.Destroy(dir)
	if _, err := api.Model(ctx, uuid); !client.IsNotFound(err) {
		t.Errorf("the model is still there after destroy: %v", err)
	}
	cli.RemoveStack(dir)
}
