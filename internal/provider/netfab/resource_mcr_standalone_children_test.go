package netfab

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// An MCR's IPsec add-on and prefix filter lists as standalone resources,
// beside two ways of writing the MCR: one that sets no inline lists
// (prefix_filter_lists = [] with ignore_changes, so the standalone ones are
// not its business) and one that leaves the attribute out. The lists use
// ge and le, le alone and neither (an exact match), in IPv4 and IPv6; the
// data source reads the first MCR's two. A second apply changes the
// add-on's tunnel count and one list's prefix in place while both MCRs and
// the other lists stay; the add-on imports by "<MCR UID>:<add-on UID>", a
// list by its ID.
func TestAccMcr_standaloneChildren(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "mcr")
	loc := locationWith(t, offersMCR)
	v4, v6 := name+"-v4", name+"-v6"
	config := func(tunnels int, movingPrefix string) string {
		return providerConfig() + fmt.Sprintf(`
resource "netfab_mcr" "managed" {
  product_name         = "%[1]s-managed"
  location_id          = %[2]d
  port_speed           = 1000
  contract_term_months = 1
  cost_centre          = "routing"
  prefix_filter_lists  = []
  lifecycle {
    ignore_changes = [prefix_filter_lists]
  }
}

resource "netfab_mcr_ipsec_addon" "tunnels" {
  mcr_id       = netfab_mcr.managed.product_uid
  tunnel_count = %[3]d
}

resource "netfab_mcr_prefix_filter_list" "v4" {
  mcr_id         = netfab_mcr.managed.product_uid
  description    = %[5]q
  address_family = "IPv4"
  entries = [
    { action = "permit", prefix = "100.64.0.0/16", ge = 20, le = 30 },
    { action = "deny", prefix = "100.65.0.0/16", ge = 18, le = 22 },
  ]
}

resource "netfab_mcr_prefix_filter_list" "v6" {
  mcr_id         = netfab_mcr.managed.product_uid
  description    = %[6]q
  address_family = "IPv6"
  entries = [
    { action = "permit", prefix = "2001:db8:100::/40", ge = 44, le = 56 },
  ]
}

data "netfab_mcr_prefix_filter_lists" "managed" {
  mcr_id     = netfab_mcr.managed.product_uid
  depends_on = [netfab_mcr_prefix_filter_list.v4, netfab_mcr_prefix_filter_list.v6]
}

resource "netfab_mcr" "plain" {
  product_name         = "%[1]s-plain"
  location_id          = %[2]d
  port_speed           = 1000
  contract_term_months = 1
}

resource "netfab_mcr_prefix_filter_list" "exact" {
  mcr_id         = netfab_mcr.plain.product_uid
  description    = "exact matches"
  address_family = "IPv4"
  entries = [
    { action = "permit", prefix = "192.0.2.0/24" },
    { action = "deny", prefix = "0.0.0.0/0", le = 8 },
  ]
}

resource "netfab_mcr_prefix_filter_list" "exact_v6" {
  mcr_id         = netfab_mcr.plain.product_uid
  description    = "exact matches v6"
  address_family = "IPv6"
  entries = [
    { action = "deny", prefix = "2001:db8:dead::/48" },
  ]
}

resource "netfab_mcr_prefix_filter_list" "moving" {
  mcr_id         = netfab_mcr.plain.product_uid
  description    = "moving"
  address_family = "IPv4"
  entries = [
    { action = "permit", prefix = %[4]q, ge = 27, le = 32 },
  ]
}
`, name, loc, tunnels, movingPrefix, v4, v6)
	}
	const ds = "data.netfab_mcr_prefix_filter_lists.managed"
	noop := func(addr string) plancheck.PlanCheck {
		return plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_mcr"),
		Steps: []resource.TestStep{
			{
				Config: config(10, "203.0.113.0/24"),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr(ds, "prefix_filter_lists.#", "2"),
					resource.TestCheckTypeSetElemNestedAttrs(ds, "prefix_filter_lists.*", map[string]string{"description": v4, "address_family": "IPv4"}),
					resource.TestCheckTypeSetElemNestedAttrs(ds, "prefix_filter_lists.*", map[string]string{"description": v6, "address_family": "IPv6"}),
					resource.TestCheckResourceAttrSet("netfab_mcr_prefix_filter_list.moving", "prefix_filter_list_id"),
				),
			},
			{
				Config: config(20, "203.0.113.0/25"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("netfab_mcr_ipsec_addon.tunnels", plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction("netfab_mcr_prefix_filter_list.moving", plancheck.ResourceActionUpdate),
					noop("netfab_mcr.managed"), noop("netfab_mcr.plain"),
					noop("netfab_mcr_prefix_filter_list.v4"), noop("netfab_mcr_prefix_filter_list.exact"),
				}},
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_mcr_ipsec_addon.tunnels", "tunnel_count", "20"),
					resource.TestCheckResourceAttr("netfab_mcr_prefix_filter_list.moving", "entries.0.prefix", "203.0.113.0/25"),
				),
			},
			{
				ResourceName:      "netfab_mcr_ipsec_addon.tunnels",
				ImportState:       true,
				ImportStateVerify: true,
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					rs := s.RootModule().Resources["netfab_mcr_ipsec_addon.tunnels"]
					return rs.Primary.Attributes["mcr_id"] + ":" + rs.Primary.Attributes["add_on_uid"], nil
				},
			},
			// last_updated is when the import read the list, after the apply.
			{ResourceName: "netfab_mcr_prefix_filter_list.v4", ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: []string{"last_updated"}},
		},
	})
}
