package netfab

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// Rules that every ordered product shares, checked at plan time the way the
// service checks them.

// productsHCL is an MCR, a port, an IX and an MCR prefix filter list with
// the given name, cost centre and list description; only planned.
func productsHCL(name, costCentre, description string) string {
	return providerConfig() + fmt.Sprintf(`
resource "netfab_mcr" "m" {
  product_name         = %[1]q
  cost_centre          = %[2]q
  location_id          = 1
  port_speed           = 1000
  contract_term_months = 1
}

resource "netfab_port" "p" {
  product_name         = %[1]q
  cost_centre          = %[2]q
  location_id          = 1
  port_speed           = 1000
  contract_term_months = 1
}

resource "netfab_ix" "i" {
  product_name          = %[1]q
  cost_centre           = %[2]q
  requested_product_uid = "00000000-0000-0000-0000-000000000000"
  network_service_type  = "Any IX"
  mac_address           = "00:11:22:aa:bb:cc"
  rate_limit            = 100
  vlan                  = 100
}

resource "netfab_mcr_prefix_filter_list" "l" {
  mcr_id         = "00000000-0000-0000-0000-000000000000"
  description    = %[3]q
  address_family = "IPv4"
  entries        = [{ action = "permit", prefix = "10.0.0.0/8" }]
}
`, name, costCentre, description)
}

// Issue 7 item 5: the service counts characters, not bytes: 64 Japanese
// characters (192 bytes) are a valid name, 65 are not.
func TestAccProducts_lengthsCountCharacters(t *testing.T) {
	accPreCheck(t)
	name64 := strings.Repeat("東", 64)
	cost255 := strings.Repeat("経", 255)
	desc255 := strings.Repeat("説", 255)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: productsHCL(name64, cost255, desc255), PlanOnly: true, ExpectNonEmptyPlan: true},
			{Config: productsHCL(name64+"東", cost255, desc255), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)product_name.*between\s+1\s+and\s+64,\s+got:\s+65`)},
			{Config: productsHCL(name64, cost255+"経", desc255), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)cost_centre.*at\s+most\s+255,\s+got:\s+256`)},
			{Config: productsHCL(name64, cost255, desc255+"説"), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)description.*between\s+1\s+and\s+255,\s+got:\s+256`)},
		},
	})
}

// Issue 7 item 6: a blank name is refused at plan on every product, as the
// NAT gateway already did.
func TestAccProducts_blankNamesAreRejectedAtPlan(t *testing.T) {
	accPreCheck(t)
	for _, typ := range []string{"netfab_mcr.m", "netfab_port.p", "netfab_ix.i"} {
		t.Run(typ, func(t *testing.T) {
			// Only the resource under test gets the blank name.
			hcl := productsHCL("ok", "x", "x")
			block := strings.Split(typ, ".")
			marker := fmt.Sprintf("resource %q %q {\n  product_name", block[0], block[1])
			i := strings.Index(hcl, marker)
			if i < 0 {
				t.Fatalf("no %s in the configuration", typ)
			}
			rest := hcl[i+len(marker):]
			rest = strings.Replace(rest, `"ok"`, `"   "`, 1)
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      hcl[:i+len(marker)] + rest,
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(`(?s)product_name.*must\s+not\s+be\s+blank`),
				}},
			})
		})
	}
}

// Issue 7 item 14: an empty cost centre is valid on every product (it
// clears the reference).
func TestAccProducts_emptyCostCentreIsValid(t *testing.T) {
	accPreCheck(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps:                    []resource.TestStep{{Config: productsHCL("ok", "", "x"), PlanOnly: true, ExpectNonEmptyPlan: true}},
	})
}

// Reliability R4: a location ID that cannot exist and a requested product
// that is not a product UID are refused at plan, naming the attribute, not
// sent to the service at apply.
func TestAccProducts_locationAndRequestedProductShapesAreCheckedAtPlan(t *testing.T) {
	accPreCheck(t)
	valid := productsHCL("ok", "x", "x")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: strings.Replace(valid, "location_id          = 1", "location_id          = 0", 1), PlanOnly: true,
				ExpectError: regexp.MustCompile(`(?s)location_id.*must\s+be\s+at\s+least\s+1,\s+got:\s+0`)},
			{Config: strings.Replace(strings.Replace(valid, "location_id          = 1", "location_id          = 2", 1), "location_id          = 1", "location_id          = -3", 1),
				PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)location_id.*must\s+be\s+at\s+least\s+1,\s+got:\s+-3`)},
			{Config: strings.Replace(valid, `requested_product_uid = "00000000-0000-0000-0000-000000000000"`, `requested_product_uid = "port-1"`, 1),
				PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)requested_product_uid.*must\s+be\s+a\s+product\s+UID`)},
		},
	})
}
