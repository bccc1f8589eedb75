package netfab

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

func TestAccMcrPrefixFilterList_lifecycle(t *testing.T) {
	accPreCheck(t)
	name := uniqueName(t, "mcr")
	const addr = "netfab_mcr_prefix_filter_list.test"
	list := func(description, family, prefix string, ge, le int) string {
		return fmt.Sprintf(`
resource "netfab_mcr_prefix_filter_list" "test" {
  mcr_id         = netfab_mcr.router.product_uid
  description    = %q
  address_family = %q
  entries = [
    {
      action = "permit"
      prefix = %q
      ge     = %d
      le     = %d
    },
    {
      action = "deny"
      prefix = %q
    },
  ]
}`, description, family, prefix, ge, le, prefix)
	}
	var firstID string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mcrWith(t, name, list("customers", "IPv4", "10.20.0.0/16", 24, 28)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("entries").AtSliceIndex(0).AtMapKey("ge"), knownvalue.Int64Exact(24)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("entries").AtSliceIndex(1).AtMapKey("action"), knownvalue.StringExact("deny")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("entries").AtSliceIndex(1).AtMapKey("ge"), knownvalue.Null()),
				},
				Check: func(s *terraform.State) error {
					firstID = s.RootModule().Resources[addr].Primary.Attributes["prefix_filter_list_id"]
					return nil
				},
			},
			{
				Config:           mcrWith(t, name, list("customers", "IPv4", "10.20.0.0/16", 24, 28)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config:           mcrWith(t, name, list("customers renamed", "IPv4", "10.30.0.0/16", 24, 28)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate)}},
				Check: func(s *terraform.State) error {
					if id := s.RootModule().Resources[addr].Primary.Attributes["prefix_filter_list_id"]; id != firstID {
						return fmt.Errorf("list id changed from %s to %s on an in-place update", firstID, id)
					}
					return nil
				},
			},
			// last_updated is the time of the import after one, as upstream's.
			{ResourceName: addr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"last_updated"}},
			{ResourceName: addr, ImportState: true, ImportStateId: "mcr-uid:0", ExpectError: regexp.MustCompile(`not a positive integer`)},
			{
				// The address family cannot change in place.
				Config:           mcrWith(t, name, list("customers v6", "IPv6", "2001:db8::/32", 48, 64)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate)}},
			},
		},
	})
}

func TestAccMcrPrefixFilterList_invalidInputIsRejectedAtPlan(t *testing.T) {
	accPreCheck(t)
	for name, tc := range map[string]struct{ body, want string }{
		"family": {`
  address_family = "IPv6"
  entries = [{
    action = "permit"
    prefix = "10.0.0.0/8"
  }]`, `prefix 10.0.0.0/8 is not an IPv6 prefix`},
		"le beyond family": {`
  address_family = "IPv4"
  entries = [{
    action = "permit"
    prefix = "10.0.0.0/8"
    le     = 33
  }]`, `le must be between the prefix length 8 and 32; got 33`},
		"ge shorter than prefix": {`
  address_family = "IPv4"
  entries = [{
    action = "permit"
    prefix = "10.0.0.0/16"
    ge     = 8
  }]`, `ge must be between the prefix length 16 and 32; got 8`},
		"action": {`
  address_family = "IPv4"
  entries = [{
    action = "allow"
    prefix = "10.0.0.0/16"
  }]`, `action value must be one of: \["permit" "deny"\]`},
		"cidr": {`
  address_family = "IPv4"
  entries = [{
    action = "permit"
    prefix = "10.0.0.1"
  }]`, `prefix must be a prefix in CIDR notation`},
		"no entries": {`
  address_family = "IPv4"`, `(?i)"entries" is required`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: providerConfig() + `
resource "netfab_mcr_prefix_filter_list" "bad" {
  mcr_id      = "any"
  description = "bad"` + tc.body + `
}`,
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

// Issue 7 item 4: entries that are unknown at plan time (built from a value
// known only after the MCR exists, as a dynamic block or a `for` expression
// over a variable is during validate) plan and apply; they are checked once
// known.
func TestAccMcrPrefixFilterList_entriesUnknownAtPlan(t *testing.T) {
	accPreCheck(t)
	name := uniqueName(t, "mcr")
	config := mcrWith(t, name, `
variable "prefixes" {
  type    = list(string)
  default = ["10.10.0.0/16", "10.20.0.0/16"]
}

resource "netfab_mcr_prefix_filter_list" "test" {
  mcr_id         = netfab_mcr.router.product_uid
  description    = "from a variable"
  address_family = "IPv4"
  # Unknown until the MCR exists.
  entries = length(netfab_mcr.router.product_uid) > 0 ? [for p in var.prefixes : { action = "permit", prefix = p, le = 24 }] : []
}`)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("netfab_mcr_prefix_filter_list.test", tfjsonpath.New("entries").AtSliceIndex(1).AtMapKey("prefix"), knownvalue.StringExact("10.20.0.0/16")),
			},
		}},
	})
}
