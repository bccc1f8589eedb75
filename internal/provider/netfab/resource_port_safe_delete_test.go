package netfab

import (
	"encoding/json"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/config"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// stateValue is a configuration variable whose value a previous step's
// check reads from state: the variables are written when the step runs.
type stateValue struct{ v *string }

func (s stateValue) MarshalJSON() ([]byte, error) { return json.Marshal(*s.v) }

// Upstream's safe-delete test: a port that a VXC still rides on is not
// deleted when it leaves the configuration while the VXC stays (naming the
// port by its UID); the service refuses with upstream's words and the port
// stays in state.
func TestAccPort_safeDeleteWithVXC(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	loc := locationWith(t, offersPortAndMCR)
	name := uniqueName(t, "safe-delete")
	var portUID string
	vxc := func(aEnd string) string {
		return fmt.Sprintf(`
resource "netfab_mcr" "mcr" {
  product_name         = "%[1]s-mcr"
  location_id          = %[2]d
  port_speed           = 1000
  contract_term_months = 1
}

resource "netfab_vxc" "port_to_mcr" {
  product_name         = %[1]q
  rate_limit           = 100
  contract_term_months = 1
  a_end = {
    requested_product_uid = %[3]s
    ordered_vlan          = 100
  }
  b_end = {
    requested_product_uid = netfab_mcr.mcr.product_uid
    ordered_vlan          = 101
  }
}
`, name, loc, aEnd)
	}
	port := fmt.Sprintf(`
resource "netfab_port" "port" {
  product_name           = "%s-port"
  location_id            = %d
  port_speed             = 1000
  contract_term_months   = 1
  marketplace_visibility = false
}
`, name, loc)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_port"),
		Steps: []resource.TestStep{
			{
				Config: providerConfig() + port + vxc("netfab_port.port.product_uid"),
				Check: resource.TestCheckResourceAttrWith("netfab_port.port", "product_uid", func(v string) error {
					portUID = v
					return nil
				}),
			},
			{
				Config:          providerConfig() + `variable "port_uid" { type = string }` + vxc("var.port_uid"),
				ConfigVariables: config.Variables{"port_uid": stateValue{&portUID}},
				ExpectError:     regexp.MustCompile(`(?s)has active VXCs\s+associated\s+with\s+it\..*` + regexp.QuoteMeta(name)),
			},
			{
				// The port is still there, and still in state.
				Config: providerConfig() + port + vxc("netfab_port.port.product_uid"),
				Check:  resource.TestCheckResourceAttrPtr("netfab_port.port", "product_uid", &portUID),
			},
		},
	})
}
