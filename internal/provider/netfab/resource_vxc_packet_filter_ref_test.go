package netfab

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// A NAT gateway's VXC names a packet filter of the gateway on its interface
// by the filter's id ("<gateway UID>:<number>", the import ID), as upstream's
// configurations write it (packet_filter_in = <filter>.id), or by its number
// alone. A filter of another gateway is refused at plan.
func TestAccVxc_natGatewayPacketFilterByID(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	loc, zones := natLocation(t)
	name := uniqueName(t, "vxc-nat")
	config := func(in, out string) string {
		return packetFilterConfig(loc, zones[0], name, "to-port", packetFilterEntriesHCL("https-out", "block-docs")) + fmt.Sprintf(`
resource "netfab_port" "port" {
  product_name           = "%[1]s-port"
  location_id            = %[2]d
  port_speed             = 1000
  contract_term_months   = 1
  marketplace_visibility = false
}

resource "netfab_vxc" "test" {
  product_name         = %[1]q
  rate_limit           = 100
  contract_term_months = 1
  a_end = {
    requested_product_uid = netfab_nat_gateway.test.product_uid
    ordered_vlan          = 100
  }
  a_end_partner_config = {
    partner = "vrouter"
    vrouter_config = {
      interfaces = [{
        ip_addresses      = ["10.0.0.1/30"]
        packet_filter_in  = %[3]s
        packet_filter_out = %[4]s
      }]
    }
  }
  b_end = {
    requested_product_uid = netfab_port.port.product_uid
    ordered_vlan          = 200
  }
}
`, name, loc, in, out)
	}
	const (
		vxc = "netfab_vxc.test"
		pf  = "netfab_nat_gateway_packet_filter.test"
		in  = "a_end_partner_config.vrouter_config.interfaces.0.packet_filter_in"
		out = "a_end_partner_config.vrouter_config.interfaces.0.packet_filter_out"
	)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_vxc"),
		Steps: []resource.TestStep{
			{
				Config:      config(`"1:2"`, "null"),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)packet_filter_in.*packet filter's number.*<NAT gateway\s+UID>:<number>`),
			},
			{
				Config: config(pf+".id", pf+".nat_gateway_packet_filter_id"),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttrPair(vxc, in, pf, "id"),
					resource.TestCheckResourceAttrPair(vxc, out, pf, "nat_gateway_packet_filter_id"),
				),
			},
			{
				// The ends are known once the gateway exists.
				Config:      config(`"5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61:1"`, "null"),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)packet_filter_in names a packet filter of NAT gateway\s+5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61.*a_end`),
			},
			{
				// Back to the applied configuration, which the destroy uses.
				Config:   config(pf+".id", pf+".nat_gateway_packet_filter_id"),
				PlanOnly: true,
			},
		},
	})
}
