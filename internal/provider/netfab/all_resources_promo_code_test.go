package netfab

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// Removing promo_code from the configuration of a port, MCR, IX or NAT
// gateway leaves it null in the state, as upstream's tests check
// (TestCheckNoResourceAttr), in place: the product's code is cleared, so a
// refresh reads nothing back and the next plan is empty.
func TestAccNetfab_removedPromoCodeIsNull(t *testing.T) {
	accPreCheck(t)
	for _, tc := range []struct {
		name, addr string
		config     func(t *testing.T, extra string) string
	}{
		{"port", "netfab_port.test", func(t *testing.T, extra string) string {
			return portConfig(locationWith(t, offersPort(1000)), uniqueName(t, "port"), 1000, extra)
		}},
		{"mcr", "netfab_mcr.test", func(t *testing.T, extra string) string {
			return mcrConfig(locationWith(t, offersMCR), uniqueName(t, "mcr"), 1000, extra)
		}},
		{"ix", "netfab_ix.test", func(t *testing.T, extra string) string {
			loc, exchanges := ixLocation(t)
			return ixConfig(loc, uniqueName(t, "ix"), exchanges[0], 100, extra)
		}},
		{"nat gateway", "netfab_nat_gateway.test", func(t *testing.T, extra string) string {
			loc, zones := natLocation(t)
			return natGatewayConfig(loc, zones[0], uniqueName(t, "nat"), 1000, 50000, extra)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{
					{
						Config: tc.config(t, `  promo_code = "SPRING"`),
						Check: resource.ComposeAggregateTestCheckFunc(
							resource.TestCheckResourceAttr(tc.addr, "promo_code", "SPRING"),
							productPromoCode(tc.addr, "SPRING"),
						),
					},
					{
						Config: tc.config(t, ""),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(tc.addr, plancheck.ResourceActionUpdate)},
						},
						Check: resource.ComposeAggregateTestCheckFunc(
							resource.TestCheckNoResourceAttr(tc.addr, "promo_code"),
							productPromoCode(tc.addr, ""),
						),
					},
					{
						Config: tc.config(t, ""),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
						},
					},
				},
			})
		})
	}
}

// productPromoCode checks the promotion code the service holds for the
// product of addr.
func productPromoCode(addr, want string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		rs, ok := s.RootModule().Resources[addr]
		if !ok {
			return fmt.Errorf("%s is not in the state", addr)
		}
		p, err := api.Product(context.Background(), rs.Primary.ID)
		if err != nil {
			return err
		}
		if p.PromoCode != want {
			return fmt.Errorf("%s: the service holds promo code %q, want %q", addr, p.PromoCode, want)
		}
		return nil
	}
}
