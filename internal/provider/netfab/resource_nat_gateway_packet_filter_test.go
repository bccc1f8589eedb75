package netfab

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

const packetFilterAddr = "netfab_nat_gateway_packet_filter.test"

// packetFilterConfig is a NAT gateway with one packet filter on it.
func packetFilterConfig(location int64, zone, name, description, entries string) string {
	return natGatewayConfig(location, zone, name, 1000, 50000, "") + fmt.Sprintf(`
resource "netfab_nat_gateway_packet_filter" "test" {
  nat_gateway_product_uid = netfab_nat_gateway.test.product_uid
  description             = %q
%s
}
`, description, entries)
}

// The rules of the tests, by description.
var packetFilterEntries = map[string]string{
	"https-out": `
    {
      action              = "permit"
      description         = "https-out"
      source_address      = "10.0.0.0/8"
      destination_address = "0.0.0.0/0"
      destination_ports   = "443"
      ip_protocol         = 6
    },`,
	"block-docs": `
    {
      action              = "deny"
      description         = "block-docs"
      source_address      = "10.0.0.0/8"
      destination_address = "192.0.2.0/24"
    },`,
	"dns": `
    {
      action              = "permit"
      description         = "dns"
      source_address      = "10.1.0.0/16"
      destination_address = "198.51.100.53/32"
      destination_ports   = "53,5353-5354"
      ip_protocol         = 17
    },`,
	"any-protocol-zero": `
    {
      action              = "permit"
      description         = "any-protocol-zero"
      source_address      = "10.2.0.0/16"
      destination_address = "0.0.0.0/0"
      ip_protocol         = 0
    },`,
}

func packetFilterEntriesHCL(descriptions ...string) string {
	out := "  entries = ["
	for _, d := range descriptions {
		out += packetFilterEntries[d]
	}
	return out + "\n  ]"
}

// packetFilterAtService checks the service's filter has the description and
// the rules in exactly this order.
func packetFilterAtService(description string, order ...string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		natUID, id, err := natGatewayChildOf(s, packetFilterAddr, "nat_gateway_packet_filter_id")
		if err != nil {
			return err
		}
		f, err := api.NATPacketFilter(context.Background(), natUID, id)
		if err != nil {
			return err
		}
		var got []string
		for _, e := range f.Entries {
			got = append(got, e.Description)
		}
		if f.Description != description || !slices.Equal(got, order) {
			return fmt.Errorf("service has filter %q with rules %v, want %q with %v", f.Description, got, description, order)
		}
		return nil
	}
}

func TestAccNatGatewayPacketFilter_lifecycle(t *testing.T) {
	accPreCheck(t)
	loc, zones := natLocation(t)
	name := uniqueName(t, "nat")
	sameID := statecheck.CompareValue(compare.ValuesSame())
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	created := packetFilterConfig(loc, zones[0], name, "egress", packetFilterEntriesHCL("https-out", "block-docs", "dns"))
	reordered := packetFilterConfig(loc, zones[0], name, "egress rules", packetFilterEntriesHCL("block-docs", "dns", "https-out"))
	withZero := packetFilterConfig(loc, zones[0], name, "egress rules", packetFilterEntriesHCL("block-docs", "any-protocol-zero"))

	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_nat_gateway"),
		Steps: []resource.TestStep{
			{
				Config: created,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(packetFilterAddr, tfjsonpath.New("nat_gateway_packet_filter_id"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(packetFilterAddr, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^[^:]+:[1-9][0-9]*$`))),
					statecheck.CompareValuePairs(packetFilterAddr, tfjsonpath.New("nat_gateway_product_uid"), "netfab_nat_gateway.test", tfjsonpath.New("product_uid"), compare.ValuesSame()),
					statecheck.ExpectKnownValue(packetFilterAddr, tfjsonpath.New("entries"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectExact(map[string]knownvalue.Check{
							"action": knownvalue.StringExact("permit"), "description": knownvalue.StringExact("https-out"),
							"source_address": knownvalue.StringExact("10.0.0.0/8"), "destination_address": knownvalue.StringExact("0.0.0.0/0"),
							"destination_ports": knownvalue.StringExact("443"), "ip_protocol": knownvalue.Int64Exact(6),
						}),
						knownvalue.ObjectExact(map[string]knownvalue.Check{
							"action": knownvalue.StringExact("deny"), "description": knownvalue.StringExact("block-docs"),
							"source_address": knownvalue.StringExact("10.0.0.0/8"), "destination_address": knownvalue.StringExact("192.0.2.0/24"),
							"destination_ports": knownvalue.Null(), "ip_protocol": knownvalue.Null(),
						}),
						knownvalue.ObjectPartial(map[string]knownvalue.Check{"description": knownvalue.StringExact("dns")}),
					})),
					sameID.AddStateValue(packetFilterAddr, tfjsonpath.New("id")),
					differentID.AddStateValue(packetFilterAddr, tfjsonpath.New("id")),
				},
				Check: packetFilterAtService("egress", "https-out", "block-docs", "dns"),
			},
			{
				Config: created,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				// Reordering the rules changes the filter, in place; the
				// service keeps the new order.
				Config: reordered,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(packetFilterAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectResourceAction("netfab_nat_gateway.test", plancheck.ResourceActionNoop),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(packetFilterAddr, tfjsonpath.New("id")),
				},
				Check: packetFilterAtService("egress rules", "block-docs", "dns", "https-out"),
			},
			{
				Config:            reordered,
				ResourceName:      packetFilterAddr,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				// A protocol of 0 is not sent by the API, and still plans no
				// change afterwards.
				Config: withZero,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(packetFilterAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(packetFilterAddr, tfjsonpath.New("entries").AtSliceIndex(1).AtMapKey("ip_protocol"), knownvalue.Int64Exact(0)),
				},
				Check: packetFilterAtService("egress rules", "block-docs", "any-protocol-zero"),
			},
			{
				Config: withZero,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				// Deleted behind Terraform's back: planned for re-creation.
				Config:             withZero,
				Check:              deleteNATGatewayChildBehindTerraform(packetFilterAddr, "nat_gateway_packet_filter_id", api.DeleteNATPacketFilter),
				ExpectNonEmptyPlan: true,
			},
			{
				Config: withZero,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(packetFilterAddr, plancheck.ResourceActionCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(packetFilterAddr, tfjsonpath.New("id")),
				},
				Check: packetFilterAtService("egress rules", "block-docs", "any-protocol-zero"),
			},
			{
				// The NAT gateway cancelled behind Terraform's back takes its
				// filters with it: both are planned for re-creation.
				Config:             withZero,
				Check:              cancelBehindTerraform(t, "netfab_nat_gateway.test"),
				ExpectNonEmptyPlan: true,
			},
			{
				Config: withZero,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("netfab_nat_gateway.test", plancheck.ResourceActionCreate),
						plancheck.ExpectResourceAction(packetFilterAddr, plancheck.ResourceActionCreate),
					},
				},
				Check: packetFilterAtService("egress rules", "block-docs", "any-protocol-zero"),
			},
		},
	})
}

func TestAccNatGatewayPacketFilter_invalidInputIsRejectedAtPlan(t *testing.T) {
	accPreCheck(t)
	entry := func(body string) string { return "  entries = [{\n" + body + "\n  }]" }
	for _, tc := range []struct {
		name, description, entries, want string
	}{
		{name: "no entries", description: "x", entries: "", want: natWrapped(`The argument "entries" is required`)},
		{name: "empty description", description: "", entries: entry(`
    action = "permit"
    source_address = "10.0.0.0/8"
    destination_address = "0.0.0.0/0"`), want: `(?s)description.*between 1 and 255`},
		{name: "bad source CIDR", description: "x", entries: entry(`
    action = "permit"
    source_address = "10.0.0.1"
    destination_address = "0.0.0.0/0"`), want: `entries\[0\]\.source_address must be a prefix in CIDR notation`},
		{name: "bad destination CIDR", description: "x", entries: entry(`
    action = "permit"
    source_address = "10.0.0.0/8"
    destination_address = "0.0.0.0/33"`), want: `entries\[0\]\.destination_address must be a prefix in CIDR notation`},
		{name: "descending port range", description: "x", entries: entry(`
    action = "permit"
    source_address = "10.0.0.0/8"
    destination_address = "0.0.0.0/0"
    destination_ports = "90-80"`), want: `entries\[0\]\.destination_ports must be ports`},
		{name: "port zero", description: "x", entries: entry(`
    action = "permit"
    source_address = "10.0.0.0/8"
    destination_address = "0.0.0.0/0"
    destination_ports = "0"`), want: `entries\[0\]\.destination_ports must be ports`},
		{name: "protocol", description: "x", entries: entry(`
    action = "permit"
    source_address = "10.0.0.0/8"
    destination_address = "0.0.0.0/0"
    ip_protocol = 256`), want: `ip_protocol value must be between 0 and 255`},
		{name: "action", description: "x", entries: entry(`
    action = "allow"
    source_address = "10.0.0.0/8"
    destination_address = "0.0.0.0/0"`), want: `action value must be one of`},
		{name: "mixed families", description: "x", entries: entry(`
    action = "permit"
    source_address = "10.0.0.0/8"
    destination_address = "::/0"`), want: natWrapped("entries[0].destination_address ::/0 and source_address 10.0.0.0/8 must be of the same address family")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: providerConfig() + fmt.Sprintf(`
resource "netfab_nat_gateway_packet_filter" "bad" {
  nat_gateway_product_uid = "00000000-0000-0000-0000-000000000000"
  description             = %q
%s
}`, tc.description, tc.entries),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

func TestAccNatGatewayPacketFilter_invalidImportID(t *testing.T) {
	accPreCheck(t)
	config := providerConfig() + `
resource "netfab_nat_gateway_packet_filter" "test" {
  nat_gateway_product_uid = "00000000-0000-0000-0000-000000000000"
  description             = "x"
  entries = [{
    action              = "permit"
    source_address      = "10.0.0.0/8"
    destination_address = "0.0.0.0/0"
  }]
}`
	for _, tc := range []struct{ id, want string }{
		{"only-a-uid", natWrapped(`"only-a-uid" is not of the shape <NAT_GATEWAY_PRODUCT_UID>:<PACKET_FILTER_ID>`)},
		{"some-uid:0", natWrapped(`"0" is not a positive integer`)},
		{"some-uid:abc", natWrapped(`"abc" is not a positive integer`)},
		{":7", natWrapped(`":7" is not of the shape <NAT_GATEWAY_PRODUCT_UID>:<PACKET_FILTER_ID>`)},
	} {
		t.Run(tc.id, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config:        config,
					ResourceName:  packetFilterAddr,
					ImportState:   true,
					ImportStateId: tc.id,
					ExpectError:   regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

// Importing a filter that does not exist fails instead of adopting nothing.
func TestAccNatGatewayPacketFilter_importMissing(t *testing.T) {
	accPreCheck(t)
	loc, zones := natLocation(t)
	name := uniqueName(t, "nat")
	config := packetFilterConfig(loc, zones[0], name, "egress", packetFilterEntriesHCL("dns"))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_nat_gateway"),
		Steps: []resource.TestStep{
			{Config: config},
			{
				Config:       config,
				ResourceName: packetFilterAddr,
				ImportState:  true,
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					return s.RootModule().Resources["netfab_nat_gateway.test"].Primary.ID + ":999999", nil
				},
				ExpectError: regexp.MustCompile(`(?i)cannot import non-existent remote object`),
			},
		},
	})
}
