package netfab

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// promoCodeProducts are the products with a promo code, each with its
// configuration (extra: lines added to the product's block).
func promoCodeProducts() []struct {
	name, addr string
	config     func(t *testing.T, extra string) string
} {
	return []struct {
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
	}
}

// Issue 39 item 7: a promo code is an order-time input that upstream never
// reads back. A product ordered with one and imported (an import block, as
// users write it) into a configuration without promo_code plans nothing and
// records no code; imported into a configuration that has the code, the code
// is recorded in place, never by a replacement (the NAT gateway replaces on a
// changed code, not on one recorded after an import).
func TestAccNetfab_importRecordsNoPromoCode(t *testing.T) {
	accPreCheck(t)
	for _, tc := range promoCodeProducts() {
		t.Run(tc.name, func(t *testing.T) {
			with := tc.config(t, `  promo_code = "LAUNCH"`)
			without := tc.config(t, "")
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{
					{
						Config: with,
						Check:  productPromoCode(tc.addr, "LAUNCH"),
					},
					{
						// A no-op import (the harness fails on any other
						// action) that records no code.
						Config: without, ResourceName: tc.addr,
						ImportState: true, ImportStateKind: resource.ImportBlockWithID,
						ImportPlanChecks: resource.ImportPlanChecks{
							PreApply: []plancheck.PlanCheck{
								plancheck.ExpectKnownValue(tc.addr, tfjsonpath.New("promo_code"), knownvalue.Null()),
							},
						},
					},
					{
						// The configured code is recorded in place.
						Config: with, ResourceName: tc.addr,
						ImportState: true, ImportStateKind: resource.ImportBlockWithID,
						ExpectNonEmptyPlan: true,
						ImportPlanChecks: resource.ImportPlanChecks{
							PreApply: []plancheck.PlanCheck{
								plancheck.ExpectResourceAction(tc.addr, plancheck.ResourceActionUpdate),
								plancheck.ExpectKnownValue(tc.addr, tfjsonpath.New("promo_code"), knownvalue.StringExact("LAUNCH")),
							},
						},
					},
				},
			})
		})
	}
}

// Removing promo_code from the configuration of a port, MCR, IX or NAT
// gateway leaves it null in the state, as upstream's tests check
// (TestCheckNoResourceAttr), in place: the product's code is cleared, so a
// refresh reads nothing back and the next plan is empty.
func TestAccNetfab_removedPromoCodeIsNull(t *testing.T) {
	accPreCheck(t)
	for _, tc := range promoCodeProducts() {
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
