package netfab

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

func TestAccMcrIpsecAddon_lifecycle(t *testing.T) {
	accPreCheck(t)
	name := uniqueName(t, "mcr")
	const addr = "netfab_mcr_ipsec_addon.test"
	addon := func(tunnels int) string {
		return fmt.Sprintf(`
resource "netfab_mcr_ipsec_addon" "test" {
  mcr_id       = netfab_mcr.router.product_uid
  tunnel_count = %d
}`, tunnels)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mcrWith(t, name, addon(10)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("tunnel_count"), knownvalue.Int64Exact(10)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("add_on_uid"), knownvalue.NotNull()),
				},
			},
			{
				Config:           mcrWith(t, name, addon(10)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config:           mcrWith(t, name, addon(30)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate)}},
				Check: func(s *terraform.State) error {
					rs := s.RootModule().Resources[addr].Primary
					a, err := api.IPsecAddOn(context.Background(), rs.Attributes["mcr_id"], rs.Attributes["add_on_uid"])
					if err != nil {
						return err
					}
					if a.TunnelCount != 30 {
						return fmt.Errorf("service has %d tunnels, want 30", a.TunnelCount)
					}
					return nil
				},
			},
			{ResourceName: addr, ImportState: true, ImportStateVerify: true},
			{ResourceName: addr, ImportState: true, ImportStateId: "no-colon", ExpectError: regexp.MustCompile(`not of the shape <MCR_UID>:<ADD_ON_UID>`)},
			{
				Config: mcrWith(t, name, addon(30)),
				Check: func(s *terraform.State) error {
					rs := s.RootModule().Resources[addr].Primary
					return api.DeleteIPsecAddOn(context.Background(), rs.Attributes["mcr_id"], rs.Attributes["add_on_uid"])
				},
				ExpectNonEmptyPlan: true,
			},
			{
				Config:           mcrWith(t, name, addon(30)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate)}},
			},
		},
	})
}

func TestAccMcrIpsecAddon_invalidTunnelCount(t *testing.T) {
	accPreCheck(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: providerConfig() + `
resource "netfab_mcr_ipsec_addon" "bad" {
  mcr_id       = "any"
  tunnel_count = 15
}`,
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`tunnel_count value must be one of: \["10" "20" "30"\]`),
		}},
	})
}
