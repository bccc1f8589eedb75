package orch_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	client "github.com/iacsuite/providers/internal/client/orch"
)

// An inline TypeScript program of the Node.js Automation API uses the
// generated TypeScript SDK (an explicit provider, a model and an
// application): up deploys them to the controller, destroy removes the
// model, with the pulumi CLI alone.
func TestTypeScriptProgram(t *testing.T) {
	t.Parallel()
	address, api := startController(t)
	prog := pulumitest.NewTSProgram(t, "orch", fmt.Sprintf(`
    const provider = new orch.Provider("controller", {
        controllerAddresses: %q,
        username: "admin",
        password: %q,
    });
    const model = new orch.Model("typescript", {
        name: "typescript",
        clouds: [{ name: "localhost", region: "localhost" }],
    }, { provider });
    const app = new orch.Application("database", {
        modelUuid: model.uuid,
        name: "mysql",
        charms: [{ name: "mysql" }],
        units: 1,
    }, { provider });
    return { modelUuid: model.uuid, app: app.name };`, address, testPassword))

	out := prog.Up(t)
	uuid, _ := out["modelUuid"].(string)
	if uuid == "" || out["app"] != "mysql" {
		t.Fatalf("outputs %v", out)
	}
	if _, err := api.Application(context.Background(), uuid, "mysql"); err != nil {
		t.Errorf("application in the controller: %v", err)
	}
	prog.Destroy(t)
	if _, err := api.Model(context.Background(), uuid); !client.IsNotFound(err) {
		t.Errorf("the model is still there after destroy: %v", err)
	}
}
