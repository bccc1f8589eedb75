package netfab

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// Configurations of the upstream provider that netfab resembles (its
// examples and acceptance tests), with only the resource types renamed and
// the provider pointed at the sandbox. Users moving from upstream run them
// unchanged, so they must apply, plan empty, update and import.

// upstream renames the upstream provider's types to netfab's.
func upstream(config string) string {
	return providerConfig() + strings.ReplaceAll(config, "megaport_", "netfab_")
}

// The upstream IPsec add-on acceptance configuration: an MCR that leaves
// its prefix filter lists to standalone resources (`prefix_filter_lists =
// []` with ignore_changes) and an add-on whose tunnel count changes.
func TestAccUpstream_mcrIpsecAddonConfig(t *testing.T) {
	accPreCheck(t)
	config := func(tunnelCount int) string {
		return upstream(fmt.Sprintf(`
data "megaport_location" "test_location" {
	id = %d
}

resource "megaport_mcr" "mcr" {
	product_name         = "%s"
	port_speed           = 1000
	location_id          = data.megaport_location.test_location.id
	contract_term_months = 1
	cost_centre          = "%s"

	prefix_filter_lists = []

	lifecycle {
		ignore_changes = [prefix_filter_lists]
	}
}

resource "megaport_mcr_ipsec_addon" "test" {
	mcr_id       = megaport_mcr.mcr.product_uid
	tunnel_count = %d
}
`, locationWith(t, offersMCR), uniqueName(t, "mcr"), "cost-centre", tunnelCount))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config(10)},
			{Config: config(20), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("netfab_mcr_ipsec_addon.test", plancheck.ResourceActionUpdate),
				plancheck.ExpectResourceAction("netfab_mcr.mcr", plancheck.ResourceActionNoop),
			}}},
			{
				ResourceName:      "netfab_mcr_ipsec_addon.test",
				ImportState:       true,
				ImportStateVerify: true,
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					rs := s.RootModule().Resources["netfab_mcr_ipsec_addon.test"]
					return rs.Primary.Attributes["mcr_id"] + ":" + rs.Primary.Attributes["add_on_uid"], nil
				},
			},
		},
	})
}

// The upstream prefix filter list data source acceptance configuration:
// standalone IPv4 and IPv6 lists next to an MCR that ignores its inline
// ones, read back by the data source.
func TestAccUpstream_mcrPrefixFilterListsDataSourceConfig(t *testing.T) {
	accPreCheck(t)
	first, second := uniqueName(t, "list-1"), uniqueName(t, "list-2")
	config := upstream(fmt.Sprintf(`
				data "megaport_location" "test_location" {
					id = %d
				}
				
				resource "megaport_mcr" "mcr" {
					product_name         = "%s"
					port_speed          = 1000
					location_id         = data.megaport_location.test_location.id
					contract_term_months = 12
					cost_centre         = "%s"
					
					# Explicitly set empty prefix filter lists to avoid conflicts
					prefix_filter_lists = []

					lifecycle {
						ignore_changes = [prefix_filter_lists]
					}
				}

				resource "megaport_mcr_prefix_filter_list" "prefix_list_1" {
					mcr_id         = megaport_mcr.mcr.product_uid
					description    = "%s"
					address_family = "IPv4"
					entries = [
						{
							action = "permit"
							prefix = "10.0.1.0/24"
							ge     = 25
							le     = 32
						},
						{
							action = "deny"
							prefix = "10.0.2.0/24"
							ge     = 25
							le     = 27
						}
					]
				}

				resource "megaport_mcr_prefix_filter_list" "prefix_list_2" {
					mcr_id         = megaport_mcr.mcr.product_uid
					description    = "%s"
					address_family = "IPv6"
					entries = [
						{
							action = "permit"
							prefix = "2001:db8::/32"
							ge     = 48
							le     = 64
						}
					]
				}

				data "megaport_mcr_prefix_filter_lists" "all_lists" {
					mcr_id = megaport_mcr.mcr.product_uid
					depends_on = [
						megaport_mcr_prefix_filter_list.prefix_list_1,
						megaport_mcr_prefix_filter_list.prefix_list_2,
					]
				}
`, locationWith(t, offersMCR), uniqueName(t, "mcr"), "cost-centre", first, second))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("data.netfab_mcr_prefix_filter_lists.all_lists", "prefix_filter_lists.#", "2"),
					resource.TestCheckTypeSetElemNestedAttrs("data.netfab_mcr_prefix_filter_lists.all_lists", "prefix_filter_lists.*", map[string]string{
						"description":    first,
						"address_family": "IPv4",
					}),
					resource.TestCheckTypeSetElemNestedAttrs("data.netfab_mcr_prefix_filter_lists.all_lists", "prefix_filter_lists.*", map[string]string{
						"description":    second,
						"address_family": "IPv6",
					}),
				),
			},
			{Config: config, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			// As upstream's test: last_updated is the time of the import after one.
			{ResourceName: "netfab_mcr_prefix_filter_list.prefix_list_1", ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: []string{"last_updated"}},
		},
	})
}

// The upstream example of the standalone MCR prefix filter list, its lists
// attached to the example's own MCR instead of a placeholder UID.
func TestAccUpstream_mcrPrefixFilterListExample(t *testing.T) {
	accPreCheck(t)
	example := `
# Basic IPv4 prefix filter list example
resource "megaport_mcr_prefix_filter_list" "ipv4_example" {
  mcr_id         = megaport_mcr.example_mcr.product_uid
  description    = "IPv4 Prefix Filter List Example"
  address_family = "IPv4"

  entries = [
    {
      action = "permit"
      prefix = "10.0.0.0/8"
      ge     = 16
      le     = 24
    },
    {
      action = "permit"
      prefix = "172.16.0.0/12"
      # ge and le are optional - if not specified, exact match on prefix length
    },
    {
      action = "deny"
      prefix = "192.168.1.0/24"
      ge     = 24
      le     = 32
    }
  ]
}

# IPv6 prefix filter list example
resource "megaport_mcr_prefix_filter_list" "ipv6_example" {
  mcr_id         = megaport_mcr.example_mcr.product_uid
  description    = "IPv6 Prefix Filter List Example"
  address_family = "IPv6"

  entries = [
    {
      action = "permit"
      prefix = "2001:db8::/32"
      ge     = 48
      le     = 64
    },
    {
      action = "deny"
      prefix = "2001:db8:bad::/48"
    }
  ]
}

# Multiple prefix filter lists on the same MCR
resource "megaport_mcr_prefix_filter_list" "inbound_filter" {
  mcr_id         = megaport_mcr.example_mcr.product_uid
  description    = "Inbound Traffic Filter"
  address_family = "IPv4"

  entries = [
    {
      action = "permit"
      prefix = "203.0.113.0/24"
      ge     = 24
      le     = 30
    },
    {
      action = "deny"
      prefix = "0.0.0.0/0"
      le     = 7 # Deny default routes and very broad prefixes
    }
  ]
}

# Using with an existing MCR resource
resource "megaport_mcr" "example_mcr" {
  product_name         = "MCR for Prefix Filter Lists"
  port_speed           = 1000
  location_id          = 6
  contract_term_months = 1
}

resource "megaport_mcr_prefix_filter_list" "dynamic_example" {
  mcr_id         = megaport_mcr.example_mcr.product_uid
  description    = "Dynamic MCR Prefix Filter List"
  address_family = "IPv4"

  entries = [
    {
      action = "permit"
      prefix = "198.51.100.0/24"
      ge     = 28
      le     = 32
    }
  ]
}

# Output the prefix filter list ID for reference
output "prefix_filter_list_id" {
  description = "The ID of the created prefix filter list"
  value       = megaport_mcr_prefix_filter_list.ipv4_example.prefix_filter_list_id
}`
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: upstream(example)},
			{
				// Entries change in place, the list keeps its ID.
				Config: upstream(strings.Replace(example, `prefix = "198.51.100.0/24"`, `prefix = "198.51.100.0/25"`, 1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("netfab_mcr_prefix_filter_list.dynamic_example", plancheck.ResourceActionUpdate),
				}},
			},
		},
	})
}

// The upstream examples of the NAT gateway and its packet filter: the
// gateway at 1000 Mbps with 32768 sessions (a pair of the matrix the
// service publishes) and a filter whose last rule has no description.
func TestAccUpstream_natGatewayPacketFilterExample(t *testing.T) {
	accPreCheck(t)
	example := `
resource "megaport_nat_gateway" "example" {
  product_name         = "Megaport NAT Gateway Example"
  location_id          = 6
  speed                = 1000
  session_count        = 32768
  contract_term_months = 1
  diversity_zone       = "red"
  asn                  = 64512

  resource_tags = {
    environment = "production"
  }
}

resource "megaport_nat_gateway_packet_filter" "example" {
  nat_gateway_product_uid = megaport_nat_gateway.example.product_uid
  description             = "Ingress filter"

  entries = [
    {
      action              = "permit"
      description         = "Allow HTTPS"
      source_address      = "0.0.0.0/0"
      destination_address = "10.0.0.0/24"
      destination_ports   = "443"
      ip_protocol         = 6 # TCP
    },
    {
      action              = "permit"
      description         = "Allow DNS"
      source_address      = "0.0.0.0/0"
      destination_address = "10.0.0.0/24"
      destination_ports   = "53"
      ip_protocol         = 17 # UDP
    },
    {
      action              = "deny"
      description         = "Default deny"
      source_address      = "0.0.0.0/0"
      destination_address = "0.0.0.0/0"
    },
  ]
}

resource "megaport_nat_gateway_prefix_list" "example" {
  nat_gateway_product_uid = megaport_nat_gateway.example.product_uid
  description             = "Customer routes"
  address_family          = "IPv4"

  entries = [
    {
      action = "permit"
      prefix = "10.0.0.0/8"
      ge     = 24
      le     = 32
    },
    {
      action = "permit"
      prefix = "172.16.0.0/12"
    },
    {
      action = "deny"
      prefix = "192.168.0.0/16"
    },
  ]
}
`
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: upstream(example)},
			{
				// The closing rule loses its description; the session count
				// moves to the largest the service offers at 1000 Mbps.
				Config: upstream(strings.Replace(strings.Replace(example, `      description         = "Default deny"
`, "", 1), "32768", "250000", 1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("netfab_nat_gateway_packet_filter.example", plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction("netfab_nat_gateway.example", plancheck.ResourceActionUpdate),
				}},
			},
			{ResourceName: "netfab_nat_gateway_packet_filter.example", ImportState: true, ImportStateVerify: true},
			{ResourceName: "netfab_nat_gateway.example", ImportState: true, ImportStateVerify: true},
		},
	})
}
