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

// ixLocation finds a location with ports of 10 Gbps and at least two
// exchanges, and returns it with those exchanges.
func ixLocation(t *testing.T) (int64, []string) {
	t.Helper()
	locs, err := api.Locations(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range locs {
		if offersPort(10000)(l.Products) && len(l.Products.IXNetworkTypes) >= 2 {
			return l.ID, l.Products.IXNetworkTypes
		}
	}
	t.Fatal("no seeded location offers 10G ports and two exchanges")
	return 0, nil
}

func ixConfig(loc int64, name, exchange string, vlan int, extra string) string {
	return providerConfig() + fmt.Sprintf(`
resource "netfab_port" "port" {
  product_name         = "%[2]s-port"
  location_id          = %[1]d
  port_speed           = 10000
  contract_term_months = 1
}

resource "netfab_ix" "test" {
  product_name          = %[2]q
  requested_product_uid = netfab_port.port.product_uid
  network_service_type  = %[3]q
  mac_address           = "00:11:22:aa:bb:cc"
  rate_limit            = 1000
  vlan                  = %[4]d
%[5]s
}
`, loc, name, exchange, vlan, extra)
}

func TestAccIx_lifecycle(t *testing.T) {
	accPreCheck(t)
	loc, exchanges := ixLocation(t)
	name := uniqueName(t, "ix")
	const addr = "netfab_ix.test"
	sameUID := statecheck.CompareValue(compare.ValuesSame())
	differentUID := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_ix"),
		Steps: []resource.TestStep{
			{
				Config: ixConfig(loc, name, exchanges[0], 100, `  asn = 64999`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("asn"), knownvalue.Int64Exact(64999)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("location_id"), knownvalue.Int64Exact(loc)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("public_graph"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("resources").AtMapKey("vpls_interface").AtMapKey("vlan"), knownvalue.Int64Exact(100)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("resources").AtMapKey("bgp_connections"), knownvalue.ListSizeExact(4)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("provisioning_status"), knownvalue.StringRegexp(regexp.MustCompile(`^(CONFIGURED|LIVE)$`))),
					sameUID.AddStateValue(addr, tfjsonpath.New("product_uid")),
					differentUID.AddStateValue(addr, tfjsonpath.New("product_uid")),
				},
			},
			{
				Config:           ixConfig(loc, name, exchanges[0], 100, `  asn = 64999`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config: ixConfig(loc, name, exchanges[0], 200, `  asn = 64998
  public_graph = false
  reverse_dns  = "peer.example.net"
  attribute_tags = { purpose = "peering" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate)}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("vlan"), knownvalue.Int64Exact(200)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("ix_peer_macro"), knownvalue.StringRegexp(regexp.MustCompile(`64998`))),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("attribute_tags"), knownvalue.MapExact(map[string]knownvalue.Check{"purpose": knownvalue.StringExact("peering")})),
					sameUID.AddStateValue(addr, tfjsonpath.New("product_uid")),
				},
			},
			{ResourceName: addr, ImportState: true, ImportStateVerify: true},
			{
				// Another exchange is another connection.
				Config: ixConfig(loc, name, exchanges[1], 200, `  asn = 64998
  public_graph = false
  reverse_dns  = "peer.example.net"
  attribute_tags = { purpose = "peering" }`),
				ConfigPlanChecks:  resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate)}},
				ConfigStateChecks: []statecheck.StateCheck{differentUID.AddStateValue(addr, tfjsonpath.New("product_uid"))},
			},
			{
				Config: ixConfig(loc, name, exchanges[1], 200, `  asn = 64998
  public_graph = false
  reverse_dns  = "peer.example.net"
  attribute_tags = { purpose = "peering" }`),
				Check:              cancelBehindTerraform(t, addr),
				ExpectNonEmptyPlan: true,
			},
			{
				Config: ixConfig(loc, name, exchanges[1], 200, `  asn = 64998
  public_graph = false
  reverse_dns  = "peer.example.net"
  attribute_tags = { purpose = "peering" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate)}},
			},
		},
	})
	if n := activeProductsNamed(t, netfabapi.ProductTypeIX, name); n != 0 {
		t.Fatalf("%d IX connections left after destroy", n)
	}
}

func TestAccIx_invalidInputIsRejectedAtPlan(t *testing.T) {
	accPreCheck(t)
	for name, tc := range map[string]struct{ mac, vlan, want, extra string }{
		"mac":  {"00-11-22-aa-bb-cc", "100", `mac_address must be a MAC address`, ""},
		"vlan": {"00:11:22:aa:bb:cc", "4094", `vlan value must be between 2 and 4093`, ""},
		// The service's host name rule, at plan instead of at apply.
		"reverse dns":       {"00:11:22:aa:bb:cc", "100", `(?s)reverse_dns.*must\s+be\s+a\s+DNS\s+host\s+name`, `reverse_dns = "not a host!"`},
		"attribute tag key": {"00:11:22:aa:bb:cc", "100", `(?s)attribute_tags.*between\s+1\s+and\s+128`, `attribute_tags = { "" = "x" }`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: providerConfig() + fmt.Sprintf(`
resource "netfab_ix" "bad" {
  product_name          = "bad"
  requested_product_uid = "00000000-0000-0000-0000-000000000000"
  network_service_type  = "Any IX"
  mac_address           = %q
  rate_limit            = 100
  vlan                  = %s
  %s
}`, tc.mac, tc.vlan, tc.extra),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

func TestAccIx_asnDefaultsToTheCompanyASN(t *testing.T) {
	accPreCheck(t)
	loc, exchanges := ixLocation(t)
	config := ixConfig(loc, uniqueName(t, "ix"), exchanges[0], 300, "")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("netfab_ix.test", tfjsonpath.New("asn"), knownvalue.Int64Exact(64512)),
					statecheck.ExpectKnownValue("netfab_ix.test", tfjsonpath.New("attribute_tags"), knownvalue.Null()),
				},
			},
			{Config: config, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// Removing attribute_tags from the configuration clears them at the service.
func TestAccIx_attributeTagsCanBeCleared(t *testing.T) {
	accPreCheck(t)
	loc, exchanges := ixLocation(t)
	name := uniqueName(t, "ix")
	withTags := ixConfig(loc, name, exchanges[0], 400, `  attribute_tags = { purpose = "peering" }`)
	without := ixConfig(loc, name, exchanges[0], 400, "")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: withTags},
			{
				Config: without,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("netfab_ix.test", tfjsonpath.New("attribute_tags"), knownvalue.Null()),
				},
				Check: func(s *terraform.State) error {
					p, err := api.Product(context.Background(), s.RootModule().Resources["netfab_ix.test"].Primary.ID)
					if err != nil {
						return err
					}
					if len(p.AttributeTags) != 0 {
						return fmt.Errorf("the service still has attribute tags %v", p.AttributeTags)
					}
					return nil
				},
			},
			{Config: without, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
		},
	})
}

// Issue 7 item 7: renaming a LIVE connection plans only the name; the
// exchange's resources, dates, macro and status keep their values, and so
// does everything that references them.
func TestAccIx_renamePlansOnlyTheName(t *testing.T) {
	accPreCheck(t)
	loc, exchanges := ixLocation(t)
	name := uniqueName(t, "ix")
	const addr = "netfab_ix.test"
	var checks []plancheck.PlanCheck
	for _, a := range []string{"resources", "deploy_date", "ix_peer_macro", "provisioning_status", "term", "usage_algorithm", "create_date", "asn"} {
		checks = append(checks, plancheck.ExpectKnownValue(addr, tfjsonpath.New(a), knownvalue.NotNull()))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			// LIVE after twice the sandbox delay, long before the next
			// step's refresh.
			{Config: ixConfig(loc, name, exchanges[0], 100, "")},
			{Config: ixConfig(loc, name+"-renamed", exchanges[0], 100, ""), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: checks}},
			{
				// A new rate limit moves the exchange's resources: planned
				// unknown then, and only then.
				Config: strings.Replace(ixConfig(loc, name+"-renamed", exchanges[0], 100, ""), "rate_limit            = 1000", "rate_limit            = 2000", 1),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectUnknownValue(addr, tfjsonpath.New("resources")),
					plancheck.ExpectKnownValue(addr, tfjsonpath.New("ix_peer_macro"), knownvalue.NotNull()),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("resources").AtMapKey("vpls_interface").AtMapKey("rate_limit_mbps"), knownvalue.Int64Exact(2000)),
				},
			},
		},
	})
}

// Issue 7 item 12: importing a product of another type as an IX says so,
// in English.
func TestAccIx_importOfAnotherProductSaysNotAnIX(t *testing.T) {
	accPreCheck(t)
	loc, exchanges := ixLocation(t)
	name := uniqueName(t, "ix")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: ixConfig(loc, name, exchanges[0], 100, "")},
			{
				Config:       ixConfig(loc, name, exchanges[0], 100, ""),
				ResourceName: "netfab_ix.test",
				ImportState:  true,
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					return s.RootModule().Resources["netfab_port.port"].Primary.ID, nil
				},
				ExpectError: regexp.MustCompile(`Not an IX connection`),
			},
		},
	})
}

// Issue 39 item 7 (which reverses issue 7 item 12): the promotion code is an
// order-time input, never read back, so an import records none; everything
// else imports as created.
func TestAccIx_importRecordsNoPromoCode(t *testing.T) {
	accPreCheck(t)
	loc, exchanges := ixLocation(t)
	name := uniqueName(t, "ix")
	config := ixConfig(loc, name, exchanges[0], 100, `  promo_code = "IX-PROMO"`)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config},
			{
				Config: config, ResourceName: "netfab_ix.test", ImportState: true, ImportStateVerify: true,
				// The service may move the product on (CONFIGURED to LIVE) between the
				// apply and the import: the status and what is set when it goes live
				// (the untilLive attributes) are the service's, not configuration.
				// promo_code: checked by ImportStateCheck.
				ImportStateVerifyIgnore: []string{"provisioning_status", "deploy_date", "resources", "promo_code"},
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					for _, s := range states {
						if code, ok := s.Attributes["promo_code"]; ok {
							return fmt.Errorf("the import recorded promo_code %q, want none", code)
						}
					}
					return nil
				},
			},
		},
	})
}
