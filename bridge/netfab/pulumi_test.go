package netfab_test

// Tests that drive the real Pulumi CLI (bin/pulumi, file backend) and the
// bridged provider plugin (pulumi-resource-netfab) against netfab sandboxes
// served in this process, one sandbox per test so that "nothing is left"
// can be checked through the sandbox API.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	netfabsdk "github.com/iacsuite/providers/bridge/sdk/netfab/go/netfab"
	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	sandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// testSecretKey is the sandboxes' API secret: distinctive, so that a
// plaintext copy in a state file is found.
const testSecretKey = "pulumi-test-secret-5d0c8e1f9a"

// provisioningDelay is short but makes every create really wait.
const provisioningDelay = 30 * time.Millisecond

// The product types an example creates; "nothing is left" means none of
// them is active.
var productTypes = []string{
	netfabapi.ProductTypeMCR, netfabapi.ProductTypePort, netfabapi.ProductTypeIX, netfabapi.ProductTypeNATGateway,
}

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

// startSandbox serves a fresh netfab sandbox and returns its URL and a
// client of its API.
func startSandbox(t *testing.T) (string, *client.Client) {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "netfab.db"))
	if err != nil {
		t.Fatalf("store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	h, err := sandbox.New(sandbox.Config{Store: st, SecretKey: testSecretKey, ProvisioningDelay: provisioningDelay})
	if err != nil {
		t.Fatalf("sandbox: %v", err)
	}
	url := sandboxtest.Serve(t, h)
	api, err := client.New(client.Config{BaseURL: url, AccessKey: sandbox.DefaultAccessKey, SecretKey: testSecretKey})
	if err != nil {
		t.Fatal(err)
	}
	return url, api
}

// exampleDir is the YAML program of the repository.
func exampleDir(t *testing.T) string {
	t.Helper()
	root, err := pulumitest.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(root, "..", "examples", "pulumi", "netfab")
}

// The example YAML program goes through a whole life: up, an empty second
// preview and refresh, no plaintext secret in the state, an in-place update
// and a replacement that behave as in Terraform, and a destroy that leaves
// nothing behind.
func TestYAMLProgram(t *testing.T) {
	ctx := context.Background()
	url, api := startSandbox(t)
	cli := pulumitest.New(t, "netfab")
	dir := cli.Project(exampleDir(t))

	cli.Run(dir, "stack", "init", "dev", "--non-interactive")
	cli.Run(dir, "config", "set", "netfab:environment", url)
	cli.Run(dir, "config", "set", "netfab:accessKey", sandbox.DefaultAccessKey)
	cli.Run(dir, "config", "set", "--secret", "netfab:secretKey", testSecretKey)
	cli.Run(dir, "config", "set", "netfab:acceptPurchaseTerms", "true")

	cli.Run(dir, "up", "--yes", "--skip-preview", "--non-interactive")
	out := outputs(t, cli, dir)
	mcrUID, _ := out["mcrUid"].(string)
	natUID, _ := out["natGatewayUid"].(string)
	ixUID, _ := out["ixUid"].(string)
	for _, key := range []string{"mcrUid", "ixUid", "natGatewayUid", "ipsecAddOn", "awsPartnerPort"} {
		if s, _ := out[key].(string); s == "" {
			t.Errorf("output %s is empty: %v", key, out)
		}
	}
	// The provider waits until a product is provisioned: CONFIGURED or LIVE.
	mcrStatus, _ := out["mcrStatus"].(string)
	natStatus, _ := out["natGatewayStatus"].(string)
	if !client.IsProvisioned(mcrStatus) || !client.IsProvisioned(natStatus) {
		t.Errorf("products are not provisioned: mcr %q, nat %q", mcrStatus, natStatus)
	}
	if out["mcrFound"] != "demo-core-router" || out["smallestMveSize"] == "" {
		t.Errorf("data source outputs: getMcrs %v, getMveSizes %v", out["mcrFound"], out["smallestMveSize"])
	}
	mcr := product(t, api, mcrUID)
	if mcr.ProductName != "demo-core-router" || mcr.MCR == nil || mcr.MCR.ASN != 64512 {
		t.Errorf("MCR in the sandbox: name %q, details %+v", mcr.ProductName, mcr.MCR)
	}
	if p := product(t, api, ixUID); !client.IsProvisioned(p.ProvisioningStatus) {
		t.Errorf("IX is %s", p.ProvisioningStatus)
	}
	lists, err := api.NATPrefixLists(ctx, natUID)
	if err != nil || len(lists) != 1 || lists[0].Description != "internal ranges" {
		t.Errorf("NAT prefix lists in the sandbox: %+v (%v)", lists, err)
	}

	t.Log("a second preview and a refresh show no changes")
	expectNoChanges(t, cli, dir)
	cli.Run(dir, "refresh", "--yes", "--skip-preview", "--expect-no-changes", "--non-interactive")
	expectNoChanges(t, cli, dir)

	t.Log("the state holds the secret key only encrypted")
	checkSecretNotInState(t, cli, dir)

	t.Log("changing the MCR's name and ASN updates it in place")
	cli.Run(dir, "config", "set", "routerName", "renamed-core-router")
	cli.Run(dir, "config", "set", "--type", "int", "routerAsn", "65001")
	p := preview(t, cli, dir)
	if ops := p.Ops(); ops["core"] != "update" || p.Changes() != 1 {
		t.Errorf("preview after renaming the MCR: %v (%v)", ops, p.ChangeSummary)
	}
	cli.Run(dir, "up", "--yes", "--skip-preview", "--non-interactive")
	mcr = product(t, api, mcrUID)
	if mcr.ProductName != "renamed-core-router" || mcr.MCR == nil || mcr.MCR.ASN != 65001 {
		t.Errorf("MCR after the update: name %q, details %+v", mcr.ProductName, mcr.MCR)
	}
	if got := outputs(t, cli, dir)["mcrUid"]; got != mcrUID {
		t.Errorf("the MCR was replaced: %v, was %s", got, mcrUID)
	}
	expectNoChanges(t, cli, dir)

	t.Log("changing the NAT gateway's promo code replaces it")
	cli.Run(dir, "config", "set", "natPromoCode", "SPRING")
	p = preview(t, cli, dir)
	// Unchanged resources are not listed, or listed as "same".
	if ops := p.Ops(); ops["egress"] != "replace" || (ops["core"] != "" && ops["core"] != "same") {
		t.Errorf("preview after changing the promo code: %v", ops)
	}
	for _, s := range p.Steps {
		if strings.HasSuffix(s.URN, "::egress") && !slices.Contains(s.ReplaceReasons, "promoCode") {
			t.Errorf("the NAT gateway is replaced for %v, not promoCode", s.ReplaceReasons)
		}
	}
	cli.Run(dir, "up", "--yes", "--skip-preview", "--non-interactive")
	newNAT, _ := outputs(t, cli, dir)["natGatewayUid"].(string)
	if newNAT == "" || newNAT == natUID {
		t.Errorf("the NAT gateway was not replaced: %s", newNAT)
	}
	if old := product(t, api, natUID); old.ProvisioningStatus != netfabapi.StatusCancelled && old.ProvisioningStatus != netfabapi.StatusDecommissioned {
		t.Errorf("the replaced NAT gateway is %s", old.ProvisioningStatus)
	}
	if lists, err := api.NATPrefixLists(ctx, newNAT); err != nil || len(lists) != 1 {
		t.Errorf("prefix lists of the new NAT gateway: %+v (%v)", lists, err)
	}
	expectNoChanges(t, cli, dir)

	t.Log("destroy removes everything")
	cli.Run(dir, "destroy", "--yes", "--skip-preview", "--non-interactive")
	expectNothingActive(t, api)
	var export struct {
		Deployment struct {
			Resources []json.RawMessage `json:"resources"`
		} `json:"deployment"`
	}
	cli.RunJSON(dir, &export, "stack", "export")
	if n := len(export.Deployment.Resources); n != 0 {
		t.Errorf("%d resources left in the state after destroy", n)
	}
	cli.Run(dir, "stack", "rm", "--yes", "--non-interactive")
}

// `pulumi import` adopts a NAT gateway ordered outside Pulumi by the import
// ID the seed gives (its product UID); the program that declares it then
// previews without changes, and destroy cancels it.
func TestImport(t *testing.T) {
	ctx := context.Background()
	cli := pulumitest.New(t, "netfab")
	url, api := startSandbox(t)
	ordered, err := api.Order(ctx, uuid.NewString(), netfabapi.OrderItem{
		ProductType:        netfabapi.ProductTypeNATGateway,
		ProductName:        "imported-nat",
		LocationID:         1,
		ContractTermMonths: 12,
		DiversityZone:      "blue",
		NATGateway:         &netfabapi.NATConfig{Speed: 2500, SessionCount: 200000, ASN: 64600},
	})
	if err != nil || len(ordered) != 1 {
		t.Fatalf("ordering a NAT gateway: %v %+v", err, ordered)
	}
	uid := ordered[0].ProductUID
	if _, err := api.WaitForProvisioned(ctx, uid, time.Minute); err != nil {
		t.Fatal(err)
	}

	// This time the credentials come from the environment, as the seed allows.
	cli.Setenv("NETFAB_ACCESS_KEY", sandbox.DefaultAccessKey)
	cli.Setenv("NETFAB_SECRET_KEY", testSecretKey)
	cli.Setenv("NETFAB_ACCEPT_PURCHASE_TERMS", "true")
	dir := t.TempDir()
	program := `name: netfab-import
runtime: yaml
resources:
  adopted:
    type: netfab:index/natGateway:NatGateway
    properties:
      productName: imported-nat
      locationId: 1
      contractTermMonths: 12
      diversityZone: blue
      speed: 2500
      sessionCount: 200000
      asn: 64600
`
	if err := os.WriteFile(filepath.Join(dir, "Pulumi.yaml"), []byte(program), 0o644); err != nil {
		t.Fatal(err)
	}
	cli.Run(dir, "stack", "init", "dev", "--non-interactive")
	cli.Run(dir, "config", "set", "netfab:environment", url)

	cli.Run(dir, "import", "netfab:index/natGateway:NatGateway", "adopted", uid,
		"--yes", "--protect=false", "--non-interactive")

	res := stateResource(t, cli, dir, "netfab:index/natGateway:NatGateway")
	if res == nil {
		t.Fatal("the NAT gateway is not in the state after import")
	}
	if res.ID != uid || res.Outputs["productName"] != "imported-nat" || res.Outputs["speed"] != float64(2500) {
		t.Errorf("imported state: id %s, outputs %v", res.ID, res.Outputs)
	}
	checkSecretNotInState(t, cli, dir)
	expectNoChanges(t, cli, dir)

	cli.Run(dir, "destroy", "--yes", "--skip-preview", "--non-interactive")
	if p := product(t, api, uid); p.ProvisioningStatus != netfabapi.StatusCancelled && p.ProvisioningStatus != netfabapi.StatusDecommissioned {
		t.Errorf("the adopted NAT gateway is %s after destroy", p.ProvisioningStatus)
	}
	expectNothingActive(t, api)
}

// A Go program of the Automation API (inline, so no Go language host is
// needed) uses the generated Go SDK: an explicit provider, a data source, a
// cloud router and a NAT gateway with a prefix list, and the provider's
// terraformConfig method.
func TestAutomationAPIGoSDK(t *testing.T) {
	ctx := context.Background()
	url, api := startSandbox(t)
	cli := pulumitest.New(t, "netfab")
	// The Automation API runs the CLI found on this process's PATH.
	t.Setenv("PATH", cli.Env()["PATH"])

	program := func(ctx *pulumi.Context) error {
		p, err := netfabsdk.NewProvider(ctx, "sandbox", &netfabsdk.ProviderArgs{
			Environment:         pulumi.String(url),
			AccessKey:           pulumi.String(sandbox.DefaultAccessKey),
			SecretKey:           pulumi.String(testSecretKey),
			AcceptPurchaseTerms: pulumi.Bool(true),
			WaitTime:            pulumi.Float64(2),
		})
		if err != nil {
			return err
		}
		use := pulumi.Provider(p)
		loc, err := netfabsdk.GetLocation(ctx, &netfabsdk.GetLocationArgs{Name: pulumi.StringRef("Equinix SY1")}, use)
		if err != nil {
			return err
		}
		mcr, err := netfabsdk.NewMcr(ctx, "router", &netfabsdk.McrArgs{
			ProductName:        pulumi.String("automation-router"),
			LocationId:         pulumi.Int(loc.Id),
			PortSpeed:          pulumi.Int(1000),
			ContractTermMonths: pulumi.Int(1),
			ResourceTags:       pulumi.StringMap{"owner": pulumi.String("automation")},
		}, use)
		if err != nil {
			return err
		}
		nat, err := netfabsdk.NewNatGateway(ctx, "nat", &netfabsdk.NatGatewayArgs{
			ProductName:        pulumi.String("automation-nat"),
			LocationId:         pulumi.Int(loc.Id),
			DiversityZone:      pulumi.String("red"),
			Speed:              pulumi.Int(1000),
			SessionCount:       pulumi.Int(100000),
			ContractTermMonths: pulumi.Int(1),
		}, use)
		if err != nil {
			return err
		}
		list, err := netfabsdk.NewNatGatewayPrefixList(ctx, "internal", &netfabsdk.NatGatewayPrefixListArgs{
			NatGatewayProductUid: nat.ProductUid,
			Description:          pulumi.String("internal ranges"),
			AddressFamily:        pulumi.String("IPv4"),
			Entries: netfabsdk.NatGatewayPrefixListEntryArray{
				&netfabsdk.NatGatewayPrefixListEntryArgs{Action: pulumi.String("permit"), Prefix: pulumi.String("10.0.0.0/8"), Le: pulumi.Int(24)},
				&netfabsdk.NatGatewayPrefixListEntryArgs{Action: pulumi.String("deny"), Prefix: pulumi.String("0.0.0.0/0")},
			},
		}, use)
		if err != nil {
			return err
		}
		tfConfig, err := p.TerraformConfig(ctx)
		if err != nil {
			return err
		}
		ctx.Export("location", pulumi.String(loc.Name))
		ctx.Export("mcrUid", mcr.ProductUid)
		ctx.Export("natUid", nat.ProductUid)
		ctx.Export("prefixListId", list.NatGatewayPrefixListId)
		ctx.Export("terraformConfig", tfConfig.Result())
		return nil
	}

	stack, err := auto.UpsertStackInlineSource(ctx, "dev", "netfab-automation", program,
		auto.Project(workspace.Project{
			Name:    "netfab-automation",
			Runtime: workspace.NewProjectRuntimeInfo("go", nil),
			Backend: &workspace.ProjectBackend{URL: cli.Backend},
		}),
		auto.PulumiHome(cli.Home),
		auto.EnvVars(cli.Env()),
		auto.SecretsProvider("passphrase"),
	)
	if err != nil {
		t.Fatalf("stack: %v", err)
	}
	var log bytes.Buffer
	res, err := stack.Up(ctx, optup.ProgressStreams(&log), optup.ErrorProgressStreams(&log))
	if err != nil {
		t.Fatalf("up: %v\n%s", err, log.String())
	}
	mcrUID, _ := res.Outputs["mcrUid"].Value.(string)
	natUID, _ := res.Outputs["natUid"].Value.(string)
	if loc := res.Outputs["location"].Value; loc != "Equinix SY1" {
		t.Errorf("location output %v", loc)
	}
	if p := product(t, api, mcrUID); p.ProductName != "automation-router" || !client.IsProvisioned(p.ProvisioningStatus) {
		t.Errorf("MCR in the sandbox: %q %s", p.ProductName, p.ProvisioningStatus)
	}
	if tags, err := api.ResourceTags(ctx, mcrUID); err != nil || tags["owner"] != "automation" {
		t.Errorf("MCR tags %v (%v)", tags, err)
	}
	if lists, err := api.NATPrefixLists(ctx, natUID); err != nil || len(lists) != 1 || len(lists[0].Entries) != 2 {
		t.Errorf("NAT prefix lists %+v (%v)", lists, err)
	}
	// terraformConfig: the provider's settings under Terraform's names,
	// secret (so the output is secret as a whole).
	tc := res.Outputs["terraformConfig"]
	if !tc.Secret {
		t.Errorf("the terraformConfig output is not secret")
	}
	cfg, _ := tc.Value.(map[string]any)
	if cfg["environment"] != url || cfg["access_key"] != sandbox.DefaultAccessKey || cfg["secret_key"] != testSecretKey ||
		cfg["accept_purchase_terms"] != true || cfg["wait_time"] != float64(2) {
		t.Errorf("terraformConfig result %v", cfg)
	}

	if _, err := stack.Preview(ctx, optpreview.ExpectNoChanges()); err != nil {
		t.Errorf("second preview: %v", err)
	}
	// The Automation API exports with --show-secrets; the CLI's own export
	// must show no plaintext secret.
	checkSecretNotInState(t, cli, stack.Workspace().WorkDir())
	log.Reset()
	if _, err := stack.Destroy(ctx, optdestroy.ProgressStreams(&log)); err != nil {
		t.Fatalf("destroy: %v\n%s", err, log.String())
	}
	expectNothingActive(t, api)
	if err := stack.Workspace().RemoveStack(ctx, "dev"); err != nil {
		t.Error(err)
	}
}

func outputs(t *testing.T, cli *pulumitest.CLI, dir string) map[string]any {
	t.Helper()
	var out map[string]any
	cli.RunJSON(dir, &out, "stack", "output", "--json")
	return out
}

func preview(t *testing.T, cli *pulumitest.CLI, dir string) pulumitest.Preview {
	t.Helper()
	var p pulumitest.Preview
	cli.RunJSON(dir, &p, "preview", "--json", "--non-interactive")
	return p
}

func expectNoChanges(t *testing.T, cli *pulumitest.CLI, dir string) {
	t.Helper()
	if p := preview(t, cli, dir); p.Changes() != 0 {
		t.Errorf("preview shows changes: %v\n%+v", p.ChangeSummary, p.Steps)
	}
}

type stateRes struct {
	URN     string         `json:"urn"`
	Type    string         `json:"type"`
	ID      string         `json:"id"`
	Inputs  map[string]any `json:"inputs"`
	Outputs map[string]any `json:"outputs"`
}

func stackExport(t *testing.T, cli *pulumitest.CLI, dir string) (string, []stateRes) {
	t.Helper()
	raw := cli.Run(dir, "stack", "export")
	var export struct {
		Deployment struct {
			Resources []stateRes `json:"resources"`
		} `json:"deployment"`
	}
	if err := json.Unmarshal([]byte(raw), &export); err != nil {
		t.Fatalf("stack export: %v", err)
	}
	return raw, export.Deployment.Resources
}

func stateResource(t *testing.T, cli *pulumitest.CLI, dir, typ string) *stateRes {
	t.Helper()
	_, resources := stackExport(t, cli, dir)
	for i := range resources {
		if resources[i].Type == typ {
			return &resources[i]
		}
	}
	return nil
}

// checkSecretNotInState: `pulumi stack export` (without --show-secrets)
// holds no plaintext secret key, and the providers' secretKey input, where
// there is one, is a Pulumi secret.
func checkSecretNotInState(t *testing.T, cli *pulumitest.CLI, dir string) {
	t.Helper()
	raw, resources := stackExport(t, cli, dir)
	if strings.Contains(raw, testSecretKey) {
		t.Errorf("stack export holds the secret key in plaintext")
	}
	found := false
	for _, r := range resources {
		if r.Type != "pulumi:providers:netfab" {
			continue
		}
		found = true
		// Absent when the key comes from $NETFAB_SECRET_KEY.
		if v, present := r.Inputs["secretKey"]; present {
			sk, ok := v.(map[string]any)
			if !ok || sk["4dabf18193072939515e22adb298388d"] != "1b47061264138c4ac30d75fd1eb44270" {
				t.Errorf("provider %s: secretKey input is not a secret: %v", r.URN, v)
			}
		}
	}
	if !found {
		t.Errorf("no netfab provider in the state")
	}
}

func product(t *testing.T, api *client.Client, uid string) netfabapi.Product {
	t.Helper()
	p, err := api.Product(context.Background(), uid)
	if err != nil {
		t.Fatalf("product %s: %v", uid, err)
	}
	return p
}

// expectNothingActive: the sandbox has no active product left.
func expectNothingActive(t *testing.T, api *client.Client) {
	t.Helper()
	for _, typ := range productTypes {
		products, err := api.Products(context.Background(), typ)
		if err != nil {
			t.Fatalf("listing %s: %v", typ, err)
		}
		for _, p := range products {
			t.Errorf("%s", fmt.Sprintf("%s %s (%s) is still %s", typ, p.ProductUID, p.ProductName, p.ProvisioningStatus))
		}
	}
}

// An IX replaced by Pulumi keeps its port and VLAN, which the service gives
// to one IX at a time: the replacement deletes the old IX first (as
// Terraform does), or the new one is refused the VLAN.
func TestIxReplacementDeletesFirst(t *testing.T) {
	url, api := startSandbox(t)
	cli := pulumitest.New(t, "netfab")
	dir := t.TempDir()
	program := `name: netfab-ix-replacement
runtime: yaml
config:
  exchange:
    type: string
    default: Sydney IX
resources:
  edge:
    type: netfab:index/port:Port
    properties:
      productName: ix-replacement-port
      locationId: 1
      portSpeed: 10000
      contractTermMonths: 1
  peering:
    type: netfab:index/ix:Ix
    properties:
      productName: ix-replacement
      requestedProductUid: ${edge.productUid}
      networkServiceType: ${exchange}
      macAddress: 00:11:22:aa:bb:cc
      rateLimit: 1000
      vlan: 100
outputs:
  ixUid: ${peering.productUid}
  portUid: ${edge.productUid}
`
	if err := os.WriteFile(filepath.Join(dir, "Pulumi.yaml"), []byte(program), 0o644); err != nil {
		t.Fatal(err)
	}
	cli.Setenv("NETFAB_ACCESS_KEY", sandbox.DefaultAccessKey)
	cli.Setenv("NETFAB_SECRET_KEY", testSecretKey)
	cli.Setenv("NETFAB_ACCEPT_PURCHASE_TERMS", "true")
	cli.Run(dir, "stack", "init", "dev", "--non-interactive")
	cli.Run(dir, "config", "set", "netfab:environment", url)
	cli.Run(dir, "up", "--yes", "--skip-preview", "--non-interactive")
	out := outputs(t, cli, dir)
	oldUID, _ := out["ixUid"].(string)
	portUID, _ := out["portUid"].(string)

	t.Log("a new exchange replaces the IX; the up succeeds only if the old one goes first")
	cli.Run(dir, "config", "set", "exchange", "IX Australia Sydney")
	p := preview(t, cli, dir)
	if ops := p.Ops(); ops["peering"] != "replace" || (ops["edge"] != "" && ops["edge"] != "same") {
		t.Errorf("preview after changing the exchange: %v", ops)
	}
	for _, s := range p.Steps {
		if strings.HasSuffix(s.URN, "::peering") && !slices.Contains(s.ReplaceReasons, "networkServiceType") {
			t.Errorf("the IX is replaced for %v, not networkServiceType", s.ReplaceReasons)
		}
	}
	cli.Run(dir, "up", "--yes", "--skip-preview", "--non-interactive")
	newUID, _ := outputs(t, cli, dir)["ixUid"].(string)
	if newUID == "" || newUID == oldUID {
		t.Fatalf("the IX was not replaced: %s, was %s", newUID, oldUID)
	}
	if old := product(t, api, oldUID); old.ProvisioningStatus != netfabapi.StatusCancelled && old.ProvisioningStatus != netfabapi.StatusDecommissioned {
		t.Errorf("the replaced IX is %s", old.ProvisioningStatus)
	}
	ix := product(t, api, newUID)
	if !client.IsProvisioned(ix.ProvisioningStatus) || ix.IX == nil || ix.IX.VLAN != 100 ||
		ix.IX.NetworkServiceType != "IX Australia Sydney" || ix.IX.RequestedProductUID != portUID {
		t.Errorf("the new IX: %s %+v", ix.ProvisioningStatus, ix.IX)
	}
	expectNoChanges(t, cli, dir)

	cli.Run(dir, "destroy", "--yes", "--skip-preview", "--non-interactive")
	expectNothingActive(t, api)
}
