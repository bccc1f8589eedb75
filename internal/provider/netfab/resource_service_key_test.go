package netfab

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

func serviceKeyConfig(t *testing.T, key string) string {
	return providerConfig() + fmt.Sprintf(`
resource "netfab_port" "port" {
  product_name         = %q
  location_id          = %d
  port_speed           = 1000
  contract_term_months = 1
}

resource "netfab_service_key" "test" {
  product_uid = netfab_port.port.product_uid
%s
}
`, uniqueName(t, "port"), locationWith(t, offersPort(1000)), key)
}

// active and valid_for change in place; the description replaces the key;
// the import takes the key.
func TestAccServiceKey_lifecycle(t *testing.T) {
	accPreCheck(t)
	const addr = "netfab_service_key.test"
	key := func(active bool, end, description string) string {
		return fmt.Sprintf(`  description = %q
  max_speed   = 500
  single_use  = false
  active      = %t
  valid_for = {
    start_time = "2025-01-01T00:00:00Z"
    end_time   = %q
  }`, description, active, end)
	}
	same := statecheck.CompareValue(compare.ValuesSame())
	replaced := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: serviceKeyConfig(t, key(true, "2099-12-31T23:59:59Z", "partner access")),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("key"), knownvalue.StringRegexp(regexp.MustCompile(`^[0-9a-f-]{36}$`))),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("valid"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("expired"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("company_uid"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("pre_approved"), knownvalue.Bool(false)),
					same.AddStateValue(addr, tfjsonpath.New("key")),
					replaced.AddStateValue(addr, tfjsonpath.New("key")),
				},
			},
			{
				ResourceName: addr, ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIdentifierAttribute: "key",
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					return s.RootModule().Resources[addr].Primary.Attributes["key"], nil
				},
				ImportStateVerifyIgnore: []string{"last_updated"},
			},
			{
				Config: serviceKeyConfig(t, key(false, "2098-06-30T23:59:59Z", "partner access")),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("active"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("valid"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("valid_for").AtMapKey("end_time"), knownvalue.StringExact("2098-06-30T23:59:59Z")),
					same.AddStateValue(addr, tfjsonpath.New("key")),
				},
			},
			{
				Config: serviceKeyConfig(t, key(false, "2098-06-30T23:59:59Z", "another description")),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{replaced.AddStateValue(addr, tfjsonpath.New("key"))},
			},
		},
	})
}

// A single-use key with its VLAN; the window starts when the key is made
// when valid_for is left out.
func TestAccServiceKey_singleUse(t *testing.T) {
	accPreCheck(t)
	const addr = "netfab_service_key.test"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: serviceKeyConfig(t, `  max_speed = 100
  single_use = true
  active     = true
  vlan       = 100
  pre_approved = true`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("vlan"), knownvalue.Int64Exact(100)),
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("pre_approved"), knownvalue.Bool(true)),
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("valid_for").AtMapKey("start_time"), knownvalue.NotNull()),
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("valid_for").AtMapKey("end_time"), knownvalue.Null()),
			},
		}},
	})
}

func TestAccServiceKey_validation(t *testing.T) {
	accPreCheck(t)
	const uid = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"
	cases := map[string]struct{ body, want string }{
		"single-use without VLAN": {`max_speed = 100
  single_use = true
  active = true`, `vlan is required when single_use is true`},
		"multi-use with VLAN": {`max_speed = 100
  single_use = false
  active = true
  vlan = 5`, `vlan applies to single-use keys only`},
		"window backwards": {`max_speed = 100
  single_use = false
  active = true
  valid_for = { start_time = "2026-01-01T00:00:00Z", end_time = "2025-01-01T00:00:00Z" }`, `valid_for.end_time must be after valid_for.start_time`},
		"time format": {`max_speed = 100
  single_use = false
  active = true
  valid_for = { start_time = "January 1st" }`, `must be an RFC 3339 time`},
		"max speed": {`max_speed = 0
  single_use = false
  active = true`, `max_speed value must be at least 1`},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: providerConfig() + fmt.Sprintf(`
resource "netfab_service_key" "test" {
  product_uid = %q
  %s
}
`, uid, c.body),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(c.want),
				}},
			})
		})
	}
}
