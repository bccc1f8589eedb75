package netfab_test

// Tests that drive the real Pulumi CLI (bin/pulumi, file backend) and the
// bridged provider plugin (pulumi-resource-netfab) against netfab sandboxes
// served in this process, one sandbox per test so that "nothing is left"
// can be checked through the sandbox API.

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	netfabsdk "github.com/iacsuite/providers/bridge/sdk/netfab/go/netfab"
	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	sandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
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

func TestMain(m *testing.M) { pulumitest.Main(m) }

// startSandbox serves a fresh netfab sandbox and returns its URL and a
// client of its API.
func startSandbox(t *testing.T) (string, *client.Client) {
	t.Helper()
	url := pulumitest.ServeSandbox(t, "netfab", func(st *store.Store) (http.Handler, error) {
		return sandbox.New(sandbox.Config{Store: st, SecretKey: testSecretKey, ProvisioningDelay: provisioningDelay})
	}).String()
	api, err := client.New(client.Config{BaseURL: url, AccessKey: sandbox.DefaultAccessKey, SecretKey: testSecretKey})
	if err != nil {
		t.Fatal(err)
	}
	return url, api
}

// providerConfig is the stack configuration of the provider against the
// sandbox at url, the secret key a secret.
func providerConfig(url string) pulumitest.Config {
	return pulumitest.Config{
		{Key: "netfab:environment", Value: url},
		{Key: "netfab:accessKey", Value: sandbox.DefaultAccessKey},
		{Key: "netfab:secretKey", Value: testSecretKey, Secret: true},
		{Key: "netfab:acceptPurchaseTerms", Value: "true"},
	}
}

// configFromEnv gives the provider its credentials and the purchase terms
// through the environment of cli's commands, as the seed allows, and
// returns the stack configuration left: the sandbox at url.
func configFromEnv(cli *pulumitest.CLI, url string) pulumitest.Config {
	cli.Setenv("NETFAB_ACCESS_KEY", sandbox.DefaultAccessKey)
	cli.Setenv("NETFAB_SECRET_KEY", testSecretKey)
	cli.Setenv("NETFAB_ACCEPT_PURCHASE_TERMS", "true")
	return pulumitest.Config{{Key: "netfab:environment", Value: url}}
}

// The example YAML program goes through a whole life: up, an empty second
// preview and refresh, no plaintext secret in the state, an in-place update
// and a replacement that behave as in Terraform, and a destroy that leaves
// nothing behind.
func TestYAMLProgram(t *testing.T) {
	ctx := context.Background()
	url, api := startSandbox(t)
	cli := pulumitest.New(t, "netfab")
	dir := cli.Example("netfab")
	cli.InitStack(dir, "dev", providerConfig(url))

	cli.Up(dir)
	out := cli.Outputs(dir)
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
	cli.ExpectNoChanges(dir)
	cli.Run(dir, "refresh", "--yes", "--skip-preview", "--expect-no-changes", "--non-interactive")
	cli.ExpectNoChanges(dir)

	t.Log("the state holds the secret key only encrypted")
	checkSecretNotInState(t, cli, dir)

	t.Log("changing the MCR's name and ASN updates it in place")
	cli.Run(dir, "config", "set", "routerName", "renamed-core-router")
	cli.Run(dir, "config", "set", "--type", "int", "routerAsn", "65001")
	p := cli.Preview(dir)
	if ops := p.Ops(); ops["core"] != "update" || p.Changes() != 1 {
		t.Errorf("preview after renaming the MCR: %v (%v)", ops, p.ChangeSummary)
	}
	cli.Up(dir)
	mcr = product(t, api, mcrUID)
	if mcr.ProductName != "renamed-core-router" || mcr.MCR == nil || mcr.MCR.ASN != 65001 {
		t.Errorf("MCR after the update: name %q, details %+v", mcr.ProductName, mcr.MCR)
	}
	if got := cli.Outputs(dir)["mcrUid"]; got != mcrUID {
		t.Errorf("the MCR was replaced: %v, was %s", got, mcrUID)
	}
	cli.ExpectNoChanges(dir)

	t.Log("changing the NAT gateway's promo code replaces it")
	cli.Run(dir, "config", "set", "natPromoCode", "SPRING")
	cli.Preview(dir).ExpectReplacement(t, "egress", "promoCode", "core")
	cli.Up(dir)
	newNAT, _ := cli.Outputs(dir)["natGatewayUid"].(string)
	if newNAT == "" || newNAT == natUID {
		t.Errorf("the NAT gateway was not replaced: %s", newNAT)
	}
	if old := product(t, api, natUID); old.ProvisioningStatus != netfabapi.StatusCancelled && old.ProvisioningStatus != netfabapi.StatusDecommissioned {
		t.Errorf("the replaced NAT gateway is %s", old.ProvisioningStatus)
	}
	if lists, err := api.NATPrefixLists(ctx, newNAT); err != nil || len(lists) != 1 {
		t.Errorf("prefix lists of the new NAT gateway: %+v (%v)", lists, err)
	}
	cli.ExpectNoChanges(dir)

	t.Log("destroy removes everything")
	cli.Destroy(dir)
	expectNothingActive(t, api)
	if _, left := cli.Export(dir); len(left) != 0 {
		t.Errorf("%d resources left in the state after destroy", len(left))
	}
	cli.RemoveStack(dir)
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
	// This time the credentials come from the environment.
	cli.InitStack(dir, "dev", configFromEnv(cli, url))

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
	cli.ExpectNoChanges(dir)

	cli.Destroy(dir)
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

	prog := pulumitest.NewGoProgram(t, cli, "netfab-automation", program)
	res := prog.Up()
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

	prog.ExpectNoChanges()
	// The Automation API exports with --show-secrets; the CLI's own export
	// must show no plaintext secret.
	checkSecretNotInState(t, cli, prog.Dir())
	prog.Destroy()
	expectNothingActive(t, api)
	prog.Remove()
}

// stateResource is the first resource of type typ in the state, or nil.
func stateResource(t *testing.T, cli *pulumitest.CLI, dir, typ string) *pulumitest.StateResource {
	t.Helper()
	_, resources := cli.Export(dir)
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
	raw, resources := cli.Export(dir)
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
		if v, present := r.Inputs["secretKey"]; present && !pulumitest.IsSecret(v) {
			t.Errorf("provider %s: secretKey input is not a secret: %v", r.URN, v)
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
	cli.InitStack(dir, "dev", configFromEnv(cli, url))
	cli.Up(dir)
	out := cli.Outputs(dir)
	oldUID, _ := out["ixUid"].(string)
	portUID, _ := out["portUid"].(string)

	t.Log("a new exchange replaces the IX; the up succeeds only if the old one goes first")
	cli.Run(dir, "config", "set", "exchange", "IX Australia Sydney")
	cli.Preview(dir).ExpectReplacement(t, "peering", "networkServiceType", "edge")
	cli.Up(dir)
	newUID, _ := cli.Outputs(dir)["ixUid"].(string)
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
	cli.ExpectNoChanges(dir)

	cli.Destroy(dir)
	expectNothingActive(t, api)
}
