package netfab

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

// natSpeedWithTwoSessionCounts is a speed of the NAT gateway session matrix
// that offers more than one session count, with its smallest and largest.
func natSpeedWithTwoSessionCounts(t *testing.T) (speed, fewer, more int64) {
	t.Helper()
	pairs, err := api.NATSessionPairings(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pairs {
		if len(p.SessionCounts) > 1 {
			return p.Speed, slices.Min(p.SessionCounts), slices.Max(p.SessionCounts)
		}
	}
	t.Fatal("no speed of the NAT gateway session matrix offers two session counts")
	return 0, 0, 0
}

// A NAT gateway at the A end of VXCs to a port: one whose router interface
// filters inbound traffic by the gateway's packet filter (its number), one
// whose BGP session filters routes by the gateway's prefix list (its
// description). Then, in one apply, the first VXC is renamed and its rate
// changes, the filter's closing rule loses its description and the gateway
// takes another session count, all in place; the filter and the gateway
// import as applied.
func TestAccVxc_natGatewayEnd(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "nat")
	speed, fewer, more := natSpeedWithTwoSessionCounts(t)
	loc := locationWith(t, func(p netfabapi.LocationProducts) bool {
		return natGatewayOffered(p) && slices.Contains(p.DiversityZones, "red") && offersPort(1000)(p)
	})
	products := func(sessions int64, closingRule string) string {
		return fmt.Sprintf(`
resource "netfab_nat_gateway" "gw" {
  product_name         = "%[1]s-gw"
  location_id          = %[2]d
  speed                = %[3]d
  session_count        = %[4]d
  contract_term_months = 1
  diversity_zone       = "red"
  asn                  = 64620
  resource_tags        = { stage = "test" }
}

resource "netfab_port" "port" {
  product_name           = "%[1]s-port"
  location_id            = %[2]d
  port_speed             = 1000
  contract_term_months   = 1
  marketplace_visibility = false
}

resource "netfab_nat_gateway_packet_filter" "inbound" {
  nat_gateway_product_uid = netfab_nat_gateway.gw.product_uid
  description             = "%[1]s-filter"
  entries = [
    {
      action              = "permit"
      description         = "web"
      source_address      = "0.0.0.0/0"
      destination_address = "198.18.0.0/30"
      destination_ports   = "443"
      ip_protocol         = 6
    },
    {
      action              = "permit"
      description         = "name service"
      source_address      = "0.0.0.0/0"
      destination_address = "198.18.0.0/30"
      destination_ports   = "53"
      ip_protocol         = 17
    },
    {
      action              = "deny"
      source_address      = "0.0.0.0/0"
      destination_address = "0.0.0.0/0"
      %[5]s
    },
  ]
}

resource "netfab_nat_gateway_prefix_list" "routes" {
  nat_gateway_product_uid = netfab_nat_gateway.gw.product_uid
  description             = "%[1]s-routes"
  address_family          = "IPv4"
  entries = [
    { action = "permit", prefix = "172.16.0.0/12", ge = 20, le = 28 },
    { action = "permit", prefix = "10.64.0.0/10" },
    { action = "deny", prefix = "192.168.0.0/16" },
  ]
}
`, name, loc, speed, sessions, closingRule)
	}
	// The sessions are shut down: nothing answers on the port's side.
	session := func(local, peer, description, more string) string {
		return fmt.Sprintf(`peer_asn = 64630
          local_ip_address = %q
          peer_ip_address = %q
          shutdown = true
          description = %q
          bfd_enabled = false
          export_policy = "permit"
          %s`, local, peer, description, more)
	}
	vxcs := map[string]vxcHCL{
		"filtered": {name: name + "-filtered", rate: 100, term: 1,
			a: vxcEndHCL{product: "netfab_nat_gateway.gw.product_uid", vlan: new(100)},
			aPartner: bgpRouter("198.18.0.1/30", `description = "filtered inbound"
        packet_filter_in = netfab_nat_gateway_packet_filter.inbound.nat_gateway_packet_filter_id`, session("198.18.0.1", "198.18.0.2", "peer is down", "")),
			b: vxcEndHCL{product: "netfab_port.port.product_uid", vlan: new(200)}},
		"route_filtered": {name: name + "-routes", rate: 100, term: 1,
			a: vxcEndHCL{product: "netfab_nat_gateway.gw.product_uid", vlan: new(101)},
			aPartner: bgpRouter("198.18.0.5/30", `description = "filtered routes"`,
				session("198.18.0.5", "198.18.0.6", "routes filtered", `import_whitelist = netfab_nat_gateway_prefix_list.routes.description
          export_whitelist = netfab_nat_gateway_prefix_list.routes.description`)),
			b: vxcEndHCL{product: "netfab_port.port.product_uid", vlan: new(201)}},
	}
	created := providerConfig() + products(fewer, `description = "everything else"`) + vxcsHCL(vxcs)
	v := vxcs["filtered"]
	v.name, v.rate = name+"-filtered-2", 200
	vxcs["filtered"] = v
	updated := providerConfig() + products(more, "") + vxcsHCL(vxcs)

	const (
		filtered = "netfab_vxc.filtered"
		routes   = "netfab_vxc.route_filtered"
		iface    = "a_end_partner_config.vrouter_config.interfaces.0."
	)
	attr := resource.TestCheckResourceAttr
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_vxc"),
		Steps: []resource.TestStep{
			{Config: created, Check: resource.ComposeAggregateTestCheckFunc(
				attr(filtered, "rate_limit", "100"),
				resource.TestCheckResourceAttrPair(filtered, "a_end.current_product_uid", "netfab_nat_gateway.gw", "product_uid"),
				resource.TestCheckResourceAttrPair(filtered, iface+"packet_filter_in", "netfab_nat_gateway_packet_filter.inbound", "nat_gateway_packet_filter_id"),
				attr(routes, iface+"bgp_connections.0.import_whitelist", name+"-routes"),
				attr(routes, iface+"bgp_connections.0.export_whitelist", name+"-routes"),
			)},
			{
				Config: updated,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(filtered, plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction("netfab_nat_gateway_packet_filter.inbound", plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction("netfab_nat_gateway.gw", plancheck.ResourceActionUpdate),
				}},
				Check: resource.ComposeAggregateTestCheckFunc(
					attr(filtered, "product_name", name+"-filtered-2"), attr(filtered, "rate_limit", "200"),
					attr("netfab_nat_gateway.gw", "session_count", fmt.Sprint(more)),
					resource.TestCheckNoResourceAttr("netfab_nat_gateway_packet_filter.inbound", "entries.2.description"),
				),
			},
			{ResourceName: "netfab_nat_gateway_packet_filter.inbound", ImportState: true, ImportStateVerify: true},
			{ResourceName: "netfab_nat_gateway.gw", ImportState: true, ImportStateVerify: true},
		},
	})
}
