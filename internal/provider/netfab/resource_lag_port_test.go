package netfab

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

func lagPortConfig(location int64, name string, speed, count int64, extra string) string {
	return providerConfig() + fmt.Sprintf(`
resource "netfab_lag_port" "test" {
  product_name           = %q
  location_id            = %d
  port_speed             = %d
  lag_count              = %d
  contract_term_months   = 1
  marketplace_visibility = false
%s
}
`, name, location, speed, count, extra)
}

func TestAccLagPort_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	loc := locationWith(t, func(p netfabapi.LocationProducts) bool { return offersPort(10000)(p) && offersPort(100000)(p) })
	name := uniqueName(t, "lag")
	const addr = "netfab_lag_port.test"
	same := statecheck.CompareValue(compare.ValuesSame())
	differ := statecheck.CompareValue(compare.ValuesDiffer())
	empty := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}
	replace := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate)}}
	updated := `  cost_centre = "cc-2"
  promo_code  = "PROMO-2"
  resource_tags = { team = "edge" }`
	updatedConfig := strings.NewReplacer("contract_term_months   = 1", "contract_term_months   = 12",
		"marketplace_visibility = false", "marketplace_visibility = true").Replace(lagPortConfig(loc, name+"-2", 10000, 2, updated))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_lag_port"),
		Steps: []resource.TestStep{
			{
				Config: lagPortConfig(loc, name, 10000, 2, `  cost_centre = "cc-1"`),
				ConfigStateChecks: []statecheck.StateCheck{
					same.AddStateValue(addr, tfjsonpath.New("product_uid")),
					differ.AddStateValue(addr, tfjsonpath.New("product_uid")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("lag_port_uids"), knownvalue.ListSizeExact(2)),
					statecheck.CompareValuePairs(addr, tfjsonpath.New("lag_port_uids").AtSliceIndex(0), addr, tfjsonpath.New("product_uid"), compare.ValuesSame()),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("virtual"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("vxc_permitted"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("resources").AtMapKey("interface").AtMapKey("demarcation"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("provisioning_status"), knownvalue.StringRegexp(regexp.MustCompile(`^(CONFIGURED|LIVE)$`))),
				},
				Check: func(s *terraform.State) error {
					// It is a port of the service, of two member ports.
					p, err := api.Product(context.Background(), s.RootModule().Resources[addr].Primary.Attributes["product_uid"])
					if err != nil {
						return err
					}
					if p.ProductType != netfabapi.ProductTypePort || p.LAG == nil || p.LAG.LagCount != 2 || !p.LagPrimary {
						return fmt.Errorf("the service has %+v", p)
					}
					return nil
				},
			},
			{Config: lagPortConfig(loc, name, 10000, 2, `  cost_centre = "cc-1"`), ConfigPlanChecks: empty},
			// Every in-place field at once.
			{
				Config:           updatedConfig,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate)}},
				ConfigStateChecks: []statecheck.StateCheck{
					same.AddStateValue(addr, tfjsonpath.New("product_uid")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("product_name"), knownvalue.StringExact(name+"-2")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("cost_centre"), knownvalue.StringExact("cc-2")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("promo_code"), knownvalue.StringExact("PROMO-2")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("marketplace_visibility"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("contract_term_months"), knownvalue.Int64Exact(12)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("usage_algorithm"), knownvalue.StringExact("POST_PAID_FIXED_TERM")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("resource_tags"), knownvalue.MapExact(map[string]knownvalue.Check{"team": knownvalue.StringExact("edge")})),
				},
			},
			{Config: updatedConfig, ConfigPlanChecks: empty},
			{ResourceName: addr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"promo_code"}}, // promo_code: an order-time input, never read back (issue 39 item 7).
			// Another number of member ports is another LAG.
			{
				Config:           strings.Replace(updatedConfig, "lag_count              = 2", "lag_count              = 3", 1),
				ConfigPlanChecks: replace,
				ConfigStateChecks: []statecheck.StateCheck{
					differ.AddStateValue(addr, tfjsonpath.New("product_uid")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("lag_port_uids"), knownvalue.ListSizeExact(3)),
				},
			},
			// So is another speed.
			{
				Config:            strings.Replace(strings.Replace(updatedConfig, "lag_count              = 2", "lag_count              = 3", 1), "port_speed             = 10000", "port_speed             = 100000", 1),
				ConfigPlanChecks:  replace,
				ConfigStateChecks: []statecheck.StateCheck{differ.AddStateValue(addr, tfjsonpath.New("product_uid"))},
			},
			{Config: strings.Replace(strings.Replace(updatedConfig, "lag_count              = 2", "lag_count              = 3", 1), "port_speed             = 10000", "port_speed             = 100000", 1), ConfigPlanChecks: empty},
		},
	})
}

func TestAccLagPort_invalidAtPlan(t *testing.T) {
	accPreCheck(t)
	for name, tc := range map[string]struct {
		speed, count int64
		want         string
	}{
		"no members":     {10000, 0, `lag_count value must be between 1 and 8`},
		"nine members":   {10000, 9, `lag_count value must be between 1 and 8`},
		"1G member port": {1000, 2, `port_speed value must be one of: \["10000" "100000" "400000"\]`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{Config: lagPortConfig(1, "bad", tc.speed, tc.count, ""), PlanOnly: true,
					ExpectError: regexp.MustCompile(strings.ReplaceAll(tc.want, " ", `\s+`))}},
			})
		})
	}
}

// A plain port is not a LAG: importing one as a LAG port is refused.
func TestAccLagPort_importOfAPlainPortIsRefused(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	port := dsOrder(t, netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: uniqueName(t, "port"),
		LocationID: locationWith(t, offersPort(10000)), PortSpeed: 10000, ContractTermMonths: 1})[0]
	require.Nil(t, port.LAG)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:        lagPortConfig(port.LocationID, "imported", 10000, 1, ""),
			ResourceName:  "netfab_lag_port.test",
			ImportState:   true,
			ImportStateId: port.ProductUID,
			ExpectError:   regexp.MustCompile(`is a port without member ports,\s+not a LAG port`),
		}},
	})
}

func TestAccLagPort_createTimeoutResumes(t *testing.T) {
	testCreateTimeoutResumes(t, "netfab_lag_port", netfabapi.ProductTypePort, "ports", offersPort(10000), func(l netfabapi.Location) string {
		return fmt.Sprintf(`
resource "netfab_lag_port" "slow" {
  product_name           = "slow-lag"
  location_id            = %d
  port_speed             = 10000
  lag_count              = 2
  contract_term_months   = 1
  marketplace_visibility = false
}
`, l.ID)
	})
}
