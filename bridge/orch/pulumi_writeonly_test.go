package orch_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	client "github.com/iacsuite/providers/internal/client/orch"
)

// writeOnlyProgram gives a secret's content through valueWo, the Pulumi
// form of the write-only value_wo, and a user's password through
// passwordWo, from a secret configuration value.
const writeOnlyProgram = `name: orch-write-only
runtime: yaml
config:
  dbPassword:
    type: string
    secret: true
resources:
  model:
    type: orch:index/model:Model
    properties:
      name: write-only
  secret:
    type: orch:index/secret:Secret
    properties:
      modelUuid: ${model.uuid}
      name: db-password
      valueWo:
        password: ${dbPassword}
      valueWoVersion: 1
  user:
    type: orch:index/user:User
    properties:
      name: pulumi-wo-user
      passwordWo: ${dbPassword}
      passwordWoVersion: 1
outputs:
  modelUuid: ${model.uuid}
  secretId: ${secret.secretId}
`

// What Pulumi users get of a write-only argument with the pinned bridge
// (bridge/README.md): the value reaches the controller, and Pulumi keeps it
// as a secret input, encrypted in the state, never in plain text.
func TestWriteOnlyValueIsASecretInput(t *testing.T) {
	ctx := context.Background()
	address, api := startController(t)
	cli := pulumitest.New(t, "orch")
	src := t.TempDir()
	if err := os.WriteFile(filepath.Join(src, "Pulumi.yaml"), []byte(writeOnlyProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := cli.Project(src)
	const content = "pulumi-wo-content-5d2e81"
	cli.InitStack(dir, "dev", append(directConfig(address), pulumitest.Setting{Key: "dbPassword", Value: content, Secret: true}))
	cli.Up(dir)
	out := cli.Outputs(dir)
	uuid, _ := out["modelUuid"].(string)
	id, _ := out["secretId"].(string)
	got, err := api.Secret(ctx, uuid, id, true)
	if err != nil {
		t.Fatal(err)
	}
	if got.Value["password"] != content {
		t.Fatalf("the controller holds %v", got.Value)
	}
	user, err := client.New(client.Config{Addresses: []string{address}, Username: "pulumi-wo-user", Password: content})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := user.Login(ctx); err != nil {
		t.Fatalf("the user does not log in with the write-only password: %v", err)
	}
	cli.ExpectNoChanges(dir)
	cli.ExpectNotInState(dir, content, "the write-only value")
	cli.Destroy(dir)
	cli.RemoveStack(dir)
}
