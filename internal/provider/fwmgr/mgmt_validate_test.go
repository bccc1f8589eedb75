package fwmgr

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/iacsuite/providers/internal/acctest"
)

// A configuration that breaks a rule over several fields fails at plan,
// naming the attributes and the rule, before anything reaches the server;
// one whose values are not known yet is left to the server.
func TestAccManagementRulesOverSeveralFieldsAtPlan(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	step := func(body, want string) resource.TestStep {
		return resource.TestStep{Config: mgmtProvider + body, PlanOnly: true, ExpectError: regexp.MustCompile(want)}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			step(`resource "fwmgr_management_host" "h" {
  name = "plan-rule-host"
}`, `(?s)Invalid fwmgr_management_host.*ipv4_address, ipv6_address`),
			step(`resource "fwmgr_management_address_range" "r" {
  name               = "plan-rule-range"
  ipv4_address_first = "192.0.2.20"
  ipv4_address_last  = "192.0.2.10"
}`, `(?s)Invalid fwmgr_management_address_range.*ipv4_address_first, ipv4_address_last`),
			step(`resource "fwmgr_management_application_site" "a" {
  name             = "plan-rule-site"
  primary_category = "Social Networking"
}`, `(?s)Invalid fwmgr_management_application_site.*url_list, application_signature`),
			step(`resource "fwmgr_management_network" "n" {
  name         = "plan-rule-network"
  subnet4      = "192.0.2.7"
  mask_length4 = 24
}`, `(?s)Invalid fwmgr_management_network.*subnet4`),
			// The include comes from another resource: unknown at plan, so
			// the rule is the server's to check at apply.
			{Config: mgmtProvider + `resource "fwmgr_management_group" "g" {
  name = "plan-rule-group"
}

resource "fwmgr_management_group_with_exclusion" "x" {
  name    = "plan-rule-exclusion"
  include = fwmgr_management_group.g.id
  except  = "plan-rule-group-2"
}`, PlanOnly: true, ExpectNonEmptyPlan: true},
		},
	})
}
