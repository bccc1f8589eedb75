package netfab

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

func portConfig(location int64, name string, speed int64, extra string) string {
	return providerConfig() + fmt.Sprintf(`
resource "netfab_port" "test" {
  product_name         = %q
  location_id          = %d
  port_speed           = %d
  contract_term_months = 1
%s
}
`, name, location, speed, extra)
}

func offersPort(speed int64) func(netfabapi.LocationProducts) bool {
	return func(p netfabapi.LocationProducts) bool {
		for _, s := range p.PortSpeeds {
			if s == speed {
				return true
			}
		}
		return false
	}
}

func TestAccPort_lifecycle(t *testing.T) {
	accPreCheck(t)
	loc := locationWith(t, func(p netfabapi.LocationProducts) bool { return offersPort(1000)(p) && offersPort(10000)(p) })
	name := uniqueName(t, "port")
	const addr = "netfab_port.test"
	sameUID := statecheck.CompareValue(compare.ValuesSame())
	differentUID := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_port"),
		Steps: []resource.TestStep{
			{
				Config: portConfig(loc, name, 1000, ""),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("marketplace_visibility"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("provisioning_status"), knownvalue.StringRegexp(regexp.MustCompile(`^(CONFIGURED|LIVE)$`))),
					sameUID.AddStateValue(addr, tfjsonpath.New("product_uid")),
					differentUID.AddStateValue(addr, tfjsonpath.New("product_uid")),
				},
			},
			{
				Config:           portConfig(loc, name, 1000, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config: portConfig(loc, name+"-2", 1000, `  marketplace_visibility = true
  cost_centre = "cc-42"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate)}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("marketplace_visibility"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("cost_centre"), knownvalue.StringExact("cc-42")),
					sameUID.AddStateValue(addr, tfjsonpath.New("product_uid")),
				},
			},
			{ResourceName: addr, ImportState: true, ImportStateVerify: true},
			{
				Config: portConfig(loc, name+"-2", 10000, `  marketplace_visibility = true
  cost_centre = "cc-42"`),
				ConfigPlanChecks:  resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate)}},
				ConfigStateChecks: []statecheck.StateCheck{differentUID.AddStateValue(addr, tfjsonpath.New("product_uid"))},
			},
			{
				Config: portConfig(loc, name+"-2", 10000, `  marketplace_visibility = true
  cost_centre = "cc-42"`),
				Check:              cancelBehindTerraform(t, addr),
				ExpectNonEmptyPlan: true,
			},
			{
				Config: portConfig(loc, name+"-2", 10000, `  marketplace_visibility = true
  cost_centre = "cc-42"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate)}},
			},
		},
	})
}

func TestAccPort_invalidInputIsRejectedAtPlan(t *testing.T) {
	accPreCheck(t)
	for name, tc := range map[string]struct{ speed, term, want string }{
		"speed": {"2500", "1", `port_speed value must be one of`},
		"term":  {"1000", "0", `contract_term_months value must be one of`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: providerConfig() + fmt.Sprintf(`
resource "netfab_port" "bad" {
  product_name         = "bad"
  location_id          = 1
  port_speed           = %s
  contract_term_months = %s
}`, tc.speed, tc.term),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}
