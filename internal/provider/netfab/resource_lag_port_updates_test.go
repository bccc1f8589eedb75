package netfab

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// One LAG port through the fields that change in place, one apply each:
// created visible in the marketplace with a cost centre and tags, imported;
// renamed, hidden, with another cost centre and tags; its cost centre
// cleared; a promotion code set, changed and removed; its term lengthened
// twice.
func TestAccLagPort_inPlaceUpdates(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "lag")
	loc := locationWith(t, offersPort(10000))
	const a = "netfab_lag_port.bundle"
	lag := func(name string, term int, visible bool, lines string) string {
		return providerConfig() + fmt.Sprintf(`
resource "netfab_lag_port" "bundle" {
  product_name           = %q
  location_id            = %d
  port_speed             = 10000
  lag_count              = 1
  contract_term_months   = %d
  marketplace_visibility = %t
  %s
}
`, name, loc, term, visible, lines)
	}
	attr := resource.TestCheckResourceAttr
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_lag_port"),
		Steps: []resource.TestStep{
			{
				Config: lag(name, 12, true, "cost_centre = \"dc-1\"\nresource_tags = { rack = \"r1\", row = \"7\" }"),
				Check: resource.ComposeAggregateTestCheckFunc(
					attr(a, "port_speed", "10000"), attr(a, "marketplace_visibility", "true"), attr(a, "lag_count", "1"),
					attr(a, "lag_port_uids.#", "1"), attr(a, "cost_centre", "dc-1"),
					attr(a, "resource_tags.rack", "r1"), attr(a, "resource_tags.row", "7"),
					resource.TestCheckResourceAttrSet(a, "company_uid"),
				),
			},
			importByProductUID(a, "last_updated", "lag_count", "lag_port_uids", "contract_start_date", "contract_end_date", "live_date", "resources", "provisioning_status"),
			{
				Config: lag(name+"-2", 12, false, "cost_centre = \"dc-2\"\nresource_tags = { rack = \"r2\" }"),
				Check: resource.ComposeAggregateTestCheckFunc(
					attr(a, "product_name", name+"-2"), attr(a, "marketplace_visibility", "false"), attr(a, "cost_centre", "dc-2"),
					attr(a, "resource_tags.%", "1"), attr(a, "resource_tags.rack", "r2"),
				),
			},
			{Config: lag(name+"-2", 1, false, `cost_centre = ""`), Check: attr(a, "cost_centre", "")},
			{Config: lag(name+"-2", 1, false, `promo_code = "LAG-PROMO-1"`), Check: attr(a, "promo_code", "LAG-PROMO-1")},
			{Config: lag(name+"-2", 1, false, `promo_code = "LAG-PROMO-2"`), Check: attr(a, "promo_code", "LAG-PROMO-2")},
			{Config: lag(name+"-2", 1, false, ""), Check: resource.TestCheckNoResourceAttr(a, "promo_code")},
			{Config: lag(name+"-2", 12, false, ""), Check: attr(a, "contract_term_months", "12")},
			{Config: lag(name+"-2", 24, false, ""), Check: attr(a, "contract_term_months", "24")},
		},
	})
}
