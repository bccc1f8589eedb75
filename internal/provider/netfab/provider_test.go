package netfab

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	sandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Acceptance tests run the real terraform binary (TF_ACC=1,
// TF_ACC_TERRAFORM_PATH) against netfab sandboxes served in this process.

// testDelay paces provisioning in the shared sandbox: short, but long enough
// that every create really waits.
const testDelay = 30 * time.Millisecond

var (
	// sandboxURL is the shared sandbox, started once in TestMain.
	sandboxURL string
	// api talks to the shared sandbox directly, to check what Terraform did
	// and to change things behind its back.
	api *client.Client
)

var protoV6ProviderFactories = acctest.ProviderFactories("netfab", New("test"))

func TestMain(m *testing.M) {
	acctest.ServePluginIfAsked("netfab", New("test"))
	tb, cleanup := sandboxtest.ForMain()
	sandboxURL = startSandbox(tb, testDelay)
	// The provider reads its credentials from the environment, as users
	// commonly configure it.
	os.Setenv("NETFAB_ACCESS_KEY", sandbox.DefaultAccessKey)
	os.Setenv("NETFAB_SECRET_KEY", sandbox.DefaultSecretKey)
	os.Setenv("NETFAB_ACCEPT_PURCHASE_TERMS", "true")
	var err error
	api, err = client.New(client.Config{BaseURL: sandboxURL, AccessKey: sandbox.DefaultAccessKey, SecretKey: sandbox.DefaultSecretKey})
	if err != nil {
		tb.Fatalf("client: %v", err)
	}
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// startSandbox serves a fresh netfab sandbox with its own store.
func startSandbox(t sandboxtest.TB, delay time.Duration, configure ...func(*sandbox.Config)) string {
	return acctest.StartSandbox(t, "netfab", func(st *store.Store) (http.Handler, error) {
		cfg := sandbox.Config{Store: st, ProvisioningDelay: delay}
		for _, f := range configure {
			f(&cfg)
		}
		return sandbox.New(cfg)
	})
}

// providerConfig is the provider block of every test configuration.
func providerConfig(extra ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "provider \"netfab\" {\n  environment = %q\n", sandboxURL)
	for _, line := range extra {
		b.WriteString(line + "\n")
	}
	b.WriteString("}\n")
	return b.String()
}

var accPreCheck = acctest.PreCheck

// checkProductCancelled checks that Terraform cancelled every product of
// the type it had in state.
func checkProductsCancelled(resourceType string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		for _, rs := range s.RootModule().Resources {
			if rs.Type != resourceType {
				continue
			}
			p, err := api.Product(context.Background(), rs.Primary.ID)
			if err != nil {
				if client.IsNotFound(err) {
					continue
				}
				return err
			}
			if client.IsActive(p.ProvisioningStatus) {
				return fmt.Errorf("%s %s is still %s after destroy", resourceType, rs.Primary.ID, p.ProvisioningStatus)
			}
		}
		return nil
	}
}

// cancelBehindTerraform cancels a product directly at the service, as an
// operator in the vendor's portal would.
func cancelBehindTerraform(t *testing.T, address string) func(*terraform.State) error {
	return func(s *terraform.State) error {
		rs, ok := s.RootModule().Resources[address]
		if !ok {
			return fmt.Errorf("%s not in state", address)
		}
		return api.CancelProduct(context.Background(), rs.Primary.ID)
	}
}

// activeProductsNamed counts active products of a type with the given name.
func activeProductsNamed(t *testing.T, productType, name string) int {
	t.Helper()
	products, err := api.Products(context.Background(), productType)
	require.NoError(t, err)
	n := 0
	for _, p := range products {
		if p.ProductName == name {
			n++
		}
	}
	return n
}

// uniqueName gives each test its own product names, so tests sharing the
// sandbox cannot see each other's products.
func uniqueName(t *testing.T, suffix string) string {
	return fmt.Sprintf("tf-%s-%s", strings.ToLower(strings.ReplaceAll(t.Name(), "/", "-")), suffix)
}

// locationWith returns the ID of a seeded location offering a product, so
// tests follow the catalogue instead of hard-coding its IDs.
func locationWith(t *testing.T, offers func(netfabapi.LocationProducts) bool) int64 {
	t.Helper()
	locs, err := api.Locations(context.Background())
	require.NoError(t, err)
	for _, l := range locs {
		if offers(l.Products) {
			return l.ID
		}
	}
	t.Fatal("no seeded location offers the product")
	return 0
}

func offersMCR(p netfabapi.LocationProducts) bool { return p.MCR }

// dsOrder buys the items through the API in one order, waits until every
// product is LIVE (so that nothing changes while Terraform reads them) and
// returns them as the API then shows them. The products are cancelled when
// the test ends, newest first, so that cross-connects go before their ports.
func dsOrder(t *testing.T, items ...netfabapi.OrderItem) []netfabapi.Product {
	t.Helper()
	ctx := context.Background()
	products, err := api.Order(ctx, fmt.Sprintf("%s-%d", t.Name(), time.Now().UnixNano()), items...)
	require.NoError(t, err, "ordering")
	t.Cleanup(func() {
		for i := len(products) - 1; i >= 0; i-- {
			if err := api.CancelProduct(context.Background(), products[i].ProductUID); err != nil && !client.IsNotFound(err) {
				t.Errorf("cancelling %s: %v", products[i].ProductUID, err)
			}
		}
	})
	out := make([]netfabapi.Product, len(products))
	for i, p := range products {
		deadline := time.Now().Add(30 * time.Second)
		for {
			got, err := api.Product(ctx, p.ProductUID)
			require.NoError(t, err)
			if got.ProvisioningStatus == netfabapi.StatusLive {
				out[i] = got
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s is still %s", p.ProductUID, got.ProvisioningStatus)
			}
			time.Sleep(testDelay / 2)
		}
	}
	return out
}

// dsLocation is a seeded location offering a product.
func dsLocation(t *testing.T, offers func(netfabapi.LocationProducts) bool) netfabapi.Location {
	t.Helper()
	l, err := api.Location(context.Background(), locationWith(t, offers))
	require.NoError(t, err)
	return l
}

// sandboxLacking starts a sandbox of the test's own whose catalogue is the
// shared sandbox's but for one location, which lacks what lack takes away:
// the case a test of a refusal needs, whatever the default catalogue holds.
// It returns the provider block for that sandbox, a client of it and the
// location's ID.
func sandboxLacking(t *testing.T, lack func(*netfabapi.LocationProducts)) (provider string, c *client.Client, location int64) {
	t.Helper()
	locs, err := api.Locations(context.Background())
	require.NoError(t, err)
	require.NotEmpty(t, locs)
	lack(&locs[0].Products)
	url := startSandbox(t, testDelay, func(cfg *sandbox.Config) { cfg.Locations = locs })
	c, err = client.New(client.Config{BaseURL: url, AccessKey: sandbox.DefaultAccessKey, SecretKey: sandbox.DefaultSecretKey})
	require.NoError(t, err)
	return fmt.Sprintf("provider \"netfab\" {\n  environment = %q\n}\n", url), c, locs[0].ID
}

// productsNamed counts the products of the type and name that c's sandbox
// holds, in any state.
func productsNamed(t *testing.T, c *client.Client, productType, name string) int {
	t.Helper()
	products, err := c.Products(context.Background(), productType)
	require.NoError(t, err)
	n := 0
	for _, p := range products {
		if p.ProductName == name {
			n++
		}
	}
	return n
}

// importByProductUID imports a product by its UID and compares what the
// import read with what the apply left, but for the attributes in ignore.
func importByProductUID(address string, ignore ...string) resource.TestStep {
	return resource.TestStep{
		ResourceName:                         address,
		ImportState:                          true,
		ImportStateVerify:                    true,
		ImportStateVerifyIdentifierAttribute: "product_uid",
		ImportStateIdFunc: func(s *terraform.State) (string, error) {
			rs, ok := s.RootModule().Resources[address]
			if !ok {
				return "", fmt.Errorf("%s not in state", address)
			}
			return rs.Primary.Attributes["product_uid"], nil
		},
		ImportStateVerifyIgnore: ignore,
	}
}
