package netfab

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// Upstream's v1.13.1 acceptance configurations of megaport_vxc and
// megaport_service_key, as written there (only the type prefix renamed by
// upstream(); locations, keys and names are what upstream's test helpers
// pick, here from the sandbox's catalogue), with upstream's import steps.

func upstreamProductUID(addr string) resource.ImportStateIdFunc {
	return func(s *terraform.State) (string, error) {
		return s.RootModule().Resources[addr].Primary.Attributes["product_uid"], nil
	}
}

// upstreamVXCImportIgnore is upstream's ImportStateVerifyIgnore of its VXC
// tests (plus the timeouts block, which upstream's resource has not).
var upstreamVXCImportIgnore = []string{"last_updated", "contract_start_date", "contract_end_date", "live_date", "resources",
	"provisioning_status", "a_end.ordered_vlan", "b_end.ordered_vlan", "a_end.requested_product_uid", "b_end.requested_product_uid",
	"a_end_partner_config", "b_end_partner_config", "timeouts"}

// TestAccMegaportMCRVXCWithCSPs_Basic: AWS, Google (b_end = {}) and Azure
// (the partner port upstream's helper finds for the key).
func TestAccUpstream_vxcCSPsConfig(t *testing.T) {
	accPreCheck(t)
	mcrLoc := locationWith(t, offersMCR)
	awsLoc := partnerLocation(t, "AWS")
	azurePort := partnerPortUID(t, "AZURE", "red")
	n := func(s string) string { return uniqueName(t, s) }
	config := upstream(fmt.Sprintf(`
				data "megaport_location" "loc1" {
                    id    = %d
                  }

                  data "megaport_location" "loc2" {
                    id = %d
                  }

                  data "megaport_partner" "aws_port" {
                    connect_type = "AWS"
                    location_id  = data.megaport_location.loc2.id
                  }

                  resource "megaport_mcr" "mcr" {
                    product_name    = "%s"
                    location_id = data.megaport_location.loc1.id
                    contract_term_months = 1
                    port_speed = 5000
                    asn = 64555
                  }

                  resource "megaport_vxc" "aws_vxc" {
                    product_name   = "%s"
                    rate_limit = 1000
                    contract_term_months = 1

                    a_end = {
                      requested_product_uid = megaport_mcr.mcr.product_uid
                      ordered_vlan = 2191
                    }

                    b_end = {
                        requested_product_uid = data.megaport_partner.aws_port.product_uid
                    }

					resource_tags = {
						"key1" = "value1"
						"key2" = "value2"
					}

                    b_end_partner_config = {
                        partner = "aws"
                        aws_config = {
                            name = "%s"
                            asn = 64550
                            type = "private"
                            connect_type = "AWS"
                            amazon_asn = 64551
                            owner_account = "123456789012"
                        }
                    }
                  }

                  resource "megaport_vxc" "gcp_vxc" {
                    product_name   = "%s"
                    rate_limit = 1000
                    contract_term_months = 1

                    a_end = {
                      requested_product_uid = megaport_mcr.mcr.product_uid
                      ordered_vlan = 182
                    }

                    b_end = {}

                    b_end_partner_config = {
                        partner = "google"
                        google_config = {
                            pairing_key = "%s"
                        }
                    }
                  }

                  resource "megaport_vxc" "azure_vxc" {
                    product_name   = "%s"
                    rate_limit = 200
                    contract_term_months = 1

					resource_tags = {
						"key1" = "value1"
						"key2" = "value2"
					}

                    a_end = {
                      requested_product_uid = megaport_mcr.mcr.product_uid
                      ordered_vlan = 0
                    }

                    b_end = {
                      requested_product_uid = "%s"
                    }

                    b_end_partner_config = {
                        partner = "azure"
                        azure_config = {
							port_choice = "primary"
                            service_key = "%s"
                        }
                    }
                  }
                  `, mcrLoc, awsLoc, n("mcr"), n("aws"), n("aws"), n("gcp"), "7e51371e-72a3-40b5-b844-2e3efefaee59/australia-southeast1/2",
		n("azure"), azurePort, "1b2329a5-56dc-45d0-8a0d-87b706297777"))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttrSet("netfab_vxc.aws_vxc", "product_uid"),
					resource.TestCheckResourceAttr("netfab_vxc.aws_vxc", "a_end.ordered_vlan", "2191"),
					resource.TestCheckResourceAttrSet("netfab_vxc.azure_vxc", "product_uid"),
					resource.TestCheckResourceAttr("netfab_vxc.azure_vxc", "a_end.ordered_vlan", "0"),
				),
			},
			{
				ResourceName: "netfab_vxc.aws_vxc", ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIdentifierAttribute: "product_uid", ImportStateIdFunc: upstreamProductUID("netfab_vxc.aws_vxc"),
				ImportStateVerifyIgnore: upstreamVXCImportIgnore,
			},
			{
				ResourceName: "netfab_vxc.azure_vxc", ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIdentifierAttribute: "product_uid", ImportStateIdFunc: upstreamProductUID("netfab_vxc.azure_vxc"),
				ImportStateVerifyIgnore: upstreamVXCImportIgnore,
			},
		},
	})
}

// TestAccMegaportServiceKey_MultiUse: create, import by the key,
// deactivate, reactivate.
func TestAccUpstream_serviceKeyMultiUseConfig(t *testing.T) {
	accPreCheck(t)
	loc := locationWith(t, offersPort(1000))
	portName, cc, desc := uniqueName(t, "port"), uniqueName(t, "cc"), uniqueName(t, "key")
	config := func(active bool) string {
		return upstream(fmt.Sprintf(`
				data "megaport_location" "test_location" {
					id = %d
				}

				resource "megaport_port" "port" {
					product_name         = "%s"
					port_speed           = 1000
					location_id          = data.megaport_location.test_location.id
					contract_term_months = 1
					marketplace_visibility = false
					cost_centre          = "%s"
				}

				resource "megaport_service_key" "test" {
					product_uid = megaport_port.port.product_uid
					description = "%s"
					max_speed   = 500
					single_use  = false
					active      = %t
				}
				`, loc, portName, cc, desc, active))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config(true), Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("netfab_service_key.test", "max_speed", "500"),
				resource.TestCheckResourceAttrSet("netfab_service_key.test", "key"),
				resource.TestCheckResourceAttrSet("netfab_service_key.test", "company_id"),
				resource.TestCheckResourceAttrSet("netfab_service_key.test", "company_uid"),
				resource.TestCheckResourceAttrSet("netfab_service_key.test", "create_date"),
			)},
			{
				ResourceName: "netfab_service_key.test", ImportState: true, ImportStateVerify: true,
				ImportStateVerifyIdentifierAttribute: "key",
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					return s.RootModule().Resources["netfab_service_key.test"].Primary.Attributes["key"], nil
				},
				ImportStateVerifyIgnore: []string{"last_updated"},
			},
			{Config: config(false), Check: resource.TestCheckResourceAttr("netfab_service_key.test", "active", "false")},
			{Config: config(true), Check: resource.TestCheckResourceAttr("netfab_service_key.test", "active", "true")},
		},
	})
}

// partnerLocation is where upstream's findVXCPortTestLocationsWithPartner
// would look: a location with an open partner port of the connect type.
func partnerLocation(t *testing.T, connectType string) int64 {
	t.Helper()
	ports, err := api.PartnerPorts(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ports {
		if p.ConnectType == connectType && p.VXCPermitted {
			return p.LocationID
		}
	}
	t.Fatalf("no open %s partner port", connectType)
	return 0
}

// partnerPortUID is what upstream's pickAzureServiceKey returns as the
// key's partner port: an open port of the connect type in the zone.
func partnerPortUID(t *testing.T, connectType, zone string) string {
	t.Helper()
	ports, err := api.PartnerPorts(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ports {
		if p.ConnectType == connectType && p.VXCPermitted && p.DiversityZone == zone {
			return p.ProductUID
		}
	}
	t.Fatalf("no open %s partner port in %s", connectType, zone)
	return ""
}
