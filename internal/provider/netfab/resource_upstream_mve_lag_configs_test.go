package netfab

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/config"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

// The upstream provider's (v1.13.1) acceptance configurations and examples
// of megaport_mve, megaport_lag_port and megaport_nat_gateway_sessions, with
// only the types renamed (upstream()) and the values its tests take from
// its staging catalogue (a location, an Aruba or Cisco image ID) taken from
// ours. Each test keeps upstream's steps and checks; a second plan after
// each apply is empty (resource.Test checks it).

// upstreamImportStep is upstream's MVE and LAG import step: by product
// UID, verifying all but what upstream ignores.
func upstreamImportStep(address string, ignore ...string) resource.TestStep {
	return resource.TestStep{
		ResourceName:                         address,
		ImportState:                          true,
		ImportStateVerify:                    true,
		ImportStateVerifyIdentifierAttribute: "product_uid",
		ImportStateIdFunc: func(s *terraform.State) (string, error) {
			return s.RootModule().Resources[address].Primary.Attributes["product_uid"], nil
		},
		ImportStateVerifyIgnore: ignore,
	}
}

var upstreamMVEImportIgnore = []string{"last_updated", "contract_start_date", "contract_end_date", "live_date", "vendor_config", "resources", "provisioning_status"}

// upstreamAruba is the MVE of upstream's Aruba tests: location, image,
// name, cost centre line, vendor casing and the lines it varies.
func upstreamAruba(t *testing.T, name, lines, vendor, size string) string {
	return upstream(fmt.Sprintf(`
				data "megaport_location" "test_location" {
					id = %d
				}

				data "megaport_mve_images" "aruba" {
  					vendor_filter = "Aruba"
  					id_filter = %d
				}

				resource "megaport_mve" "mve" {
                    product_name  = "%s"
                    location_id = data.megaport_location.test_location.id
					%s

                    vendor_config = {
                        vendor = "%s"
                        product_size = "%s"
						mve_label = "MVE 2/8"
                        image_id = data.megaport_mve_images.aruba.mve_images.0.id
						account_name = "upstream-account"
						account_key = "upstream-account-key"
						system_tag = "Preconfiguration-aruba-test-1"
                    }

					vnics = [{
						description = "Data Plane"
					},
					{
						description = "Control Plane"
					},
					{
						description = "Management Plane"
					},
					{
						description = "Extra Plane"
					}
					]
                  }`, locationWith(t, offersMVE), mveImage(t, "aruba", "").ID, name, lines, vendor, size))
}

func TestAccUpstream_mveArubaBasic(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "mve")
	create := `contract_term_months        = 1
					cost_centre = "cc-1"
					diversity_zone = "red"
					resource_tags = {
						"key1" = "value1"
						"key2" = "value2"
					}`
	update := `contract_term_months        = 1
					cost_centre = "cc-2"
					diversity_zone = "red"
					resource_tags = {
						"key1updated" = "value1updated"
						"key2updated" = "value2updated"
					}`
	const a = "netfab_mve.mve"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstreamAruba(t, name, create, "aruba", "SMALL"),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr(a, "product_name", name),
					resource.TestCheckResourceAttr(a, "cost_centre", "cc-1"),
					resource.TestCheckResourceAttr(a, "product_type", "MVE"),
					resource.TestCheckResourceAttr(a, "vendor", "ARUBA"),
					resource.TestCheckResourceAttr(a, "mve_size", "SMALL"),
					resource.TestCheckResourceAttr(a, "resource_tags.key1", "value1"),
					resource.TestCheckResourceAttr(a, "diversity_zone", "red"),
					resource.TestCheckResourceAttrSet(a, "company_name"),
					resource.TestCheckResourceAttrSet(a, "market"),
				),
			},
			upstreamImportStep(a, upstreamMVEImportIgnore...),
			// Mixed casing of vendor and size: an update, never a replacement.
			{
				Config:           upstreamAruba(t, name+"-new", update, "aRuBa", "SmAlL"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(a, plancheck.ResourceActionUpdate)}},
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr(a, "product_name", name+"-new"),
					resource.TestCheckResourceAttr(a, "cost_centre", "cc-2"),
					resource.TestCheckResourceAttr(a, "vendor", "ARUBA"),
					resource.TestCheckResourceAttr(a, "mve_size", "SMALL"),
					resource.TestCheckResourceAttr(a, "resource_tags.key1updated", "value1updated"),
				),
			},
			upstreamImportStep(a, upstreamMVEImportIgnore...),
		},
	})
}

func TestAccUpstream_mveArubaCostCentreRemovalPromoCodeAndTerm(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "mve")
	const a = "netfab_mve.mve"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			// CostCentreRemoval.
			{Config: upstreamAruba(t, name, "contract_term_months = 1\ncost_centre = \"cc-1\"", "aruba", "SMALL"),
				Check: resource.TestCheckResourceAttr(a, "cost_centre", "cc-1")},
			{Config: upstreamAruba(t, name, "contract_term_months = 1\ncost_centre = \"\"", "aruba", "SMALL"),
				Check: resource.TestCheckResourceAttr(a, "cost_centre", "")},
			// PromoCode.
			{Config: upstreamAruba(t, name, "contract_term_months = 1\npromo_code = \"tf-acc-test-promo\"", "aruba", "SMALL"),
				Check: resource.TestCheckResourceAttr(a, "promo_code", "tf-acc-test-promo")},
			{Config: upstreamAruba(t, name, "contract_term_months = 1\npromo_code = \"tf-acc-test-promo-other\"", "aruba", "SMALL"),
				Check: resource.TestCheckResourceAttr(a, "promo_code", "tf-acc-test-promo-other")},
			{Config: upstreamAruba(t, name, "contract_term_months = 1", "aruba", "SMALL"),
				Check: resource.TestCheckNoResourceAttr(a, "promo_code")},
			// ContractTermUpdate.
			// (diversity_zone = "red" replaces the MVE when the service gave it blue.)
			{Config: upstreamAruba(t, name, "contract_term_months = 12\ndiversity_zone = \"red\"", "aruba", "SMALL"),
				Check: resource.TestCheckResourceAttr(a, "contract_term_months", "12")},
			{Config: upstreamAruba(t, name, "contract_term_months = 24\ndiversity_zone = \"red\"", "aruba", "SMALL"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(a, plancheck.ResourceActionUpdate)}},
				Check:            resource.TestCheckResourceAttr(a, "contract_term_months", "24")},
		},
	})
}

func TestAccUpstream_mveImportWithLifecycleIgnoreChanges(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "")[:40]
	cfg := func(suffix, lifecycle string) string {
		return upstream(fmt.Sprintf(`
                data "megaport_location" "test_location" {
                    id = %d
                }

                data "megaport_mve_images" "aruba" {
                      vendor_filter = "Aruba"
                      id_filter = %d
                }

                resource "megaport_mve" "import_test" {
                    product_name  = "%s%s"
                    location_id = data.megaport_location.test_location.id
                    contract_term_months = 1
                    cost_centre = "cc%s"
                    diversity_zone = "red"

                    vendor_config = {
                        vendor = "aruba"
                        product_size = "SMALL"
                        mve_label = "MVE Import Test"
                        image_id = data.megaport_mve_images.aruba.mve_images.0.id
                        account_name = "%s"
                        account_key = "key"
                        system_tag = "Preconfiguration-aruba-test-1"
                    }

                    vnics = [{
                        description = "Data Plane"
                    },
                    {
                        description = "Control Plane"
                    }]
%s
                }`, locationWith(t, offersMVE), mveImage(t, "aruba", "").ID, name, suffix, suffix, name, lifecycle))
	}
	const a = "netfab_mve.import_test"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: cfg("", ""), Check: resource.TestCheckResourceAttr(a, "product_name", name)},
			upstreamImportStep(a, upstreamMVEImportIgnore...),
			{
				Config: cfg("-updated", "                    lifecycle {\n                        ignore_changes = [vendor_config]\n                    }"),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr(a, "product_name", name+"-updated"),
					resource.TestCheckResourceAttr(a, "cost_centre", "cc-updated"),
					resource.TestCheckResourceAttrSet(a, "product_uid"),
				),
			},
		},
	})
}

func TestAccUpstream_mveVersaBasic(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "mve")
	// Upstream names its staging catalogue's Versa image, 20; ours has one
	// of that ID too.
	cfg := func(name, costCentre, tags string) string {
		return upstream(fmt.Sprintf(`
				data "megaport_location" "test_location" {
					id = %d
				}

				data "megaport_mve_images" "versa" {
  					vendor_filter = "Versa"
  					id_filter = 20
				}

				resource "megaport_mve" "mve" {
                    product_name  = "%s"
                    location_id = data.megaport_location.test_location.id
                    contract_term_months        = 1
					cost_centre = "%s"
					diversity_zone = "red"

					resource_tags = {
						%s
					}

                    vendor_config = {
                        vendor = "versa"
                        product_size = "SMALL"
						mve_label = "MVE 2/8"
                        image_id = data.megaport_mve_images.versa.mve_images.0.id
						director_address = "director1.versa.com"
						controller_address = "controller1.versa.com"
						local_auth = "SDWAN-Branch@Versa.com"
						remote_auth = "Controller-1-staging@Versa.com"
						serial_number = "Megaport-Hub1"
                    }

					vnics = [{
						description = "Data Plane"
					},
					{
						description = "Control Plane"
					},
					{
						description = "Management Plane"
					},
					{
						description = "Extra Plane"
					}
					]
                  }`, locationWith(t, offersMVE), name, costCentre, tags))
	}
	const a = "netfab_mve.mve"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: cfg(name, "cc-1", `"key1" = "value1"`+"\n"+`"key2" = "value2"`),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr(a, "vendor", "VERSA"),
					resource.TestCheckResourceAttr(a, "mve_size", "SMALL"),
					resource.TestCheckResourceAttr(a, "resource_tags.key2", "value2"),
					resource.TestCheckResourceAttr(a, "diversity_zone", "red"),
				),
			},
			upstreamImportStep(a, upstreamMVEImportIgnore...),
			{
				Config: cfg(name+"-new", "cc-2", `"key1updated" = "value1updated"`),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr(a, "product_name", name+"-new"),
					resource.TestCheckResourceAttr(a, "vendor", "VERSA"),
					resource.TestCheckResourceAttr(a, "resource_tags.key1updated", "value1updated"),
				),
			},
		},
	})
}

// Upstream's Cisco test is of the FTDv firewall: locally managed, a
// write-only admin password, MEDIUM, four vNICs.
func TestAccUpstream_mveCiscoFirewallAndPaloAlto(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "mve")
	cisco := func(name, costCentre string) string {
		return upstream(fmt.Sprintf(`
				data "megaport_location" "test_location" {
					id = %d
				}

				data "megaport_mve_images" "cisco" {
					vendor_filter = "Cisco"
					id_filter     = %d
				}

				resource "megaport_mve" "mve" {
					product_name         = "%s"
					location_id          = data.megaport_location.test_location.id
					contract_term_months = 1
					cost_centre          = "%s"
					diversity_zone       = "red"

					vendor_config = {
						vendor         = "cisco"
						product_size   = "MEDIUM"
						mve_label      = "MVE 4/16"
						image_id       = data.megaport_mve_images.cisco.mve_images.0.id
						manage_locally = true
						admin_password = "Firewall-Passw0rd"
					}

					vnics = [
						{ description = "Data Plane" },
						{ description = "Control Plane" },
						{ description = "Management Plane" },
						{ description = "HA Plane" },
					]
				}`, locationWith(t, offersMVE), mveImage(t, "cisco", netfabapi.MVEProductCodeFTDv).ID, name, costCentre))
	}
	palo := func(name, costCentre string) string {
		return upstream(fmt.Sprintf(`
				data "megaport_location" "test_location" {
					id = %d
				}

				data "megaport_mve_images" "palo_alto" {
					vendor_filter = "Palo Alto"
					id_filter     = %d
				}

				resource "megaport_mve" "palo" {
					product_name         = "%s"
					location_id          = data.megaport_location.test_location.id
					contract_term_months = 1
					cost_centre          = "%s"
					diversity_zone       = "red"

					vendor_config = {
						vendor              = "palo_alto"
						product_size        = "MEDIUM"
						mve_label           = "MVE 4/16"
						image_id            = data.megaport_mve_images.palo_alto.mve_images.0.id
						admin_password_hash = "$5$2833ea35$Pdyc6dKE8N/UBRge3QWDJJyotG3I59pxLJWVmcSQDdC"
						ssh_public_key      = "%s"
					}

					vnics = [
						{ description = "Management" },
						{ description = "Data" },
					]
				}`, locationWith(t, offersMVE), mveImage(t, "palo_alto", "").ID, name, costCentre, testRSAKey))
	}
	// Both upstream tests in one configuration: the provider block once.
	both := func(n, cc string) string {
		return cisco(n, cc) + strings.ReplaceAll(palo(n+"-pa", cc)[len(providerConfig()):], "test_location", "test_location_pa")
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: both(name, "cc-1"),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_mve.mve", "vendor", "CISCO"),
					resource.TestCheckResourceAttr("netfab_mve.mve", "diversity_zone", "red"),
					resource.TestCheckResourceAttrSet("netfab_mve.mve", "mve_size"),
					resource.TestCheckResourceAttr("netfab_mve.palo", "vendor", "PALO_ALTO"),
					resource.TestCheckResourceAttrSet("netfab_mve.palo", "mve_size"),
				),
			},
			upstreamImportStep("netfab_mve.mve", upstreamMVEImportIgnore...),
			upstreamImportStep("netfab_mve.palo", upstreamMVEImportIgnore...),
			{
				Config: both(name+"-new", "cc-2"),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_mve.mve", "product_name", name+"-new"),
					resource.TestCheckResourceAttr("netfab_mve.mve", "cost_centre", "cc-2"),
					resource.TestCheckResourceAttr("netfab_mve.palo", "product_name", name+"-new-pa"),
				),
			},
		},
	})
}

// upstreamLAG is the LAG port of upstream's LAG tests.
func upstreamLAG(t *testing.T, lines string) string {
	return upstream(fmt.Sprintf(`
				data "megaport_location" "test_location" {
					id = %d
				}
					resource "megaport_lag_port" "lag_port" {
			        port_speed  = 10000
			        location_id = data.megaport_location.test_location.id
                    lag_count = 1
					%s
			      }`, locationWith(t, offersPort(10000)), lines))
}

func TestAccUpstream_lagPortConfigs(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "lag")
	const a = "netfab_lag_port.lag_port"
	basic := func(name, cc, visible, tags string) string {
		return upstreamLAG(t, fmt.Sprintf(`product_name  = "%s"
					cost_centre = "%s"
			        contract_term_months        = 12
					marketplace_visibility = %s
					resource_tags = {
						%s
					}`, name, cc, visible, tags))
	}
	simple := func(term, lines string) string {
		return upstreamLAG(t, fmt.Sprintf("product_name = %q\ncontract_term_months = %s\nmarketplace_visibility = false\n%s", name+"-2", term, lines))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			// Basic.
			{
				Config: basic(name, "cc-1", "true", `"key1" = "value1"`+"\n"+`"key2" = "value2"`),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr(a, "port_speed", "10000"),
					resource.TestCheckResourceAttr(a, "marketplace_visibility", "true"),
					resource.TestCheckResourceAttr(a, "lag_count", "1"),
					resource.TestCheckResourceAttr(a, "cost_centre", "cc-1"),
					resource.TestCheckResourceAttr(a, "resource_tags.key1", "value1"),
					resource.TestCheckResourceAttrSet(a, "company_uid"),
				),
			},
			upstreamImportStep(a, "last_updated", "lag_count", "lag_port_uids", "contract_start_date", "contract_end_date", "live_date", "resources", "provisioning_status"),
			{
				Config: basic(name+"-new", "cc-2", "false", `"key1updated" = "value1updated"`),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr(a, "product_name", name+"-new"),
					resource.TestCheckResourceAttr(a, "marketplace_visibility", "false"),
					resource.TestCheckResourceAttr(a, "cost_centre", "cc-2"),
					resource.TestCheckResourceAttr(a, "resource_tags.key1updated", "value1updated"),
				),
			},
			// CostCentreRemoval, PromoCode, ContractTermUpdate (one LAG).
			{Config: simple("1", `cost_centre = "cc"`), Check: resource.TestCheckResourceAttr(a, "cost_centre", "cc")},
			{Config: simple("1", `cost_centre = ""`), Check: resource.TestCheckResourceAttr(a, "cost_centre", "")},
			{Config: simple("1", `promo_code = "tf-acc-test-promo"`), Check: resource.TestCheckResourceAttr(a, "promo_code", "tf-acc-test-promo")},
			{Config: simple("1", `promo_code = "tf-acc-test-promo-other"`), Check: resource.TestCheckResourceAttr(a, "promo_code", "tf-acc-test-promo-other")},
			{Config: simple("1", ""), Check: resource.TestCheckNoResourceAttr(a, "promo_code")},
			{Config: simple("12", ""), Check: resource.TestCheckResourceAttr(a, "contract_term_months", "12")},
			{Config: simple("24", ""), Check: resource.TestCheckResourceAttr(a, "contract_term_months", "24")},
		},
	})
}

func TestAccUpstream_natGatewaySessionsConfig(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: upstream(`
data "megaport_nat_gateway_sessions" "this" {}
`),
			Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttrWith("data.netfab_nat_gateway_sessions.this", "sessions.#", func(v string) error {
					if v == "0" {
						return fmt.Errorf("expected non-empty sessions matrix, got 0 entries")
					}
					return nil
				}),
				resource.TestCheckResourceAttrWith("data.netfab_nat_gateway_sessions.this", "sessions.0.session_count.#", func(v string) error {
					if v == "0" {
						return fmt.Errorf("expected first session to have non-empty session_count, got 0 entries")
					}
					return nil
				}),
			),
		}},
	})
}

// Upstream's examples of the three, as its docs print them (its locations 6
// and 3 offer MVEs here too), but for the Aviatrix cloud_init, shortened to
// its first lines (still Base64).
func TestAccUpstream_mveLagAndSessionsExamples(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			ConfigVariables: config.Variables{"sixwind_ssh_public_key": config.StringVariable(testRSAKey)},
			Config:          upstream(upstreamMVEExample + upstreamLAGExample + upstreamSessionsExample),
			Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("netfab_mve.mve_aruba", "vendor", "ARUBA"),
				resource.TestCheckResourceAttr("netfab_mve.mve_aviatrix", "vendor", "AVIATRIX"),
				resource.TestCheckResourceAttr("netfab_mve.mve_sixwind_static", "vnics.#", "5"),
				resource.TestCheckResourceAttr("netfab_mve.mve_sixwind_dynamic", "vnics.4.description", "ens8"),
				resource.TestCheckResourceAttr("netfab_mve.mve_c8000v_autonomous", "vendor", "CISCO"),
				resource.TestCheckResourceAttr("netfab_lag_port.lag_port", "lag_port_uids.#", "1"),
			),
		}},
	})
}

const upstreamMVEExample = `
data "megaport_mve_images" "aruba" {
  vendor_filter = "Aruba"
  id_filter     = 23
}

resource "megaport_mve" "mve_aruba" {
  product_name         = "Megaport MVE Example"
  location_id          = 6
  contract_term_months = 1

  vnics = [
    {
      description = "Data Plane"
    },
    {
      description = "Control Plane"
    },
    {
      description = "Management Plane"
    }
  ]

  vendor_config = {
    vendor       = "aruba"
    product_size = "MEDIUM"
    image_id     = data.megaport_mve_images.aruba.mve_images.0.id
    account_name = "Aruba Test Account"
    account_key  = "12345678"
    system_tag   = "Preconfiguration-aruba-test-1"
  }
}

data "megaport_mve_images" "aviatrix" {
  vendor_filter = "Aviatrix"
  id_filter     = 70
}

resource "megaport_mve" "mve_aviatrix" {
  product_name         = "Aviatrix-Edge"
  location_id          = 6
  contract_term_months = 12

  vendor_config = {
    vendor       = "aviatrix"
    image_id     = data.megaport_mve_images.aviatrix.mve_images.0.id
    product_size = "SMALL"
    mve_label    = "MVE 2/8"
    cloud_init   = "IyBjbG91ZC1jb25maWcKdXNlcnM6Ci0gbG9jay1wYXNzd2Q6IGZhbHNlCiAgbmFtZTogYWRtaW4K"
  }
}

data "megaport_mve_images" "sixwind" {
  vendor_filter = "6wind"
}

resource "megaport_mve" "mve_sixwind_static" {
  product_name         = "6WIND MVE Example - Static vNICs"
  location_id          = 6
  contract_term_months = 1

  vendor_config = {
    vendor       = "6wind"
    product_size = "SMALL"
    image_id     = data.megaport_mve_images.sixwind.mve_images[0].id
    ssh_public_key = "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDChMevHRnL3gDRXyGduArHROH8IkZhdVmVBLkR/0F6RhP7Jw6a8T3xGjFLvQj3jfvXDxKDfqRQvLLJ3CgqnLvHuQjVZ/vYGdFCCXSxYbg2fCj2VIUjPHOBqkBEG8a1HDx2P8qN6WD8nBHkLExampleKeyForDocumentationOnlyNotForUse example@example.com"
  }

  vnics = [
    {
      description = "ens4"
    },
    {
      description = "ens5"
    },
    {
      description = "ens6"
    },
    {
      description = "ens7"
    },
    {
      description = "ens8"
    }
  ]
}

variable "sixwind_vnic_count" {
  description = "Number of vNICs to provision for 6WIND MVE (1-5)"
  type        = number
  default     = 5
  validation {
    condition     = var.sixwind_vnic_count >= 1 && var.sixwind_vnic_count <= 5
    error_message = "vnic_count must be between 1 and 5"
  }
}

variable "sixwind_ssh_public_key" {
  description = "RSA 2048-bit SSH public key for 6WIND MVE (ED25519 not supported)"
  type        = string
  sensitive   = true
}

resource "megaport_mve" "mve_sixwind_dynamic" {
  product_name         = "6WIND MVE Example - Dynamic vNICs"
  location_id          = 3 # DigiCo Sydney SYD1 (Global Switch)	
  contract_term_months = 1

  vendor_config = {
    vendor         = "6wind"
    product_size   = "SMALL"
    image_id       = data.megaport_mve_images.sixwind.mve_images[0].id
    ssh_public_key = var.sixwind_ssh_public_key
  }

  vnics = [for i in range(var.sixwind_vnic_count) : {
    description = "ens${i + 4}"
  }]
}

data "megaport_mve_images" "c8000v" {
  vendor_filter  = "Cisco"
  product_filter = "C8000"
}

resource "megaport_mve" "mve_c8000v_autonomous" {
  product_name         = "Cisco C8000v Autonomous MVE Example"
  location_id          = 6
  contract_term_months = 1

  vendor_config = {
    vendor       = "cisco"
    product_size = "SMALL"
    image_id     = data.megaport_mve_images.c8000v.mve_images[0].id
    ssh_public_key = "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDChMevHRnL3gDRXyGduArHROH8IkZhdVmVBLkR/0F6RhP7Jw6a8T3xGjFLvQj3jfvXDxKDfqRQvLLJ3CgqnLvHuQjVZ/vYGdFCCXSxYbg2fCj2VIUjPHOBqkBEG8a1HDx2P8qN6WD8nBHkLExampleKeyForDocumentationOnlyNotForUse example@example.com"
  }

  vnics = [
    {
      description = "Data Plane"
    }
  ]
}
`

const upstreamLAGExample = `
resource "megaport_lag_port" "lag_port" {
  product_name           = "Megaport Lag Port Example"
  port_speed             = 10000
  location_id            = 6
  contract_term_months   = 1
  marketplace_visibility = false
  lag_count              = 1
  cost_centre            = "Lag Port Example"
}
`

const upstreamSessionsExample = `
data "megaport_nat_gateway_sessions" "available" {}

output "nat_gateway_sessions" {
  description = "Map of NAT Gateway speed (Mbps) to permitted session counts"
  value = {
    for entry in data.megaport_nat_gateway_sessions.available.sessions :
    tostring(entry.speed_mbps) => entry.session_count
  }
}

locals {
  sessions_at_1000_mbps = one([
    for entry in data.megaport_nat_gateway_sessions.available.sessions :
    entry.session_count if entry.speed_mbps == 1000
  ])
  max_sessions_at_1000_mbps = max(local.sessions_at_1000_mbps...)
}
`
