package netfab

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// Three keys of one port: a reusable key that is switched off and on again
// (and imported by its key), a single-use key bound to a VLAN, and a
// reusable key whose window, begun in the past, is extended in place.
func TestAccServiceKey_reuseAndWindows(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "key")
	config := func(active bool, windowEnd string) string {
		return providerConfig() + fmt.Sprintf(`
resource "netfab_port" "port" {
  product_name           = "%[1]s-port"
  location_id            = %[2]d
  port_speed             = 1000
  contract_term_months   = 1
  marketplace_visibility = false
  cost_centre            = "%[1]s-cc"
}

resource "netfab_service_key" "reusable" {
  product_uid = netfab_port.port.product_uid
  description = "%[1]s-reusable"
  max_speed   = 500
  single_use  = false
  active      = %[3]t
}

resource "netfab_service_key" "single" {
  product_uid = netfab_port.port.product_uid
  description = "%[1]s-single"
  max_speed   = 100
  single_use  = true
  active      = true
  vlan        = 120
}

resource "netfab_service_key" "windowed" {
  product_uid = netfab_port.port.product_uid
  description = "%[1]s-windowed"
  max_speed   = 500
  single_use  = false
  active      = true
  valid_for = {
    start_time = "2024-03-01T00:00:00Z"
    end_time   = %[4]q
  }
}
`, name, locationWith(t, offersPort(1000)), active, windowEnd)
	}
	const (
		reusable = "netfab_service_key.reusable"
		single   = "netfab_service_key.single"
		windowed = "netfab_service_key.windowed"
	)
	attr := resource.TestCheckResourceAttr
	set := resource.TestCheckResourceAttrSet
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config(true, "2090-01-31T00:00:00Z"), Check: resource.ComposeAggregateTestCheckFunc(
				attr(reusable, "max_speed", "500"), set(reusable, "key"), set(reusable, "company_id"),
				set(reusable, "company_uid"), set(reusable, "create_date"),
				attr(single, "single_use", "true"), attr(single, "vlan", "120"), attr(single, "max_speed", "100"), attr(single, "active", "true"),
				attr(windowed, "active", "true"),
			)},
			{
				ResourceName: reusable, ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIdentifierAttribute: "key",
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					return s.RootModule().Resources[reusable].Primary.Attributes["key"], nil
				},
				ImportStateVerifyIgnore: []string{"last_updated"},
			},
			{Config: config(false, "2091-07-31T00:00:00Z"), Check: resource.ComposeAggregateTestCheckFunc(
				attr(reusable, "active", "false"),
				attr(windowed, "active", "true"), attr(windowed, "valid_for.end_time", "2091-07-31T00:00:00Z"),
			)},
			{Config: config(true, "2091-07-31T00:00:00Z"), Check: attr(reusable, "active", "true")},
		},
	})
}
