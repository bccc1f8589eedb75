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

const natPrefixListAddr = "netfab_nat_gateway_prefix_list.test"

// natPrefixListConfig is a NAT gateway with one prefix list on it.
func natPrefixListConfig(location int64, zone, name, description, family, entries string) string {
	return natGatewayConfig(location, zone, name, 1000, 50000, "") + fmt.Sprintf(`
resource "netfab_nat_gateway_prefix_list" "test" {
  nat_gateway_product_uid = netfab_nat_gateway.test.product_uid
  description             = %q
  address_family          = %q
%s
}
`, description, family, entries)
}

// natPrefixEntriesHCL renders the entries list of "action prefix [ge] [le]".
func natPrefixEntriesHCL(entries ...[]string) string {
	if len(entries) == 0 {
		return ""
	}
	out := "  entries = ["
	for _, e := range entries {
		out += fmt.Sprintf("\n  {\n    action = %q\n    prefix = %q\n", e[0], e[1])
		if len(e) > 2 && e[2] != "" {
			out += "    ge     = " + e[2] + "\n"
		}
		if len(e) > 3 && e[3] != "" {
			out += "    le     = " + e[3] + "\n"
		}
		out += "  },"
	}
	return out + "\n  ]"
}

// natPrefixListAtService checks the service's list has this family and the
// prefixes in exactly this order.
func natPrefixListAtService(family string, prefixes ...string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		natUID, id, err := natGatewayChildOf(s, natPrefixListAddr, "nat_gateway_prefix_list_id")
		if err != nil {
			return err
		}
		l, err := api.NATPrefixList(context.Background(), natUID, id)
		if err != nil {
			return err
		}
		var got []string
		for _, e := range l.Entries {
			got = append(got, e.Prefix)
		}
		if l.AddressFamily != family || !slices.Equal(got, prefixes) {
			return fmt.Errorf("service has a %s list of %v, want %s with %v", l.AddressFamily, got, family, prefixes)
		}
		return nil
	}
}

func TestAccNatGatewayPrefixList_lifecycle(t *testing.T) {
	accPreCheck(t)
	loc, zones := natLocation(t)
	name := uniqueName(t, "nat")
	sameID := statecheck.CompareValue(compare.ValuesSame())
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	created := natPrefixListConfig(loc, zones[0], name, "customer routes", "IPv4", natPrefixEntriesHCL(
		[]string{"permit", "10.0.0.0/8", "", "24"},
		[]string{"deny", "192.168.0.0/16", "24", "32"},
	))
	updated := natPrefixListConfig(loc, zones[0], name, "customer routes v2", "IPv4", natPrefixEntriesHCL(
		[]string{"deny", "192.168.0.0/16", "24", "32"},
		[]string{"permit", "172.16.0.0/12"},
		[]string{"permit", "10.0.0.0/8", "", "24"},
	))
	ipv6 := natPrefixListConfig(loc, zones[0], name, "customer routes v2", "IPv6", natPrefixEntriesHCL(
		[]string{"permit", "2001:db8::/32", "48", "64"},
	))

	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_nat_gateway"),
		Steps: []resource.TestStep{
			{
				Config: created,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(natPrefixListAddr, tfjsonpath.New("nat_gateway_prefix_list_id"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(natPrefixListAddr, tfjsonpath.New("id"), knownvalue.StringRegexp(regexp.MustCompile(`^[^:]+:[1-9][0-9]*$`))),
					statecheck.CompareValuePairs(natPrefixListAddr, tfjsonpath.New("nat_gateway_product_uid"), "netfab_nat_gateway.test", tfjsonpath.New("product_uid"), compare.ValuesSame()),
					statecheck.ExpectKnownValue(natPrefixListAddr, tfjsonpath.New("entries"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectExact(map[string]knownvalue.Check{
							"action": knownvalue.StringExact("permit"), "prefix": knownvalue.StringExact("10.0.0.0/8"),
							"ge": knownvalue.Null(), "le": knownvalue.Int64Exact(24),
						}),
						knownvalue.ObjectExact(map[string]knownvalue.Check{
							"action": knownvalue.StringExact("deny"), "prefix": knownvalue.StringExact("192.168.0.0/16"),
							"ge": knownvalue.Int64Exact(24), "le": knownvalue.Int64Exact(32),
						}),
					})),
					sameID.AddStateValue(natPrefixListAddr, tfjsonpath.New("id")),
					differentID.AddStateValue(natPrefixListAddr, tfjsonpath.New("id")),
				},
				Check: natPrefixListAtService("IPv4", "10.0.0.0/8", "192.168.0.0/16"),
			},
			{
				Config: created,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				// Description and entries change in place, in the new order.
				Config: updated,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(natPrefixListAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectResourceAction("netfab_nat_gateway.test", plancheck.ResourceActionNoop),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(natPrefixListAddr, tfjsonpath.New("description"), knownvalue.StringExact("customer routes v2")),
					sameID.AddStateValue(natPrefixListAddr, tfjsonpath.New("id")),
				},
				Check: natPrefixListAtService("IPv4", "192.168.0.0/16", "172.16.0.0/12", "10.0.0.0/8"),
			},
			{
				Config:            updated,
				ResourceName:      natPrefixListAddr,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				// The address family cannot change: a new list.
				Config: ipv6,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(natPrefixListAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(natPrefixListAddr, tfjsonpath.New("address_family"), knownvalue.StringExact("IPv6")),
					differentID.AddStateValue(natPrefixListAddr, tfjsonpath.New("id")),
				},
				Check: func(s *terraform.State) error {
					if err := natPrefixListAtService("IPv6", "2001:db8::/32")(s); err != nil {
						return err
					}
					uid := s.RootModule().Resources["netfab_nat_gateway.test"].Primary.ID
					lists, err := api.NATPrefixLists(context.Background(), uid)
					if err != nil {
						return err
					}
					if len(lists) != 1 {
						return fmt.Errorf("the NAT gateway has %d prefix lists, want 1 (the IPv4 list deleted)", len(lists))
					}
					return nil
				},
			},
			{
				// Deleted behind Terraform's back: planned for re-creation.
				Config:             ipv6,
				Check:              deleteNATGatewayChildBehindTerraform(natPrefixListAddr, "nat_gateway_prefix_list_id", api.DeleteNATPrefixList),
				ExpectNonEmptyPlan: true,
			},
			{
				Config: ipv6,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(natPrefixListAddr, plancheck.ResourceActionCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(natPrefixListAddr, tfjsonpath.New("id")),
				},
				Check: natPrefixListAtService("IPv6", "2001:db8::/32"),
			},
			{
				// The NAT gateway cancelled behind Terraform's back takes its
				// lists with it.
				Config:             ipv6,
				Check:              cancelBehindTerraform(t, "netfab_nat_gateway.test"),
				ExpectNonEmptyPlan: true,
			},
			{
				Config: ipv6,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("netfab_nat_gateway.test", plancheck.ResourceActionCreate),
						plancheck.ExpectResourceAction(natPrefixListAddr, plancheck.ResourceActionCreate),
					},
				},
			},
		},
	})
}

func TestAccNatGatewayPrefixList_invalidInputIsRejectedAtPlan(t *testing.T) {
	accPreCheck(t)
	for _, tc := range []struct {
		name, family, entries, want string
	}{
		{name: "wrong family", family: "IPv6", entries: natPrefixEntriesHCL([]string{"permit", "10.0.0.0/8"}),
			want: natWrapped("entries[0]: prefix 10.0.0.0/8 is not an IPv6 prefix")},
		{name: "wrong family v4", family: "IPv4", entries: natPrefixEntriesHCL([]string{"permit", "10.0.0.0/8"}, []string{"deny", "2001:db8::/32"}),
			want: natWrapped("entries[1]: prefix 2001:db8::/32 is not an IPv4 prefix")},
		{name: "no entries", family: "IPv4", entries: "", want: natWrapped(`The argument "entries" is required`)},
		{name: "bad CIDR", family: "IPv4", entries: natPrefixEntriesHCL([]string{"permit", "10.0.0/8"}),
			want: natWrapped("entries[0].prefix must be a prefix in CIDR notation")},
		{name: "host bits", family: "IPv4", entries: natPrefixEntriesHCL([]string{"permit", "10.1.2.3/8"}),
			want: natWrapped("prefix 10.1.2.3/8 has host bits set. Use the network address 10.0.0.0/8")},
		{name: "ge above le", family: "IPv4", entries: natPrefixEntriesHCL([]string{"permit", "10.0.0.0/8", "24", "16"}),
			want: natWrapped("ge (24) must not be greater than le (16)")},
		{name: "le too long", family: "IPv4", entries: natPrefixEntriesHCL([]string{"permit", "10.0.0.0/8", "", "33"}),
			want: natWrapped("le must be between the prefix length 8 and 32; got 33")},
		{name: "family", family: "IPv5", entries: natPrefixEntriesHCL([]string{"permit", "10.0.0.0/8"}),
			want: `address_family value must be one of`},
		{name: "action", family: "IPv4", entries: natPrefixEntriesHCL([]string{"accept", "10.0.0.0/8"}),
			want: `action value must be one of`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: providerConfig() + fmt.Sprintf(`
resource "netfab_nat_gateway_prefix_list" "bad" {
  nat_gateway_product_uid = "00000000-0000-0000-0000-000000000000"
  description             = "x"
  address_family          = %q
%s
}`, tc.family, tc.entries),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

func TestAccNatGatewayPrefixList_invalidImportID(t *testing.T) {
	accPreCheck(t)
	config := providerConfig() + `
resource "netfab_nat_gateway_prefix_list" "test" {
  nat_gateway_product_uid = "00000000-0000-0000-0000-000000000000"
  description             = "x"
  address_family          = "IPv4"
  entries = [{
    action = "permit"
    prefix = "10.0.0.0/8"
  }]
}`
	for _, tc := range []struct{ id, want string }{
		{"only-a-uid", natWrapped(`"only-a-uid" is not of the shape <NAT_GATEWAY_PRODUCT_UID>:<PREFIX_LIST_ID>`)},
		{"some-uid:-3", natWrapped(`"-3" is not a positive integer`)},
		{"some-uid:1:2", natWrapped(`"some-uid:1:2" is not of the shape <NAT_GATEWAY_PRODUCT_UID>:<PREFIX_LIST_ID>`)},
	} {
		t.Run(tc.id, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config:        config,
					ResourceName:  natPrefixListAddr,
					ImportState:   true,
					ImportStateId: tc.id,
					ExpectError:   regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}
