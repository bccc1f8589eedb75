package netfab

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

func mcrConfig(location int64, name string, speed int64, extra string) string {
	return providerConfig() + fmt.Sprintf(`
resource "netfab_mcr" "test" {
  product_name         = %q
  location_id          = %d
  port_speed           = %d
  contract_term_months = 12
%s
}
`, name, location, speed, extra)
}

func TestAccMcr_lifecycle(t *testing.T) {
	accPreCheck(t)
	loc := locationWith(t, offersMCR)
	name := uniqueName(t, "mcr")
	const addr = "netfab_mcr.test"
	sameUID := statecheck.CompareValue(compare.ValuesSame())
	differentUID := statecheck.CompareValue(compare.ValuesDiffer())

	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_mcr"),
		Steps: []resource.TestStep{
			{
				Config: mcrConfig(loc, name, 1000, `  promo_code = "NOT-A-REAL-CODE"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("asn"), knownvalue.Int64Exact(DefaultMcrASN)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("provisioning_status"), knownvalue.StringRegexp(regexp.MustCompile(`^(CONFIGURED|LIVE)$`))),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("product_type"), knownvalue.StringExact(netfabapi.ProductTypeMCR)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("diversity_zone"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("create_date"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("cost_centre"), knownvalue.Null()),
					sameUID.AddStateValue(addr, tfjsonpath.New("product_uid")),
					differentUID.AddStateValue(addr, tfjsonpath.New("product_uid")),
				},
			},
			{
				// The second plan of an unchanged configuration is empty.
				Config: mcrConfig(loc, name, 1000, `  promo_code = "NOT-A-REAL-CODE"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				// Name, ASN, cost centre and tags change in place.
				Config: mcrConfig(loc, name+"-renamed", 1000, `
  promo_code  = "NOT-A-REAL-CODE"
  asn         = 64512
  cost_centre = "network-ops"
  resource_tags = { team = "platform" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("asn"), knownvalue.Int64Exact(64512)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("product_name"), knownvalue.StringExact(name+"-renamed")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("resource_tags"), knownvalue.MapExact(map[string]knownvalue.Check{"team": knownvalue.StringExact("platform")})),
					sameUID.AddStateValue(addr, tfjsonpath.New("product_uid")),
				},
				Check: func(*terraform.State) error {
					if n := activeProductsNamed(t, netfabapi.ProductTypeMCR, name+"-renamed"); n != 1 {
						return fmt.Errorf("%d active MCRs carry the new name at the service, want 1", n)
					}
					return nil
				},
			},
			{
				ResourceName:            addr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"promo_code"}, // promo_code: an order-time input, never read back (issue 39 item 7).
			},
			{
				// port_speed is fixed for the life of the service: a new MCR.
				Config: mcrConfig(loc, name+"-renamed", 2500, `
  asn         = 64512
  cost_centre = "network-ops"
  resource_tags = { team = "platform" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("port_speed"), knownvalue.Int64Exact(2500)),
					differentUID.AddStateValue(addr, tfjsonpath.New("product_uid")),
				},
			},
			{
				// Cancelled behind Terraform's back: planned for re-creation.
				Config: mcrConfig(loc, name+"-renamed", 2500, `
  asn         = 64512
  cost_centre = "network-ops"
  resource_tags = { team = "platform" }`),
				Check:              cancelBehindTerraform(t, addr),
				ExpectNonEmptyPlan: true,
			},
			{
				Config: mcrConfig(loc, name+"-renamed", 2500, `
  asn         = 64512
  cost_centre = "network-ops"
  resource_tags = { team = "platform" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate)},
				},
			},
		},
	})
}

func TestAccMcr_invalidInputIsRejectedAtPlan(t *testing.T) {
	accPreCheck(t)
	for _, tc := range []struct {
		name, speed, term, productName, extra string
		want                                  string
	}{
		{name: "port speed", speed: "3000", term: "12", productName: "x", want: `port_speed value must be one of`},
		{name: "contract term", speed: "1000", term: "7", productName: "x", want: `contract_term_months value must be one of`},
		{name: "empty name", speed: "1000", term: "12", productName: "", want: `product_name UTF-8 character count must be between 1 and 64`},
		{name: "asn", speed: "1000", term: "12", productName: "x", extra: "asn = 0", want: `asn value must be between 1 and 4294967295`},
		{name: "prefix family", speed: "1000", term: "12", productName: "x", extra: `
  prefix_filter_lists = [{
    description    = "v6 list"
    address_family = "IPv6"
    entries        = [{ action = "permit", prefix = "10.0.0.0/8" }]
  }]`, want: `prefix 10.0.0.0/8 is not an IPv6 prefix`},
		{name: "ge above le", speed: "1000", term: "12", productName: "x", extra: `
  prefix_filter_lists = [{
    description    = "bounds"
    address_family = "IPv4"
    entries        = [{ action = "permit", prefix = "10.0.0.0/8", ge = 24, le = 16 }]
  }]`, want: `ge \(24\) must not be greater than le \(16\)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: providerConfig() + fmt.Sprintf(`
resource "netfab_mcr" "bad" {
  product_name         = %q
  location_id          = 1
  port_speed           = %s
  contract_term_months = %s
  %s
}`, tc.productName, tc.speed, tc.term, tc.extra),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

func TestAccMcr_serverSideValidationNamesTheField(t *testing.T) {
	accPreCheck(t)
	// The catalogue decides where MCRs are offered: a rule the schema cannot
	// know, reported by the service with the field it breaks. The test's own
	// sandbox has a location without MCRs.
	provider, c, loc := sandboxLacking(t, func(p *netfabapi.LocationProducts) { p.MCR, p.MCRSpeeds = false, []int64{} })
	name := uniqueName(t, "mcr")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      provider + strings.TrimPrefix(mcrConfig(loc, name, 1000, ""), providerConfig()),
			ExpectError: regexp.MustCompile(`(?i)location`),
		}},
	})
	if n := productsNamed(t, c, netfabapi.ProductTypeMCR, name); n != 0 {
		t.Fatalf("a refused order left %d MCRs behind", n)
	}
}

func TestAccMcr_deprecatedInlinePrefixFilterLists(t *testing.T) {
	accPreCheck(t)
	loc := locationWith(t, offersMCR)
	name := uniqueName(t, "mcr")
	list := func(prefix string) string {
		return fmt.Sprintf(`
  prefix_filter_lists = [{
    description    = "customer routes"
    address_family = "IPv4"
    entries        = [{ action = "permit", prefix = %q, le = 24 }]
  }]`, prefix)
	}
	entriesAtService := func(want string) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			uid := s.RootModule().Resources["netfab_mcr.test"].Primary.ID
			lists, err := api.MCRPrefixFilterLists(context.Background(), uid)
			if err != nil {
				return err
			}
			if len(lists) != 1 || len(lists[0].Entries) != 1 || lists[0].Entries[0].Prefix != want {
				return fmt.Errorf("service has %+v, want one list with prefix %s", lists, want)
			}
			return nil
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mcrConfig(loc, name, 1000, list("10.0.0.0/16")), Check: entriesAtService("10.0.0.0/16")},
			{Config: mcrConfig(loc, name, 1000, list("10.1.0.0/16")), Check: entriesAtService("10.1.0.0/16")},
		},
	})
}

// A create whose wait runs out keeps the MCR in state; the next apply waits
// for that same MCR instead of ordering another one.
func TestAccMcr_createTimeoutResumes(t *testing.T) {
	testCreateTimeoutResumes(t, "netfab_mcr", netfabapi.ProductTypeMCR, "MCRs", offersMCR, func(l netfabapi.Location) string {
		return fmt.Sprintf(`resource "netfab_mcr" "slow" {
  product_name         = "slow-router"
  location_id          = %d
  port_speed           = 1000
  contract_term_months = 1
}`, l.ID)
	})
}

// Issue 7 item 1: the service derives usage_algorithm (and the contract end)
// from the term; a change of term across one month must plan them unknown,
// or the apply is inconsistent.
func TestAccMcr_contractTermChangeAcrossOneMonth(t *testing.T) {
	accPreCheck(t)
	loc := locationWith(t, offersMCR)
	name := uniqueName(t, "mcr")
	const addr = "netfab_mcr.test"
	config := func(term int) string {
		return providerConfig() + fmt.Sprintf(`
resource "netfab_mcr" "test" {
  product_name         = %q
  location_id          = %d
  port_speed           = 1000
  contract_term_months = %d
}`, name, loc, term)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config(1),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("usage_algorithm"), knownvalue.StringExact("POST_PAID_HOURLY_SPEED")),
				},
			},
			{
				Config: config(12),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectUnknownValue(addr, tfjsonpath.New("usage_algorithm")),
					plancheck.ExpectKnownValue(addr, tfjsonpath.New("create_date"), knownvalue.NotNull()),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("usage_algorithm"), knownvalue.StringExact("POST_PAID_FIXED_TERM")),
				},
			},
			{Config: config(1)},
		},
	})
}

// Issue 7 item 2: reordered or inserted inline lists converge after one
// apply (the framework checks that the plan after each apply is empty).
func TestAccMcr_inlinePrefixFilterListsReorderConverges(t *testing.T) {
	accPreCheck(t)
	loc := locationWith(t, offersMCR)
	name := uniqueName(t, "mcr")
	list := func(d, prefix string) string {
		return fmt.Sprintf(`{
    description    = %q
    address_family = "IPv4"
    entries        = [{ action = "permit", prefix = %q }]
  },`, d, prefix)
	}
	a, b, c := list("a", "10.1.0.0/16"), list("b", "10.2.0.0/16"), list("c", "10.3.0.0/16")
	config := func(lists ...string) string {
		return mcrConfig(loc, name, 1000, "  prefix_filter_lists = ["+strings.Join(lists, "\n")+"]")
	}
	order := func(want ...string) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			attrs := s.RootModule().Resources["netfab_mcr.test"].Primary.Attributes
			for i, d := range want {
				if got := attrs[fmt.Sprintf("prefix_filter_lists.%d.description", i)]; got != d {
					return fmt.Errorf("prefix_filter_lists[%d] is %q, want %q", i, got, d)
				}
			}
			lists, err := api.MCRPrefixFilterLists(context.Background(), attrs["id"])
			if err != nil {
				return err
			}
			if len(lists) != len(want) {
				return fmt.Errorf("the service has %d lists, want %d", len(lists), len(want))
			}
			return nil
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config(a, b), Check: order("a", "b")},
			{Config: config(b, a), Check: order("b", "a")},
			{Config: config(b, c, a), Check: order("b", "c", "a")},
			{Config: config(c, a), Check: order("c", "a")},
		},
	})
}

// Issue 7 item 7: a rename plans the name and the values a product update
// moves (last_updated), nothing else.
func TestAccMcr_renamePlansOnlyWhatChanges(t *testing.T) {
	accPreCheck(t)
	loc := locationWith(t, offersMCR)
	name := uniqueName(t, "mcr")
	const addr = "netfab_mcr.test"
	stable := []string{"attribute_tags", "terminate_date", "usage_algorithm", "contract_end_date", "contract_start_date",
		"live_date", "provisioning_status", "create_date", "company_uid", "product_id", "asn", "prefix_filter_lists"}
	var checks []plancheck.PlanCheck
	for _, a := range stable {
		checks = append(checks, plancheck.ExpectKnownValue(addr, tfjsonpath.New(a), knownvalue.NotNull()))
	}
	checks = append(checks, plancheck.ExpectUnknownValue(addr, tfjsonpath.New("last_updated")))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			// LIVE after twice the sandbox delay, long before the next
			// step's refresh.
			{Config: mcrConfig(loc, name, 1000, "")},
			{Config: mcrConfig(loc, name+"-renamed", 1000, ""), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: checks}},
		},
	})
}

// Issue 7 item 14: an empty cost_centre clears it, as upstream users do.
func TestAccMcr_emptyCostCentreClears(t *testing.T) {
	accPreCheck(t)
	loc := locationWith(t, offersMCR)
	name := uniqueName(t, "mcr")
	atService := func(want string) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			p, err := api.Product(context.Background(), s.RootModule().Resources["netfab_mcr.test"].Primary.ID)
			if err != nil {
				return err
			}
			if p.CostCentre != want {
				return fmt.Errorf("the service has cost centre %q, want %q", p.CostCentre, want)
			}
			return nil
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mcrConfig(loc, name, 1000, `  cost_centre = "network-ops"`), Check: atService("network-ops")},
			{
				Config:            mcrConfig(loc, name, 1000, `  cost_centre = ""`),
				Check:             atService(""),
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue("netfab_mcr.test", tfjsonpath.New("cost_centre"), knownvalue.StringExact(""))},
			},
			{Config: mcrConfig(loc, name, 1000, `  cost_centre = ""`), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// Issue 7 item 15: removing asn keeps the current one; the default applies
// when the MCR is created.
func TestAccMcr_removingASNKeepsIt(t *testing.T) {
	accPreCheck(t)
	loc := locationWith(t, offersMCR)
	name := uniqueName(t, "mcr")
	const addr = "netfab_mcr.test"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mcrConfig(loc, name, 1000, `  asn = 64600`)},
			{
				Config:            mcrConfig(loc, name, 1000, ""),
				ConfigPlanChecks:  resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(addr, tfjsonpath.New("asn"), knownvalue.Int64Exact(64600))},
				Check: func(s *terraform.State) error {
					p, err := api.Product(context.Background(), s.RootModule().Resources[addr].Primary.ID)
					if err != nil {
						return err
					}
					if p.MCR == nil || p.MCR.ASN != 64600 {
						return fmt.Errorf("the service has ASN %+v, want 64600", p.MCR)
					}
					return nil
				},
			},
		},
	})
}

// Issue 7 item 17: an import brings the MCR's inline prefix filter lists, so
// the configuration that made them plans nothing after the import.
func TestAccMcr_importKeepsInlinePrefixFilterLists(t *testing.T) {
	accPreCheck(t)
	loc := locationWith(t, offersMCR)
	name := uniqueName(t, "mcr")
	config := mcrConfig(loc, name, 1000, `
  prefix_filter_lists = [
    {
      description    = "customers"
      address_family = "IPv4"
      entries = [
        { action = "permit", prefix = "10.0.0.0/8", ge = 16, le = 24 },
        { action = "deny", prefix = "0.0.0.0/0", le = 32 },
      ]
    },
    {
      description    = "v6 customers"
      address_family = "IPv6"
      entries        = [{ action = "permit", prefix = "2001:db8::/32", le = 48 }]
    },
  ]`)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config},
			{
				Config: config, ResourceName: "netfab_mcr.test", ImportState: true, ImportStateVerify: true,
				// The service may move the product on (CONFIGURED to LIVE) between the
				// apply and the import: the status and what is set when it goes live
				// (the untilLive attributes) are the service's, not configuration.
				ImportStateVerifyIgnore: []string{"provisioning_status", "live_date", "contract_start_date", "contract_end_date"},
			},
		},
	})
}

func mcrWith(t *testing.T, name, children string) string {
	return providerConfig() + fmt.Sprintf(`
resource "netfab_mcr" "router" {
  product_name         = %q
  location_id          = %d
  port_speed           = 1000
  contract_term_months = 1
}
%s`, name, locationWith(t, offersMCR), children)
}

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
