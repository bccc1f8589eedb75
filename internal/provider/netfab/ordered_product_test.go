package netfab

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	sandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// testCreateTimeoutResumes checks the ordered products' rule that a create
// whose wait runs out keeps the product in state, and that the next apply
// waits for that same product instead of ordering another one; the wait is
// the provider's wait_time, or the resource's timeouts where they set the
// operation. It runs against a sandbox of its own that provisions slowly.
// resourceHCL is the resource block of the product (named "slow") at a
// location that offers.
func testCreateTimeoutResumes(t *testing.T, resourceType, productType, plural string, offers func(netfabapi.LocationProducts) bool, resourceHCL func(netfabapi.Location) string) {
	t.Helper()
	accPreCheck(t)
	t.Run("wait_time", func(t *testing.T) {
		// 0.01 minutes is well under the 10s the sandbox takes; the next
		// step plans long before it is provisioned, even on a busy machine.
		testResumedWait(t, resourceType, productType, plural, offers, resourceHCL,
			[2]string{"0.01", ""}, [2]string{"1", ""})
	})
	t.Run("timeouts override wait_time", func(t *testing.T) {
		testResumedWait(t, resourceType, productType, plural, offers, resourceHCL,
			[2]string{"1", `timeouts = { create = "1s" }`}, [2]string{"0.01", `timeouts = { create = "1s", update = "1m" }`})
	})
}

// testResumedWait runs a create that runs out of time and an update that
// waits long enough, each with a provider wait_time (minutes) and the
// resource's timeouts.
func testResumedWait(t *testing.T, resourceType, productType, plural string, offers func(netfabapi.LocationProducts) bool,
	resourceHCL func(netfabapi.Location) string, short, long [2]string) {
	slowURL := startSandbox(t, 10*time.Second)
	slow, err := client.New(client.Config{BaseURL: slowURL, AccessKey: sandbox.DefaultAccessKey, SecretKey: sandbox.DefaultSecretKey})
	if err != nil {
		t.Fatal(err)
	}
	locs, err := slow.Locations(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var loc netfabapi.Location
	for _, l := range locs {
		if offers(l.Products) {
			loc = l
			break
		}
	}
	if loc.ID == 0 {
		t.Fatalf("no location of the sandbox offers what a %s needs", resourceType)
	}
	config := func(c [2]string) string {
		res := resourceHCL(loc)
		end := strings.LastIndex(res, "}")
		return fmt.Sprintf(`
provider "netfab" {
  environment = %q
  wait_time   = %s
}
`, slowURL, c[0]) + res[:end] + "  " + c[1] + "\n" + res[end:]
	}
	address := resourceType + ".slow"
	count := func(want int) resource.TestCheckFunc {
		return func(*terraform.State) error {
			ps, err := slow.Products(context.Background(), productType)
			if err != nil {
				return err
			}
			if len(ps) != want {
				return fmt.Errorf("%d %s ordered, want %d", len(ps), plural, want)
			}
			return nil
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config(short),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(address, tfjsonpath.New("provisioning_status"), knownvalue.StringExact(netfabapi.StatusDeployable)),
				},
				Check: count(1),
				// The pending status plans an update that resumes the wait.
				ExpectNonEmptyPlan: true,
			},
			{
				Config: config(long),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(address, tfjsonpath.New("provisioning_status"), knownvalue.StringRegexp(regexp.MustCompile(`^(CONFIGURED|LIVE)$`))),
				},
				Check: count(1),
			},
		},
	})
}

// An order is one request: the service checks every item before it creates
// anything (docs/api/netfab.md, Ordering), so a separate validation first
// would only double the work. A broken item is refused by the order itself,
// naming the field, and creates nothing.
func TestOrderProductIsOneRequest(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "netfab.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	h, err := sandbox.New(sandbox.Config{Store: st})
	require.NoError(t, err)
	var mu sync.Mutex
	var calls []string
	url := sandboxtest.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/oauth2/token" {
			mu.Lock()
			calls = append(calls, r.Method+" "+r.URL.Path)
			mu.Unlock()
		}
		h.ServeHTTP(w, r)
	}))
	c, err := client.New(client.Config{BaseURL: url, AccessKey: sandbox.DefaultAccessKey, SecretKey: sandbox.DefaultSecretKey})
	require.NoError(t, err)
	ctx := context.Background()
	item := netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: "one", LocationID: 1, PortSpeed: 10000, ContractTermMonths: 12}

	p, err := orderProduct(ctx, c, item)
	require.NoError(t, err)
	assert.Equal(t, "one", p.ProductName)
	assert.Equal(t, []string{"POST /v3/orders"}, calls)

	calls = nil
	item.ProductName, item.PortSpeed = "broken", 7
	_, err = orderProduct(ctx, c, item)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "portSpeed")
	assert.Equal(t, []string{"POST /v3/orders"}, calls)
	for p, err := range c.ListProducts(ctx, client.ProductQuery{Type: netfabapi.ProductTypePort}) {
		require.NoError(t, err)
		assert.NotEqual(t, "broken", p.ProductName, "a refused order created a product")
	}
}
