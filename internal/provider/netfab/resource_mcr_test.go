package netfab

import (
	"context"
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
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
				ImportStateVerifyIgnore: []string{"promo_code"},
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
		{name: "empty name", speed: "1000", term: "12", productName: "", want: `product_name string length must be between 1 and 64`},
		{name: "asn", speed: "1000", term: "12", productName: "x", extra: "asn = 0", want: `asn value must be between 1 and 4294967295`},
		{name: "prefix family", speed: "1000", term: "12", productName: "x", extra: `
  prefix_filter_list {
    description    = "v6 list"
    address_family = "IPv6"
    entry {
      action = "permit"
      prefix = "10.0.0.0/8"
    }
  }`, want: `prefix 10.0.0.0/8 is not an IPv6 prefix`},
		{name: "ge above le", speed: "1000", term: "12", productName: "x", extra: `
  prefix_filter_list {
    description    = "bounds"
    address_family = "IPv4"
    entry {
      action = "permit"
      prefix = "10.0.0.0/8"
      ge     = 24
      le     = 16
    }
  }`, want: `ge \(24\) must not be greater than le \(16\)`},
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
	// The catalogue decides which speeds a location offers: a rule the
	// schema cannot know, reported by the service with the field it breaks.
	locs, err := api.Locations(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var loc int64 = -1
	for _, l := range locs {
		if !l.Products.MCR {
			loc = l.ID
			break
		}
	}
	if loc < 0 {
		t.Skip("every seeded location offers MCRs")
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mcrConfig(loc, uniqueName(t, "mcr"), 1000, ""),
			ExpectError: regexp.MustCompile(`(?i)location`),
		}},
	})
	if n := activeProductsNamed(t, netfabapi.ProductTypeMCR, uniqueName(t, "mcr")); n != 0 {
		t.Fatalf("a refused order left %d MCRs behind", n)
	}
}

func TestAccMcr_deprecatedInlinePrefixFilterLists(t *testing.T) {
	accPreCheck(t)
	loc := locationWith(t, offersMCR)
	name := uniqueName(t, "mcr")
	list := func(prefix string) string {
		return fmt.Sprintf(`
  prefix_filter_list {
    description    = "customer routes"
    address_family = "IPv4"
    entry {
      action = "permit"
      prefix = %q
      le     = 24
    }
  }`, prefix)
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
	accPreCheck(t)
	slowURL := startSandbox(t, 3*time.Second)
	slow, err := client.New(client.Config{BaseURL: slowURL, AccessKey: "sandbox-access-key", SecretKey: "sandbox-secret-key"})
	if err != nil {
		t.Fatal(err)
	}
	locs, err := slow.Locations(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var loc int64
	for _, l := range locs {
		if l.Products.MCR {
			loc = l.ID
			break
		}
	}
	config := func(waitMinutes string) string {
		return fmt.Sprintf(`
provider "netfab" {
  environment = %q
  wait_time   = %s
}
resource "netfab_mcr" "slow" {
  product_name         = "slow-router"
  location_id          = %d
  port_speed           = 1000
  contract_term_months = 1
}`, slowURL, waitMinutes, loc)
	}
	countMCRs := func(want int) resource.TestCheckFunc {
		return func(*terraform.State) error {
			ps, err := slow.Products(context.Background(), netfabapi.ProductTypeMCR)
			if err != nil {
				return err
			}
			if len(ps) != want {
				return fmt.Errorf("%d MCRs ordered, want %d", len(ps), want)
			}
			return nil
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				// 0.01 minutes is well under the 3s the sandbox takes.
				Config: config("0.01"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("netfab_mcr.slow", tfjsonpath.New("provisioning_status"), knownvalue.StringExact(netfabapi.StatusDeployable)),
				},
				Check: countMCRs(1),
				// The pending status plans an update that resumes the wait.
				ExpectNonEmptyPlan: true,
			},
			{
				Config: config("1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("netfab_mcr.slow", plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("netfab_mcr.slow", tfjsonpath.New("provisioning_status"), knownvalue.StringRegexp(regexp.MustCompile(`^(CONFIGURED|LIVE)$`))),
				},
				Check: countMCRs(1),
			},
		},
	})
}
