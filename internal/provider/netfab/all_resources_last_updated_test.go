package netfab

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// last_updated exists where upstream's resources have it: the port (the
// service's time of the product's last change, as the MCR's) and the MCR
// prefix filter list (the time this provider last wrote it). A change plans
// it unknown; a configuration that changes nothing plans nothing.
func TestAccNetfab_lastUpdated(t *testing.T) {
	accPreCheck(t)
	t.Run("port", func(t *testing.T) {
		loc := locationWith(t, offersPort(1000))
		name := uniqueName(t, "port")
		const addr = "netfab_port.test"
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: protoV6ProviderFactories,
			Steps: []resource.TestStep{
				{
					Config: portConfig(loc, name, 1000, ""),
					Check:  portLastUpdatedIsTheServices(addr),
				},
				{
					Config:           portConfig(loc, name, 1000, ""),
					ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				},
				{
					Config: portConfig(loc, name, 1000, `  cost_centre = "moved"`),
					ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
						plancheck.ExpectUnknownValue(addr, tfjsonpath.New("last_updated"))}},
					Check: portLastUpdatedIsTheServices(addr),
				},
			},
		})
	})
	t.Run("mcr prefix filter list", func(t *testing.T) {
		name := uniqueName(t, "mcr")
		const addr = "netfab_mcr_prefix_filter_list.test"
		list := func(description string) string {
			return fmt.Sprintf(`
resource "netfab_mcr_prefix_filter_list" "test" {
  mcr_id         = netfab_mcr.router.product_uid
  description    = %q
  address_family = "IPv4"
  entries        = [{ action = "permit", prefix = "10.20.0.0/16" }]
}`, description)
		}
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: protoV6ProviderFactories,
			Steps: []resource.TestStep{
				{
					Config: mcrWith(t, name, list("customers")),
					Check:  lastUpdatedIsATime(addr),
				},
				{
					Config:           mcrWith(t, name, list("customers")),
					ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				},
				{
					Config: mcrWith(t, name, list("customers renamed")),
					ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
						plancheck.ExpectUnknownValue(addr, tfjsonpath.New("last_updated"))}},
					Check: lastUpdatedIsATime(addr),
				},
			},
		})
	})
}

// portLastUpdatedIsTheServices checks that the port's last_updated is the
// service's lastUpdated of the product.
func portLastUpdatedIsTheServices(addr string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		rs, ok := s.RootModule().Resources[addr]
		if !ok {
			return fmt.Errorf("%s is not in the state", addr)
		}
		p, err := api.Product(context.Background(), rs.Primary.ID)
		if err != nil {
			return err
		}
		if got := rs.Primary.Attributes["last_updated"]; got == "" || got != p.LastUpdated {
			return fmt.Errorf("%s: last_updated is %q, the service's lastUpdated %q", addr, got, p.LastUpdated)
		}
		return nil
	}
}

func lastUpdatedIsATime(addr string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		rs, ok := s.RootModule().Resources[addr]
		if !ok {
			return fmt.Errorf("%s is not in the state", addr)
		}
		if _, err := time.Parse(time.RFC3339, rs.Primary.Attributes["last_updated"]); err != nil {
			return fmt.Errorf("%s: last_updated: %w", addr, err)
		}
		return nil
	}
}
