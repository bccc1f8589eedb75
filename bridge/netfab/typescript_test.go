package netfab_test

import (
	"fmt"
	"testing"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	client "github.com/iacsuite/providers/internal/client/netfab"
	sandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
)

// An inline TypeScript program of the Node.js Automation API uses the
// generated TypeScript SDK (an explicit provider, a data source, a cloud
// router): up creates the router in the sandbox, destroy cancels it, with
// the pulumi CLI alone.
func TestTypeScriptProgram(t *testing.T) {
	t.Parallel()
	url, api := startSandbox(t)
	prog := pulumitest.NewTSProgram(t, "netfab", fmt.Sprintf(`
    const provider = new netfab.Provider("sandbox", {
        environment: %q,
        accessKey: %q,
        secretKey: %q,
        acceptPurchaseTerms: true,
        waitTime: 2,
    });
    const loc = await netfab.getLocation({ name: "Equinix SY1" }, { provider });
    const mcr = new netfab.Mcr("router", {
        productName: "typescript-router",
        locationId: loc.id,
        portSpeed: 1000,
        contractTermMonths: 1,
        resourceTags: { owner: "typescript" },
    }, { provider });
    return { location: loc.name, mcrUid: mcr.productUid, mcrStatus: mcr.provisioningStatus };`,
		url, sandbox.DefaultAccessKey, testSecretKey))

	out := prog.Up(t)
	uid, _ := out["mcrUid"].(string)
	if out["location"] != "Equinix SY1" || uid == "" {
		t.Fatalf("outputs %v", out)
	}
	if p := product(t, api, uid); p.ProductName != "typescript-router" || !client.IsProvisioned(p.ProvisioningStatus) {
		t.Errorf("MCR in the sandbox: %q %s", p.ProductName, p.ProvisioningStatus)
	}
	prog.Destroy(t)
	expectNothingActive(t, api)
}
