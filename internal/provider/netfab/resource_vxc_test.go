package netfab

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/iacsuite/providers/internal/acctest"
	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	sandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
)

func offersPortAndMCR(p netfabapi.LocationProducts) bool { return p.MCR && offersPort(1000)(p) }

// vxcPorts is two 1 Gbps ports to join, named for the test.
func vxcPorts(t *testing.T, loc int64) string {
	return fmt.Sprintf(`
resource "netfab_port" "a" {
  product_name         = "%[1]s-a"
  location_id          = %[2]d
  port_speed           = 1000
  contract_term_months = 1
}

resource "netfab_port" "b" {
  product_name         = "%[1]s-b"
  location_id          = %[2]d
  port_speed           = 1000
  contract_term_months = 1
}

resource "netfab_port" "c" {
  product_name         = "%[1]s-c"
  location_id          = %[2]d
  port_speed           = 1000
  contract_term_months = 1
}
`, uniqueName(t, "port"), loc)
}

// Every in-place field of a VXC between two ports changes without a new
// VXC; a new end replaces it; the import reads what was applied.
func TestAccVxc_inPlaceAndReplace(t *testing.T) {
	accPreCheck(t)
	loc := locationWith(t, offersPort(1000))
	name := uniqueName(t, "vxc")
	const addr = "netfab_vxc.test"
	config := func(body string) string {
		return providerConfig() + vxcPorts(t, loc) + `
resource "netfab_vxc" "test" {
` + body + `
}
`
	}
	first := config(fmt.Sprintf(`
  product_name         = %q
  rate_limit           = 500
  contract_term_months = 12
  cost_centre          = "net-1"
  resource_tags        = { key1 = "value1" }
  a_end = {
    requested_product_uid = netfab_port.a.product_uid
    ordered_vlan          = 100
    inner_vlan            = 300
  }
  b_end = {
    requested_product_uid = netfab_port.b.product_uid
    ordered_vlan          = 101
    inner_vlan            = 301
  }`, name))
	updated := config(fmt.Sprintf(`
  product_name         = "%s-new"
  rate_limit           = 800
  contract_term_months = 24
  cost_centre          = "net-2"
  shutdown             = true
  promo_code           = "PROMO-1"
  resource_tags        = { key1 = "value2", key3 = "value3" }
  a_end = {
    requested_product_uid = netfab_port.a.product_uid
    ordered_vlan          = 110
    inner_vlan            = 310
  }
  b_end = {
    requested_product_uid = netfab_port.b.product_uid
    ordered_vlan          = -1
  }`, name))
	moved := config(fmt.Sprintf(`
  product_name         = "%s-new"
  rate_limit           = 800
  contract_term_months = 24
  a_end = {
    requested_product_uid = netfab_port.c.product_uid
  }
  b_end = {
    requested_product_uid = netfab_port.b.product_uid
  }`, name))
	same := statecheck.CompareValue(compare.ValuesSame())
	replaced := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_vxc"),
		Steps: []resource.TestStep{
			{
				Config: first,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("a_end").AtMapKey("vlan"), knownvalue.Int64Exact(100)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("b_end").AtMapKey("vlan"), knownvalue.Int64Exact(101)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("a_end").AtMapKey("inner_vlan"), knownvalue.Int64Exact(300)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("a_end").AtMapKey("product_name"), knownvalue.StringExact(uniqueName(t, "port")+"-a")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("distance_band"), knownvalue.StringExact("METRO")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("shutdown"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("provisioning_status"), knownvalue.StringRegexp(regexp.MustCompile(`^(CONFIGURED|LIVE)$`))),
					same.AddStateValue(addr, tfjsonpath.New("product_uid")),
					replaced.AddStateValue(addr, tfjsonpath.New("product_uid")),
				},
			},
			{
				ResourceName: addr, ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIgnore: []string{"timeouts", "provisioning_status", "live_date", "contract_start_date", "contract_end_date", "last_updated"},
			},
			{
				Config: updated,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("rate_limit"), knownvalue.Int64Exact(800)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("contract_term_months"), knownvalue.Int64Exact(24)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("shutdown"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("a_end").AtMapKey("vlan"), knownvalue.Int64Exact(110)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("a_end").AtMapKey("inner_vlan"), knownvalue.Int64Exact(310)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("b_end").AtMapKey("vlan"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("b_end").AtMapKey("ordered_vlan"), knownvalue.Int64Exact(-1)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("resource_tags"), knownvalue.MapExact(map[string]knownvalue.Check{
						"key1": knownvalue.StringExact("value2"), "key3": knownvalue.StringExact("value3"),
					})),
					same.AddStateValue(addr, tfjsonpath.New("product_uid")),
				},
			},
			{
				Config: moved,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					replaced.AddStateValue(addr, tfjsonpath.New("product_uid")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("a_end").AtMapKey("vlan"), knownvalue.Int64Exact(2)),
				},
			},
		},
	})
}

// partnerLookup is a netfab_partner data source block.
func partnerLookup(name, connectType string, loc int64) string {
	return fmt.Sprintf(`
data "netfab_partner" %q {
  connect_type = %q
  location_id  = %d
}
`, name, connectType, loc)
}

// A VXC from an MCR to every kind of cloud partner port, found with the
// partner data source; Azure and Google pick their ports by key.
func TestAccVxc_partners(t *testing.T) {
	accPreCheck(t)
	loc := locationWith(t, offersMCR)
	name := uniqueName(t, "vxc")
	ports, err := api.PartnerPorts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	at := map[string]int64{}
	for _, p := range ports {
		if _, ok := at[p.ConnectType]; !ok && p.VXCPermitted {
			at[p.ConnectType] = p.LocationID
		}
	}
	vxc := func(res, connectType, partner string, rate int, bEnd string) string {
		return fmt.Sprintf(`
resource "netfab_vxc" %[1]q {
  product_name         = "%[2]s-%[1]s"
  rate_limit           = %[5]d
  contract_term_months = 1
  a_end = {
    requested_product_uid = netfab_mcr.mcr.product_uid
  }
  b_end = %[3]s
  b_end_partner_config = %[4]s
}
`, res, name, bEnd, partner, rate)
	}
	uid := func(ds string) string {
		return fmt.Sprintf("{ requested_product_uid = data.netfab_partner.%s.product_uid }", ds)
	}
	config := func(awsName string) string {
		return providerConfig() + fmt.Sprintf(`
resource "netfab_mcr" "mcr" {
  product_name         = "%s-mcr"
  location_id          = %d
  port_speed           = 5000
  contract_term_months = 1
  asn                  = 64555
}
`, name, loc) +
			partnerLookup("aws", "AWS", at["AWS"]) + partnerLookup("awshc", "AWSHC", at["AWSHC"]) +
			partnerLookup("oracle", "ORACLE", at["ORACLE"]) + partnerLookup("ibm", "IBM", at["IBM"]) +
			partnerLookup("transit", "TRANSIT", at["TRANSIT"]) +
			vxc("aws", "AWS", fmt.Sprintf(`{
    partner = "aws"
    aws_config = {
      name          = %q
      asn           = 64550
      type          = "private"
      connect_type  = "AWS"
      amazon_asn    = 64551
      owner_account = "123456789012"
      auth_key      = "bgp-auth-key"
    }
  }`, awsName), 1000, uid("aws")) +
			vxc("awshc", "AWSHC", `{
    partner = "aws"
    aws_config = {
      name          = "hosted"
      connect_type  = "AWSHC"
      owner_account = "123456789012"
    }
  }`, 500, uid("awshc")) +
			vxc("azure", "AZURE", `{
    partner = "azure"
    azure_config = {
      port_choice = "secondary"
      service_key = "9a7c3e11-42d0-4b6e-8f5a-3c2e1d0b9f86"
      peers = [{ type = "private", peer_asn = "64512", primary_subnet = "10.0.0.0/30", secondary_subnet = "10.0.0.4/30", vlan = 200 }]
    }
  }`, 200, "{}") +
			vxc("google", "GOOGLE", `{
    partner = "google"
    google_config = { pairing_key = "5c0d2a4e-8b1f-4c7a-9e3d-0f6b2a9c1d47/australia-southeast1/1" }
  }`, 1000, "{}") +
			vxc("oracle", "ORACLE", `{
    partner = "oracle"
    oracle_config = { virtual_circuit_id = "ocid1.virtualcircuit.oc1.ap-sydney-1.abcdefghijklmnopqrstuvwxyz0123456789" }
  }`, 1000, uid("oracle")) +
			// Without a B end, the virtual circuit's port is looked up, as
			// for Azure and Google.
			vxc("oracle_picked", "ORACLE", `{
    partner = "oracle"
    oracle_config = { virtual_circuit_id = "ocid1.virtualcircuit.oc1.ap-sydney-1.zyxwvutsrqponmlkjihgfedcba9876543210" }
  }`, 1000, "{}") +
			vxc("ibm", "IBM", `{
    partner = "ibm"
    ibm_config = { account_id = "0123456789abcdef0123456789abcdef", customer_asn = 64999, name = "direct-link" }
  }`, 1000, uid("ibm")) +
			vxc("transit", "TRANSIT", `{ partner = "transit" }`, 1000, uid("transit"))
	}
	csp := func(res string) tfjsonpath.Path { return tfjsonpath.New("csp_connections").AtSliceIndex(0) }
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_vxc"),
		Steps: []resource.TestStep{
			{
				Config: config("vif-1"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("netfab_vxc.aws", csp("aws").AtMapKey("connect_type"), knownvalue.StringExact("AWS")),
					statecheck.ExpectKnownValue("netfab_vxc.aws", csp("aws").AtMapKey("vif_id"), knownvalue.StringRegexp(regexp.MustCompile(`^dxvif-`))),
					statecheck.ExpectKnownValue("netfab_vxc.awshc", csp("awshc").AtMapKey("connection_id"), knownvalue.StringRegexp(regexp.MustCompile(`^dxcon-`))),
					statecheck.ExpectKnownValue("netfab_vxc.azure", csp("azure").AtMapKey("connect_type"), knownvalue.StringExact("AZURE")),
					statecheck.ExpectKnownValue("netfab_vxc.azure", csp("azure").AtMapKey("managed"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue("netfab_vxc.azure", tfjsonpath.New("b_end").AtMapKey("requested_product_uid"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue("netfab_vxc.google", csp("google").AtMapKey("pairing_key"), knownvalue.StringExact("5c0d2a4e-8b1f-4c7a-9e3d-0f6b2a9c1d47/australia-southeast1/1")),
					statecheck.ExpectKnownValue("netfab_vxc.oracle", csp("oracle").AtMapKey("virtual_circuit_id"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue("netfab_vxc.oracle_picked", tfjsonpath.New("b_end").AtMapKey("requested_product_uid"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue("netfab_vxc.oracle_picked", csp("oracle").AtMapKey("connect_type"), knownvalue.StringExact("ORACLE")),
					statecheck.ExpectKnownValue("netfab_vxc.ibm", csp("ibm").AtMapKey("account_id"), knownvalue.StringExact("0123456789abcdef0123456789abcdef")),
					statecheck.ExpectKnownValue("netfab_vxc.transit", csp("transit").AtMapKey("ipv4_gateway_address"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue("netfab_vxc.aws", tfjsonpath.New("b_end").AtMapKey("owner_uid"), knownvalue.NotNull()),
				},
			},
			{
				ResourceName: "netfab_vxc.google", ImportState: true, ImportStateVerify: true,
				// The service never answers partner configurations.
				ImportStateVerifyIgnore: []string{"timeouts", "b_end_partner_config", "provisioning_status", "live_date", "contract_start_date", "contract_end_date", "last_updated"},
			},
			{
				// A cloud's configuration is fixed: a new name is a new VXC.
				Config: config("vif-2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("netfab_vxc.aws", plancheck.ResourceActionDestroyBeforeCreate),
					plancheck.ExpectResourceAction("netfab_vxc.google", plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("netfab_vxc.aws", csp("aws").AtMapKey("name"), knownvalue.StringExact("vif-2")),
				},
			},
		},
	})
}

// The MCR's own router on the VXC: interfaces, addresses, BGP with BFD,
// static routes and a prefix filter list by its description, changed in
// place.
func TestAccVxc_vrouter(t *testing.T) {
	accPreCheck(t)
	loc := locationWith(t, offersPortAndMCR)
	name := uniqueName(t, "vxc")
	config := func(peerASN int, route string) string {
		return providerConfig() + fmt.Sprintf(`
resource "netfab_mcr" "mcr" {
  product_name         = "%[1]s-mcr"
  location_id          = %[2]d
  port_speed           = 1000
  contract_term_months = 1
}

resource "netfab_mcr_prefix_filter_list" "allowed" {
  mcr_id         = netfab_mcr.mcr.product_uid
  description    = "allowed routes"
  address_family = "IPv4"
  entries        = [{ action = "permit", prefix = "10.0.0.0/8", le = 24 }]
}

resource "netfab_port" "port" {
  product_name         = "%[1]s-port"
  location_id          = %[2]d
  port_speed           = 1000
  contract_term_months = 1
}

resource "netfab_vxc" "test" {
  product_name         = %[1]q
  rate_limit           = 100
  contract_term_months = 1
  a_end = {
    requested_product_uid = netfab_mcr.mcr.product_uid
    ordered_vlan          = 2191
  }
  b_end = {
    requested_product_uid = netfab_port.port.product_uid
  }
  a_end_partner_config = {
    partner = "vrouter"
    vrouter_config = {
      interfaces = [{
        ip_addresses     = ["169.254.100.1/29"]
        nat_ip_addresses = ["169.254.100.1"]
        ip_mtu           = 1500
        bfd              = { tx_interval = 500, rx_interval = 400, multiplier = 5 }
        ip_routes        = [{ prefix = %[4]q, next_hop = "169.254.100.2", description = "static" }]
        bgp_connections = [{
          peer_asn              = %[3]d
          local_ip_address      = "169.254.100.1"
          peer_ip_address       = "169.254.100.2"
          password              = "bgp-password"
          bfd_enabled           = true
          med_in                = 100
          as_path_prepend_count = 2
          export_policy         = "deny"
          permit_export_to      = ["169.254.100.2"]
          import_whitelist      = netfab_mcr_prefix_filter_list.allowed.description
          peer_type             = "NON_CLOUD"
        }]
      }]
    }
  }
}
`, name, loc, peerASN, route)
	}
	const addr = "netfab_vxc.test"
	same := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_vxc"),
		Steps: []resource.TestStep{
			{
				Config: config(64512, "10.10.0.0/16"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("csp_connections").AtSliceIndex(0).AtMapKey("connect_type"), knownvalue.StringExact("VROUTER")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("csp_connections").AtSliceIndex(0).AtMapKey("ip_addresses"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("169.254.100.1/29")})),
					same.AddStateValue(addr, tfjsonpath.New("product_uid")),
				},
			},
			{
				Config: config(64600, "10.20.0.0/16"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{same.AddStateValue(addr, tfjsonpath.New("product_uid"))},
			},
		},
	})
}

// Another company's VXC to our port with a single-use service key gets the
// key's VLAN; the key then is no longer valid.
func TestAccVxc_serviceKey(t *testing.T) {
	accPreCheck(t)
	loc := locationWith(t, offersPort(1000))
	name := uniqueName(t, "vxc")
	config := providerConfig() + fmt.Sprintf(`
provider "netfabother" {
  environment = %[3]q
  access_key  = %[4]q
  secret_key  = %[5]q
}

resource "netfab_port" "ours" {
  product_name         = "%[1]s-ours"
  location_id          = %[2]d
  port_speed           = 1000
  contract_term_months = 1
}

resource "netfab_service_key" "key" {
  product_uid = netfab_port.ours.product_uid
  description = "for the other company"
  max_speed   = 200
  single_use  = true
  active      = true
  vlan        = 300
}

resource "netfab_port" "theirs" {
  provider             = netfabother
  product_name         = "%[1]s-theirs"
  location_id          = %[2]d
  port_speed           = 1000
  contract_term_months = 1
}

resource "netfab_vxc" "test" {
  provider             = netfabother
  product_name         = %[1]q
  rate_limit           = 200
  contract_term_months = 1
  service_key          = netfab_service_key.key.key
  a_end = {
    requested_product_uid = netfab_port.theirs.product_uid
  }
  b_end = {}
}
`, name, loc, sandboxURL, sandbox.OtherAccessKey, sandbox.OtherSecretKey)
	// Two companies need two provider servers: aliases of one provider
	// would share its configuration.
	factories := acctest.ProviderFactories("netfab", New("test"))
	maps.Copy(factories, acctest.ProviderFactories("netfabother", New("test")))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: factories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("netfab_vxc.test", tfjsonpath.New("b_end").AtMapKey("vlan"), knownvalue.Int64Exact(300)),
					statecheck.CompareValuePairs("netfab_vxc.test", tfjsonpath.New("b_end").AtMapKey("current_product_uid"),
						"netfab_port.ours", tfjsonpath.New("product_uid"), compare.ValuesSame()),
				},
			},
			{
				// The refresh sees the key used.
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("netfab_service_key.key", tfjsonpath.New("valid"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue("netfab_service_key.key", tfjsonpath.New("last_used"), knownvalue.NotNull()),
				},
			},
		},
	})
}

// A create whose wait runs out keeps the VXC in state and the next apply
// waits for it, never ordering a second one.
func TestAccVxc_timeout(t *testing.T) {
	testCreateTimeoutResumes(t, "netfab_vxc", netfabapi.ProductTypeVXC, "VXCs", offersPort(1000), func(l netfabapi.Location) string {
		return fmt.Sprintf(`
resource "netfab_port" "a" {
  product_name         = "slow-a"
  location_id          = %[1]d
  port_speed           = 1000
  contract_term_months = 1
}

resource "netfab_port" "b" {
  product_name         = "slow-b"
  location_id          = %[1]d
  port_speed           = 1000
  contract_term_months = 1
}

resource "netfab_vxc" "slow" {
  product_name         = "slow"
  rate_limit           = 100
  contract_term_months = 1
  a_end = { requested_product_uid = netfab_port.a.product_uid }
  b_end = { requested_product_uid = netfab_port.b.product_uid }
}
`, l.ID)
	})
}

// Plan-time refusals name the field and the rule.
func TestAccVxc_validation(t *testing.T) {
	accPreCheck(t)
	const uidA, uidB = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61", "6e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b62"
	vxc := func(extra, aEnd, bEnd string) string {
		return providerConfig() + fmt.Sprintf(`
resource "netfab_vxc" "test" {
  product_name         = "invalid"
  rate_limit           = 100
  contract_term_months = 1
  a_end = { %s }
  b_end = { %s }
%s
}
`, aEnd, bEnd, extra)
	}
	a := `requested_product_uid = "` + uidA + `"`
	b := `requested_product_uid = "` + uidB + `"`
	cases := []struct {
		name, config, want string
	}{
		{"partner section of another partner", vxc(`b_end_partner_config = { partner = "aws", google_config = { pairing_key = "5c0d2a4e-8b1f-4c7a-9e3d-0f6b2a9c1d47/us-east4/1" } }`, a, b),
			`(?s)b_end_partner_config.google_config does not apply to partner "aws"`},
		{"missing partner section", vxc(`b_end_partner_config = { partner = "oracle" }`, a, b), `(?s)partner "oracle" needs\s+b_end_partner_config.oracle_config`},
		{"AWS VIF without type", vxc(`b_end_partner_config = { partner = "aws", aws_config = { connect_type = "AWS", name = "x", owner_account = "123456789012" } }`, a, b),
			`(?s)aws_config.type \(private, public or transit\) is required`},
		{"AWS account", vxc(`b_end_partner_config = { partner = "aws", aws_config = { connect_type = "AWSHC", name = "x", owner_account = "12345" } }`, a, b),
			`(?s)owner_account.*12 digits`},
		{"Google pairing key", vxc(`b_end_partner_config = { partner = "google", google_config = { pairing_key = "abc" } }`, a, b), `(?s)pairing_key.*<uuid>/<region>/<1 or 2>`},
		{"Azure port choice", vxc(`b_end_partner_config = { partner = "azure", azure_config = { port_choice = "third", service_key = "9a7c3e11-42d0-4b6e-8f5a-3c2e1d0b9f86" } }`, a, b),
			`(?s)port_choice.*primary.*secondary`},
		{"IBM ASN", vxc(`b_end_partner_config = { partner = "ibm", ibm_config = { account_id = "0123456789abcdef0123456789abcdef", customer_asn = 64500 } }`, a, b),
			`(?s)customer_asn`},
		{"VLAN range", vxc("", a+"\n ordered_vlan = 4094", b), `(?s)ordered_vlan.*between -1 and 4093`},
		{"VLAN 1", vxc("", a+"\n ordered_vlan = 1", b), `(?s)ordered_vlan.*1`},
		{"inner VLAN on untagged", vxc("", a+"\n ordered_vlan = -1\n inner_vlan = 5", b), `(?s)inner_vlan cannot be set when\s+a_end.ordered_vlan is -1`},
		{"no B end", vxc("", a, ""), `(?s)b_end.requested_product_uid is required unless service_key`},
		{"BGP address with mask", vxc(`a_end_partner_config = { partner = "vrouter", vrouter_config = { interfaces = [{ bgp_connections = [{ peer_asn = 1, local_ip_address = "10.0.0.1/30", peer_ip_address = "10.0.0.2" }] }] } }`, a, b),
			`(?s)local_ip_address.*without a prefix length`},
		{"BFD without settings", vxc(`a_end_partner_config = { partner = "vrouter", vrouter_config = { interfaces = [{ bgp_connections = [{ peer_asn = 1, local_ip_address = "10.0.0.1", peer_ip_address = "10.0.0.2", bfd_enabled = true }] }] } }`, a, b),
			`(?s)bfd_enabled needs the interface's bfd settings`},
		{"prepend count", vxc(`a_end_partner_config = { partner = "vrouter", vrouter_config = { interfaces = [{ bgp_connections = [{ peer_asn = 1, local_ip_address = "10.0.0.1", peer_ip_address = "10.0.0.2", as_path_prepend_count = 11 }] }] } }`, a, b),
			`(?s)as_path_prepend_count.*between 0 and 10`},
		{"a-end on the B end", vxc(`b_end_partner_config = { partner = "a-end" }`, a, b), `(?s)partner.*value must be one of`},
		{"service key format", vxc(`service_key = "not-a-key"`, a, b), `(?s)service_key.*UUID`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps:                    []resource.TestStep{{Config: c.config, PlanOnly: true, ExpectError: regexp.MustCompile(c.want)}},
			})
		})
	}
}

// vxcHCL is a netfab_vxc block as the VXC tests write it: each test states
// only what it varies, and a field left at its zero value is left out of
// the configuration (so that a step can also test what leaving it out does).
type vxcHCL struct {
	name       string
	rate, term int
	costCentre *string // nil: no cost_centre line
	promo      string
	tags       map[string]string
	a, b       vxcEndHCL
	// aPartner and bPartner are the bodies of a_end_partner_config and
	// b_end_partner_config, "" for none.
	aPartner, bPartner string
	extra              string
}

// vxcEndHCL is one end of a VXC; nil numbers are left out.
type vxcEndHCL struct {
	product           string // an expression; "" writes the end as {}
	vlan, inner, vnic *int
}

func (e vxcEndHCL) hcl() string {
	if e.product == "" {
		return "{}"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "{\n    requested_product_uid = %s\n", e.product)
	for _, f := range []struct {
		name string
		v    *int
	}{{"ordered_vlan", e.vlan}, {"inner_vlan", e.inner}, {"vnic_index", e.vnic}} {
		if f.v != nil {
			fmt.Fprintf(&b, "    %s = %d\n", f.name, *f.v)
		}
	}
	return b.String() + "  }"
}

// hcl renders the block as resource "netfab_vxc" <label>.
func (v vxcHCL) hcl(label string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nresource \"netfab_vxc\" %q {\n  product_name = %q\n  rate_limit = %d\n  contract_term_months = %d\n", label, v.name, v.rate, v.term)
	if v.costCentre != nil {
		fmt.Fprintf(&b, "  cost_centre = %q\n", *v.costCentre)
	}
	if v.promo != "" {
		fmt.Fprintf(&b, "  promo_code = %q\n", v.promo)
	}
	if len(v.tags) > 0 {
		b.WriteString("  resource_tags = {\n")
		for _, k := range slices.Sorted(maps.Keys(v.tags)) {
			fmt.Fprintf(&b, "    %q = %q\n", k, v.tags[k])
		}
		b.WriteString("  }\n")
	}
	fmt.Fprintf(&b, "  a_end = %s\n  b_end = %s\n", v.a.hcl(), v.b.hcl())
	if v.aPartner != "" {
		fmt.Fprintf(&b, "  a_end_partner_config = %s\n", v.aPartner)
	}
	if v.bPartner != "" {
		fmt.Fprintf(&b, "  b_end_partner_config = %s\n", v.bPartner)
	}
	return b.String() + v.extra + "}\n"
}

// vxcsHCL renders VXCs by label, in label order.
func vxcsHCL(vxcs map[string]vxcHCL) string {
	var b strings.Builder
	for _, label := range slices.Sorted(maps.Keys(vxcs)) {
		b.WriteString(vxcs[label].hcl(label))
	}
	return b.String()
}

// vxcImportIgnore is what a VXC import cannot give back as the
// configuration had it: timestamps and status of the order, what the
// configuration asked for rather than what the service assigned (the
// requested UIDs and VLANs), and partner settings the service does not
// echo (keys, passwords).
var vxcImportIgnore = []string{"last_updated", "contract_start_date", "contract_end_date", "live_date", "resources",
	"provisioning_status", "a_end.ordered_vlan", "b_end.ordered_vlan", "a_end.requested_product_uid", "b_end.requested_product_uid",
	"a_end_partner_config", "b_end_partner_config", "timeouts"}
