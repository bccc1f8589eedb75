package netfab

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

// Every step of upstream's v1.13.1 acceptance tests of megaport_vxc and
// megaport_service_key whose first steps resource_upstream_vxc_configs_test.go
// runs, and of its other VXC tests: the configurations as upstream writes
// them (only the type prefix renamed by upstream()), with the values its
// test helpers pick taken from the sandbox's catalogue, and upstream's
// import steps. The checks are what upstream's steps check of the VXC or
// key, in values.
// TestAccMegaportVXC_Basic: the VXC moves to two other ports, then its name, cost centre, rate limit, term, VLANs, inner VLANs and tags change.
func TestAccUpstream_vxcBasic(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	locs := []int64{locationWith(t, offersPort(1000))}
	portName1 := uniqueName(t, "portName1")
	portName2 := uniqueName(t, "portName2")
	portName3 := uniqueName(t, "portName3")
	portName4 := uniqueName(t, "portName4")
	vxcName := uniqueName(t, "vxcName")
	vxcNameNew := uniqueName(t, "vxcNameNew")
	costCentreName := uniqueName(t, "costCentreName")
	costCentreNew := uniqueName(t, "costCentreNew")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
				data "megaport_location" "loc" {
					id = %d
				}
					resource "megaport_port" "port_1" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months        = 12
					marketplace_visibility = false
                  }
                  resource "megaport_port" "port_2" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months        = 12
					marketplace_visibility = false
                  }
				  resource "megaport_port" "port_3" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months        = 12
					marketplace_visibility = false
                  }
                  resource "megaport_port" "port_4" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months        = 12
					marketplace_visibility = false
                  }
                  resource "megaport_vxc" "vxc" {
                    product_name   = "%s"
                    rate_limit = 500
                    contract_term_months = 12
					cost_centre = "%s"

					resource_tags = {
						"key1" = "value1"
						"key2" = "value2"
					}

                    a_end = {
                        requested_product_uid = megaport_port.port_1.product_uid
						ordered_vlan = 100
						inner_vlan = 300
                    }

                    b_end = {
                        requested_product_uid = megaport_port.port_2.product_uid
						ordered_vlan = 101
						inner_vlan = 301
                    }
                  }
                  `, locs[0], portName1, portName2, portName3, portName4, vxcName, costCentreName)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "rate_limit", "500"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "contract_term_months", "12"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end.ordered_vlan", "100"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end.vlan", "100"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "b_end.ordered_vlan", "101"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "b_end.vlan", "101"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end.inner_vlan", "300"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "b_end.inner_vlan", "301"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "resource_tags.key1", "value1"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "resource_tags.key2", "value2"),
				),
			},
			upstreamImportStep("netfab_vxc.vxc", upstreamVXCImportIgnore...),
			{
				Config: upstream(fmt.Sprintf(`
				data "megaport_location" "loc" {
					id = %d
				}
					resource "megaport_port" "port_1" {
			        product_name  = "%s"
			        port_speed  = 1000
			        location_id = data.megaport_location.loc.id
			        contract_term_months        = 12
					cost_centre = "test"
					marketplace_visibility = false
			      }
			      resource "megaport_port" "port_2" {
			        product_name  = "%s"
			        port_speed  = 1000
			        location_id = data.megaport_location.loc.id
			        contract_term_months        = 12
					cost_centre = "test"
					marketplace_visibility = false
			      }
				  resource "megaport_port" "port_3" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months        = 12
					marketplace_visibility = false
                  }
                  resource "megaport_port" "port_4" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months        = 12
					marketplace_visibility = false
                  }
			      resource "megaport_vxc" "vxc" {
			        product_name   = "%s"
			        rate_limit = 500
					contract_term_months = 12
					cost_centre = "%s"

					resource_tags = {
						"key1" = "value1"
						"key2" = "value2"
					}

			        a_end = {
			            requested_product_uid = megaport_port.port_3.product_uid
						ordered_vlan = 100
						inner_vlan = 300
			        }

			        b_end = {
			            requested_product_uid = megaport_port.port_4.product_uid
						ordered_vlan = 101
						inner_vlan = 301
			        }
			      }
			      `, locs[0], portName1, portName2, portName3, portName4, vxcName, costCentreName)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "rate_limit", "500"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "contract_term_months", "12"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end.ordered_vlan", "100"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end.vlan", "100"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "b_end.ordered_vlan", "101"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "b_end.vlan", "101"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end.inner_vlan", "300"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "b_end.inner_vlan", "301"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "resource_tags.key1", "value1"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "resource_tags.key2", "value2"),
				),
			},
			{
				Config: upstream(fmt.Sprintf(`
				data "megaport_location" "loc" {
					id = %d
				}
					resource "megaport_port" "port_1" {
			        product_name  = "%s"
			        port_speed  = 1000
			        location_id = data.megaport_location.loc.id
			        contract_term_months        = 12
					cost_centre = "test"
					marketplace_visibility = false
			      }
			      resource "megaport_port" "port_2" {
			        product_name  = "%s"
			        port_speed  = 1000
			        location_id = data.megaport_location.loc.id
			        contract_term_months        = 12
					cost_centre = "test"
					marketplace_visibility = false
			      }
				  resource "megaport_port" "port_3" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months        = 12
					marketplace_visibility = false
                  }
                  resource "megaport_port" "port_4" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months        = 12
					marketplace_visibility = false
                  }
			      resource "megaport_vxc" "vxc" {
			        product_name   = "%s"
			        rate_limit = 600
					contract_term_months = 24
					cost_centre = "%s"

					resource_tags = {
						"key1updated" = "value1updated"
						"key2updated" = "value2updated"
					}

			        a_end = {
			            requested_product_uid = megaport_port.port_3.product_uid
						ordered_vlan = 200
						inner_vlan = 400
			        }

			        b_end = {
			            requested_product_uid = megaport_port.port_4.product_uid
						ordered_vlan = 201
						inner_vlan = 401
			        }
			      }
			      `, locs[0], portName1, portName2, portName3, portName4, vxcNameNew, costCentreNew)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "rate_limit", "600"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "contract_term_months", "24"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end.ordered_vlan", "200"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end.vlan", "200"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "b_end.ordered_vlan", "201"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "b_end.vlan", "201"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end.inner_vlan", "400"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "b_end.inner_vlan", "401"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "resource_tags.key1updated", "value1updated"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "resource_tags.key2updated", "value2updated"),
				),
			},
		},
	})
}

// TestAccMegaportVXC_CostCentreRemoval: a cost centre removed from the configuration is removed from the VXC.
func TestAccUpstream_vxcCostCentreRemoval(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	locs := []int64{locationWith(t, offersPort(1000))}
	portName1 := uniqueName(t, "portName1")
	portName2 := uniqueName(t, "portName2")
	vxcName := uniqueName(t, "vxcName")
	costCentreName := uniqueName(t, "costCentreName")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
				data "megaport_location" "loc" {
					id = %d
				}
				resource "megaport_port" "port_1" {
					product_name = "%s"
					port_speed = 1000
					location_id = data.megaport_location.loc.id
					contract_term_months = 1
					marketplace_visibility = false
				}
				resource "megaport_port" "port_2" {
					product_name = "%s"
					port_speed = 1000
					location_id = data.megaport_location.loc.id
					contract_term_months = 1
					marketplace_visibility = false
				}
				resource "megaport_vxc" "vxc" {
					product_name = "%s"
					rate_limit = 200
					contract_term_months = 1
					cost_centre = "%s"
					resource_tags = {
						"key1" = "value1"
					}
					a_end = {
						requested_product_uid = megaport_port.port_1.product_uid
						ordered_vlan = 100
						inner_vlan = 300
					}
					b_end = {
						requested_product_uid = megaport_port.port_2.product_uid
						ordered_vlan = 101
						inner_vlan = 301
					}
				}`, locs[0], portName1, portName2, vxcName, costCentreName)),
			},
			{
				Config: upstream(fmt.Sprintf(`
				data "megaport_location" "loc" {
					id = %d
				}
				resource "megaport_port" "port_1" {
					product_name = "%s"
					port_speed = 1000
					location_id = data.megaport_location.loc.id
					contract_term_months = 1
					marketplace_visibility = false
				}
				resource "megaport_port" "port_2" {
					product_name = "%s"
					port_speed = 1000
					location_id = data.megaport_location.loc.id
					contract_term_months = 1
					marketplace_visibility = false
				}
				resource "megaport_vxc" "vxc" {
					product_name = "%s"
					rate_limit = 200
					contract_term_months = 1
					cost_centre = ""
					resource_tags = {
						"key1" = "value1"
					}
					a_end = {
						requested_product_uid = megaport_port.port_1.product_uid
						ordered_vlan = 100
						inner_vlan = 300
					}
					b_end = {
						requested_product_uid = megaport_port.port_2.product_uid
						ordered_vlan = 101
						inner_vlan = 301
					}
				}`, locs[0], portName1, portName2, vxcName)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "cost_centre", ""),
				),
			},
		},
	})
}

// TestAccMegaportVXC_ContractTermUpdate: the term goes from 1 to 12 months in place.
func TestAccUpstream_vxcContractTermUpdate(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	locs := []int64{locationWith(t, offersPort(1000))}
	portName1 := uniqueName(t, "portName1")
	portName2 := uniqueName(t, "portName2")
	vxcName := uniqueName(t, "vxcName")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
				data "megaport_location" "loc" {
					id = %d
				}
				resource "megaport_port" "port_1" {
					product_name = "%s"
					port_speed = 1000
					location_id = data.megaport_location.loc.id
					contract_term_months = 1
					marketplace_visibility = false
				}
				resource "megaport_port" "port_2" {
					product_name = "%s"
					port_speed = 1000
					location_id = data.megaport_location.loc.id
					contract_term_months = 1
					marketplace_visibility = false
				}
				resource "megaport_vxc" "vxc" {
					product_name = "%s"
					rate_limit = 200
					contract_term_months = 1
					a_end = {
						requested_product_uid = megaport_port.port_1.product_uid
						ordered_vlan = 100
					}
					b_end = {
						requested_product_uid = megaport_port.port_2.product_uid
						ordered_vlan = 101
					}
				}`, locs[0], portName1, portName2, vxcName)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "contract_term_months", "1"),
				),
			},
			{
				Config: upstream(fmt.Sprintf(`
				data "megaport_location" "loc" {
					id = %d
				}
				resource "megaport_port" "port_1" {
					product_name = "%s"
					port_speed = 1000
					location_id = data.megaport_location.loc.id
					contract_term_months = 1
					marketplace_visibility = false
				}
				resource "megaport_port" "port_2" {
					product_name = "%s"
					port_speed = 1000
					location_id = data.megaport_location.loc.id
					contract_term_months = 1
					marketplace_visibility = false
				}
				resource "megaport_vxc" "vxc" {
					product_name = "%s"
					rate_limit = 200
					contract_term_months = 12
					a_end = {
						requested_product_uid = megaport_port.port_1.product_uid
						ordered_vlan = 100
					}
					b_end = {
						requested_product_uid = megaport_port.port_2.product_uid
						ordered_vlan = 101
					}
				}`, locs[0], portName1, portName2, vxcName)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "contract_term_months", "12"),
				),
			},
		},
	})
}

// TestAccMegaportVXC_BasicUntagVLAN: untagged ends (VLAN -1) change their VLANs and are untagged again.
func TestAccUpstream_vxcUntagVLAN(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	locs := []int64{locationWith(t, offersPort(1000))}
	portName1 := uniqueName(t, "portName1")
	portName2 := uniqueName(t, "portName2")
	vxcName := uniqueName(t, "vxcName")
	vxcNameNew := uniqueName(t, "vxcNameNew")
	costCentreName := uniqueName(t, "costCentreName")
	costCentreNew := uniqueName(t, "costCentreNew")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
				data "megaport_location" "loc" {
					id = %d
				}
					resource "megaport_port" "port_1" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months        = 12
					marketplace_visibility = false
                  }
                  resource "megaport_port" "port_2" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months        = 12
					marketplace_visibility = false
                  }
                  resource "megaport_vxc" "vxc" {
                    product_name   = "%s"
                    rate_limit = 500
                    contract_term_months = 12
					cost_centre = "%s"

                    a_end = {
                        requested_product_uid = megaport_port.port_1.product_uid
						ordered_vlan = 100
                    }

                    b_end = {
                        requested_product_uid = megaport_port.port_2.product_uid
						ordered_vlan = 101
                    }
                  }
                  `, locs[0], portName1, portName2, vxcName, costCentreName)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "rate_limit", "500"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "contract_term_months", "12"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end.ordered_vlan", "100"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end.vlan", "100"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "b_end.ordered_vlan", "101"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "b_end.vlan", "101"),
				),
			},
			upstreamImportStep("netfab_vxc.vxc", upstreamVXCImportIgnore...),
			{
				Config: upstream(fmt.Sprintf(`
				data "megaport_location" "loc" {
					id = %d
				}
					resource "megaport_port" "port_1" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months        = 12
					marketplace_visibility = false
                  }
                  resource "megaport_port" "port_2" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months        = 12
					marketplace_visibility = false
                  }
                  resource "megaport_vxc" "vxc" {
                    product_name   = "%s"
                    rate_limit = 500
                    contract_term_months = 12
					cost_centre = "%s"

                    a_end = {
                        requested_product_uid = megaport_port.port_1.product_uid
                    }

                    b_end = {
                        requested_product_uid = megaport_port.port_2.product_uid
                    }
                  }
                  `, locs[0], portName1, portName2, vxcName, costCentreName)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "rate_limit", "500"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "contract_term_months", "12"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end.vlan", "100"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "b_end.vlan", "101"),
				),
			},
			{
				Config: upstream(fmt.Sprintf(`
				data "megaport_location" "loc" {
					id = %d
				}
					resource "megaport_port" "port_1" {
			        product_name  = "%s"
			        port_speed  = 1000
			        location_id = data.megaport_location.loc.id
			        contract_term_months        = 12
					cost_centre = "test"
					marketplace_visibility = false
			      }
			      resource "megaport_port" "port_2" {
			        product_name  = "%s"
			        port_speed  = 1000
			        location_id = data.megaport_location.loc.id
			        contract_term_months        = 12
					cost_centre = "test"
					marketplace_visibility = false
			      }
			      resource "megaport_vxc" "vxc" {
			        product_name   = "%s"
			        rate_limit = 500
					contract_term_months = 12
					cost_centre = "%s"

			        a_end = {
			            requested_product_uid = megaport_port.port_1.product_uid
						ordered_vlan = -1
			        }

			        b_end = {
			            requested_product_uid = megaport_port.port_2.product_uid
						ordered_vlan = -1
			        }
			      }
			      `, locs[0], portName1, portName2, vxcNameNew, costCentreNew)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "rate_limit", "500"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "contract_term_months", "12"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end.ordered_vlan", "-1"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc", "b_end.ordered_vlan", "-1"),
					resource.TestCheckNoResourceAttr("netfab_vxc.vxc", "a_end.vlan"),
					resource.TestCheckNoResourceAttr("netfab_vxc.vxc", "b_end.vlan"),
				),
			},
		},
	})
}

// TestAccMegaportMCRVXCWithBGP_Basic: the router interface with BFD and BGP, then its update.
func TestAccUpstream_vxcBGP(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	locs := []int64{locationWith(t, offersMCR), partnerLocation(t, "AWS")}
	mcrName := uniqueName(t, "mcrName")
	prefixFilterListName := uniqueName(t, "prefixFilterListName")
	vxcName1 := uniqueName(t, "vxcName1")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
				data "megaport_location" "loc1" {
					id = %d
				  }

				  data "megaport_location" "loc2" {
					id = %d
				  }

				  data "megaport_partner" "aws_port" {
					connect_type = "AWS"
					location_id  = data.megaport_location.loc2.id
				  }

				  resource "megaport_mcr" "mcr" {
					product_name            = "%s"
					location_id             = data.megaport_location.loc1.id
					contract_term_months    = 1
					port_speed              = 5000
					asn                     = 64555

					prefix_filter_lists = [{
					  description     = "%s"
					  address_family  = "IPv4"
					  entries = [
						{
						  action  = "permit"
						  prefix  = "10.0.1.0/24"
						  ge      = 24
						  le      = 24
						},
						{
						  action  = "deny"
						  prefix  = "10.0.2.0/24"
						  ge      = 24
						  le      = 24
						}
					  ]
					}]
				  }

				  resource "megaport_vxc" "aws_vxc" {
					product_name           = "%s"
					rate_limit             = 1000
					contract_term_months   = 1

					a_end = {
                      requested_product_uid = megaport_mcr.mcr.product_uid
					  ordered_vlan = 0
					}

					a_end_partner_config = {
					  partner = "vrouter"
					  vrouter_config = {
						interfaces = [{
							ip_addresses     = ["10.0.0.1/30"]
							nat_ip_addresses = ["10.0.0.1"]
						  bfd = {
							tx_interval   = 500
							rx_interval   = 400
							multiplier    = 5
						  }
						  bgp_connections = [
							{
							  peer_asn          = 64512
							  local_ip_address  = "10.0.0.1"
							  peer_ip_address   = "10.0.0.2"
							  password          = "notARealPassword"
							  shutdown          = false
							  description       = "BGP Connection 1"
							  med_in            = 100
							  med_out           = 100
							  bfd_enabled       = true
							  as_override       = true
							  export_policy     = "deny"
							  permit_export_to = ["10.0.1.2"]
							  import_whitelist = "%s"
							  as_path_prepend_count = 4
							}
						  ]
						}]
					  }
					}

					b_end = {
					  requested_product_uid = data.megaport_partner.aws_port.product_uid
					}

					b_end_partner_config = {
					  partner = "aws"
					  aws_config = {
						name            = "%s"
						asn             = 64550
						type            = "private"
						connect_type    = "AWSHC"
						amazon_asn      = 64551
						owner_account   = "684021030471"
					  }
					}

					resource_tags = {
						"key1" = "value1"
						"key2" = "value2"
					}
				  }
                  `, locs[0], locs[1], mcrName, prefixFilterListName, vxcName1, prefixFilterListName, vxcName1)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.aws_vxc", "a_end.ordered_vlan", "0"),
					resource.TestCheckResourceAttr("netfab_vxc.aws_vxc", "resource_tags.key1", "value1"),
					resource.TestCheckResourceAttr("netfab_vxc.aws_vxc", "resource_tags.key2", "value2"),
				),
			},
			upstreamImportStep("netfab_vxc.aws_vxc", upstreamVXCImportIgnore...),
			{
				Config: upstream(fmt.Sprintf(`
				data "megaport_location" "loc1" {
					id = %d
				  }

				  data "megaport_location" "loc2" {
					id = %d
				  }

				  data "megaport_partner" "aws_port" {
					connect_type = "AWS"
					location_id  = data.megaport_location.loc2.id
				  }

				  resource "megaport_mcr" "mcr" {
					product_name            = "%s"
					location_id             = data.megaport_location.loc1.id
					contract_term_months    = 1
					port_speed              = 5000
					asn                     = 64555

					prefix_filter_lists = [{
					  description     = "%s"
					  address_family  = "IPv4"
					  entries = [
						{
						  action  = "permit"
						  prefix  = "10.0.1.0/24"
						  ge      = 24
						  le      = 24
						},
						{
						  action  = "deny"
						  prefix  = "10.0.2.0/24"
						  ge      = 24
						  le      = 24
						}
					  ]
					}]
				  }

				  resource "megaport_vxc" "aws_vxc" {
					product_name           = "%s"
					rate_limit             = 1000
					contract_term_months   = 1

					a_end = {
                      requested_product_uid = megaport_mcr.mcr.product_uid
					  ordered_vlan = 0
					}

					a_end_partner_config = {
					  partner = "vrouter"
					  vrouter_config = {
						interfaces = [{
							ip_addresses     = ["10.0.0.1/30"]
							nat_ip_addresses = ["10.0.0.1"]
						  bfd = {
							tx_interval   = 500
							rx_interval   = 400
							multiplier    = 5
						  }
						  bgp_connections = [
							{
							  peer_asn          = 64512
							  local_ip_address  = "10.0.0.1"
							  peer_ip_address   = "10.0.0.2"
							  password          = "notARealPassword"
							  shutdown          = false
							  description       = "BGP Connection 1 updated"
							  med_in            = 100
							  med_out           = 100
							  bfd_enabled       = true
							  as_override       = true
							  export_policy     = "deny"
							  permit_export_to = ["10.0.1.2"]
							  import_whitelist = "%s"
							  as_path_prepend_count = 4
							}
						  ]
						}]
					  }
					}

					b_end = {
					  requested_product_uid = data.megaport_partner.aws_port.product_uid
					}

					b_end_partner_config = {
					  partner = "aws"
					  aws_config = {
						name            = "%s"
						asn             = 64550
						type            = "private"
						connect_type    = "AWSHC"
						amazon_asn      = 64551
						owner_account   = "684021030471"
					  }
					}

					resource_tags = {
						"key1updated" = "value1updated"
						"key2updated" = "value2updated"
					}
				  }
                  `, locs[0], locs[1], mcrName, prefixFilterListName, vxcName1, prefixFilterListName, vxcName1)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.aws_vxc", "a_end.ordered_vlan", "0"),
					resource.TestCheckResourceAttr("netfab_vxc.aws_vxc", "resource_tags.key1updated", "value1updated"),
					resource.TestCheckResourceAttr("netfab_vxc.aws_vxc", "resource_tags.key2updated", "value2updated"),
				),
			},
		},
	})
}

// TestAccMegaportOracleVXC_Basic: a port to Oracle FastConnect by virtual circuit ID.
func TestAccUpstream_vxcOracle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	locs := []int64{partnerLocation(t, "ORACLE")}
	oracleVCID := upstreamOracleVCID
	portName := uniqueName(t, "portName")
	oracleVXCName := uniqueName(t, "oracleVXCName")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
                data "megaport_location" "loc1" {
                    id = %d
                }

                resource "megaport_port" "port" {
                    product_name           = "%s"
                    port_speed             = 1000
                    location_id            = data.megaport_location.loc1.id
                    contract_term_months   = 12
                    marketplace_visibility = false
                }

                resource "megaport_vxc" "oracle_vxc" {
                    product_name            = "%s"
                    rate_limit              = 100
                    contract_term_months    = 1

                    a_end = {
                        requested_product_uid = megaport_port.port.product_uid
                        ordered_vlan          = 0
                    }

                    b_end = {}

                    b_end_partner_config = {
                        partner = "oracle"
                        oracle_config = {
                            virtual_circuit_id = "%s"
                        }
                    }
                }
                `, locs[0], portName, oracleVXCName, oracleVCID)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.oracle_vxc", "rate_limit", "100"),
					resource.TestCheckResourceAttr("netfab_vxc.oracle_vxc", "contract_term_months", "1"),
				),
			},
			upstreamImportStep("netfab_vxc.oracle_vxc", upstreamVXCImportIgnore...),
		},
	})
}

// TestAccMegaportVXC_InnerVLANUntagged: inner VLANs -1 (untagged) at both ends.
func TestAccUpstream_vxcInnerVLANUntagged(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	locs := []int64{locationWith(t, offersPort(1000))}
	portName1 := uniqueName(t, "portName1")
	portName2 := uniqueName(t, "portName2")
	vxcName := uniqueName(t, "vxcName")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
                data "megaport_location" "loc" {
                    id = %d
                }
                resource "megaport_port" "port_1" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months = 1
                    marketplace_visibility = false
                }
                resource "megaport_port" "port_2" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months = 1
                    marketplace_visibility = false
                }
                resource "megaport_vxc" "vxc_test" {
                    product_name = "%s"
                    rate_limit = 100
                    contract_term_months = 1
                    
                    a_end = {
                        requested_product_uid = megaport_port.port_1.product_uid
                        ordered_vlan = 310
                        inner_vlan = -1
                    }
                    
                    b_end = {
                        requested_product_uid = megaport_port.port_2.product_uid
                        ordered_vlan = 311
                        inner_vlan = -1
                    }
                }
                `, locs[0], portName1, portName2, vxcName)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.vxc_test", "a_end.inner_vlan", "-1"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc_test", "b_end.inner_vlan", "-1"),
				),
			},
		},
	})
}

// TestAccMegaportVXC_InnerVLANNull: no inner VLANs.
func TestAccUpstream_vxcInnerVLANNull(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	locs := []int64{locationWith(t, offersPort(1000))}
	portName1 := uniqueName(t, "portName1")
	portName2 := uniqueName(t, "portName2")
	vxcName := uniqueName(t, "vxcName")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
                data "megaport_location" "loc" {
                    id = %d
                }
                resource "megaport_port" "port_1" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months = 1
                    marketplace_visibility = false
                }
                resource "megaport_port" "port_2" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months = 1
                    marketplace_visibility = false
                }
                resource "megaport_vxc" "vxc_test" {
                    product_name = "%s"
                    rate_limit = 100
                    contract_term_months = 1
                    
                    a_end = {
                        requested_product_uid = megaport_port.port_1.product_uid
                        ordered_vlan = 310
                        // inner_vlan not specified (null)
                    }
                    
                    b_end = {
                        requested_product_uid = megaport_port.port_2.product_uid
                        ordered_vlan = 311
                        // inner_vlan not specified (null)
                    }
                }
                `, locs[0], portName1, portName2, vxcName)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckNoResourceAttr("netfab_vxc.vxc_test", "a_end.inner_vlan"),
					resource.TestCheckNoResourceAttr("netfab_vxc.vxc_test", "b_end.inner_vlan"),
				),
			},
		},
	})
}

// TestAccMegaportVXC_InnerVLANToUntagged: inner VLAN 456 changed to untagged.
func TestAccUpstream_vxcInnerVLANToUntagged(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	locs := []int64{locationWith(t, offersPort(1000))}
	initialInnerVLAN := 456
	portName1 := uniqueName(t, "portName1")
	portName2 := uniqueName(t, "portName2")
	vxcName := uniqueName(t, "vxcName")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
                data "megaport_location" "loc" {
                    id = %d
                }
                resource "megaport_port" "port_1" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months = 1
                    marketplace_visibility = false
                }
                resource "megaport_port" "port_2" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months = 1
                    marketplace_visibility = false
                }
                resource "megaport_vxc" "vxc_test" {
                    product_name = "%s"
                    rate_limit = 100
                    contract_term_months = 1
                    
                    a_end = {
                        requested_product_uid = megaport_port.port_1.product_uid
                        ordered_vlan = 310
                        inner_vlan = %d
                    }
                    
                    b_end = {
                        requested_product_uid = megaport_port.port_2.product_uid
                        ordered_vlan = 311
                        inner_vlan = %d
                    }
                }
                `, locs[0], portName1, portName2, vxcName, initialInnerVLAN, initialInnerVLAN)),
			},
			{
				Config: upstream(fmt.Sprintf(`
                data "megaport_location" "loc" {
                    id = %d
                }
                resource "megaport_port" "port_1" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months = 1
                    marketplace_visibility = false
                }
                resource "megaport_port" "port_2" {
                    product_name  = "%s"
                    port_speed  = 1000
                    location_id = data.megaport_location.loc.id
                    contract_term_months = 1
                    marketplace_visibility = false
                }
                resource "megaport_vxc" "vxc_test" {
                    product_name = "%s"
                    rate_limit = 100
                    contract_term_months = 1
                    
                    a_end = {
                        requested_product_uid = megaport_port.port_1.product_uid
                        ordered_vlan = 310
                        inner_vlan = -1
                    }
                    
                    b_end = {
                        requested_product_uid = megaport_port.port_2.product_uid
                        ordered_vlan = 311
                        inner_vlan = -1
                    }
                }
                `, locs[0], portName1, portName2, vxcName)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.vxc_test", "a_end.inner_vlan", "-1"),
					resource.TestCheckResourceAttr("netfab_vxc.vxc_test", "b_end.inner_vlan", "-1"),
				),
			},
		},
	})
}

// TestAccMegaportMVE_to_MVE_VXC: a VXC between two MVEs moved to two others.
func TestAccUpstream_vxcMVEToMVE(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	mveLocationID := locationWith(t, offersMVE)
	mveName1 := uniqueName(t, "mveName1")
	mveName2 := uniqueName(t, "mveName2")
	mveName3 := uniqueName(t, "mveName3")
	mveName4 := uniqueName(t, "mveName4")
	vxcName := uniqueName(t, "vxcName")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
                data "megaport_mve_images" "aruba" {
                    vendor_filter = "Aruba"
                    id_filter = %d
                }
                resource "megaport_mve" "mve_1" {
                    product_name         = "%s"
                    location_id          = %d
                    contract_term_months = 1
                    vnics = [
                      {
                        description = "Data Plane"
                      },
                      {
                        description = "Management Plane"  
                      },
                      {
                        description = "Control Plane"
                      }
                    ]
                    vendor_config = {
                      vendor        = "aruba"
                      product_size  = "SMALL"
					  mve_label     = "MVE 2/8"
                      image_id      = data.megaport_mve_images.aruba.mve_images.0.id
                      account_name  = "%s-1"
                      account_key   = "%s-1"
                      system_tag    = "Preconfiguration-aruba-test-1"
                    }
                }
                resource "megaport_mve" "mve_2" {
                    product_name         = "%s"
                    location_id          = %d
                    contract_term_months = 1
                    vnics = [
                      {
                        description = "Data Plane"
                      },
                      {
                        description = "Management Plane"  
                      },
                      {
                        description = "Control Plane"
                      }
                    ]
                    vendor_config = {
                      vendor        = "aruba"
                      product_size  = "SMALL"
					  mve_label     = "MVE 2/8"
                      image_id      = data.megaport_mve_images.aruba.mve_images.0.id
                      account_name  = "%s-2"
                      account_key   = "%s-2"
                      system_tag    = "Preconfiguration-aruba-test-2"
                    }
                }
                resource "megaport_mve" "mve_3" {
                    product_name         = "%s"
                    location_id          = %d
                    contract_term_months = 1
                    vnics = [
                      {
                        description = "Data Plane"
                      },
                      {
                        description = "Management Plane"  
                      },
                      {
                        description = "Control Plane"
                      }
                    ]
                    vendor_config = {
                      vendor        = "aruba"
                      product_size  = "SMALL"
					  mve_label     = "MVE 2/8"
                      image_id      = data.megaport_mve_images.aruba.mve_images.0.id
                      account_name  = "%s-3"
                      account_key   = "%s-3"
                      system_tag    = "Preconfiguration-aruba-test-3"
                    }
                }
                resource "megaport_mve" "mve_4" {
                    product_name         = "%s"
                    location_id          = %d
                    contract_term_months = 1
                    vnics = [
                      {
                        description = "Data Plane"
                      },
                      {
                        description = "Management Plane"  
                      },
                      {
                        description = "Control Plane"
                      }
                    ]
                    vendor_config = {
                      vendor        = "aruba"
                      product_size  = "SMALL"
					  mve_label     = "MVE 2/8"
                      image_id      = data.megaport_mve_images.aruba.mve_images.0.id
                      account_name  = "%s-4"
                      account_key   = "%s-4"
                      system_tag    = "Preconfiguration-aruba-test-4"
                    }
                }
                resource "megaport_vxc" "mve_vxc" {
                    product_name         = "%s"
                    rate_limit           = 100
                    contract_term_months = 1
                    a_end = {
                      requested_product_uid = megaport_mve.mve_1.product_uid
                      vnic_index            = 0
                    }
                    b_end = {
                      requested_product_uid = megaport_mve.mve_2.product_uid
                      vnic_index            = 0
                    }
                }
                `, upstreamArubaImageID, mveName1, mveLocationID, mveName1, mveName1, mveName2, mveLocationID, mveName2, mveName2, mveName3, mveLocationID, mveName3, mveName3, mveName4, mveLocationID, mveName4, mveName4, vxcName)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.mve_vxc", "a_end.vnic_index", "0"),
					resource.TestCheckResourceAttr("netfab_vxc.mve_vxc", "b_end.vnic_index", "0"),
				),
			},
			{
				Config: upstream(fmt.Sprintf(`
                data "megaport_mve_images" "aruba" {
                    vendor_filter = "Aruba"
                    id_filter = %d
                }
                resource "megaport_mve" "mve_1" {
                    product_name         = "%s"
                    location_id          = %d
                    contract_term_months = 1
                    vnics = [
                      {
                        description = "Data Plane"
                      },
                      {
                        description = "Management Plane"  
                      },
                      {
                        description = "Control Plane"
                      }
                    ]
                    vendor_config = {
                      vendor        = "aruba"
                      product_size  = "SMALL"
					  mve_label     = "MVE 2/8"
                      image_id      = data.megaport_mve_images.aruba.mve_images.0.id
                      account_name  = "%s-1"
                      account_key   = "%s-1"
                      system_tag    = "Preconfiguration-aruba-test-1"
                    }
                }
                resource "megaport_mve" "mve_2" {
                    product_name         = "%s"
                    location_id          = %d
                    contract_term_months = 1
                    vnics = [
                      {
                        description = "Data Plane"
                      },
                      {
                        description = "Management Plane"  
                      },
                      {
                        description = "Control Plane"
                      }
                    ]
                    vendor_config = {
                      vendor        = "aruba"
                      product_size  = "SMALL"
					  mve_label     = "MVE 2/8"
                      image_id      = data.megaport_mve_images.aruba.mve_images.0.id
                      account_name  = "%s-2"
                      account_key   = "%s-2"
                      system_tag    = "Preconfiguration-aruba-test-2"
                    }
                }
                resource "megaport_mve" "mve_3" {
                    product_name         = "%s"
                    location_id          = %d
                    contract_term_months = 1
                    vnics = [
                      {
                        description = "Data Plane"
                      },
                      {
                        description = "Management Plane"  
                      },
                      {
                        description = "Control Plane"
                      }
                    ]
                    vendor_config = {
                      vendor        = "aruba"
                      product_size  = "SMALL"
					  mve_label     = "MVE 2/8"
                      image_id      = data.megaport_mve_images.aruba.mve_images.0.id
                      account_name  = "%s-3"
                      account_key   = "%s-3"
                      system_tag    = "Preconfiguration-aruba-test-3"
                    }
                }
                resource "megaport_mve" "mve_4" {
                    product_name         = "%s"
                    location_id          = %d
                    contract_term_months = 1
                    vnics = [
                      {
                        description = "Data Plane"
                      },
                      {
                        description = "Management Plane"  
                      },
                      {
                        description = "Control Plane"
                      }
                    ]
                    vendor_config = {
                      vendor        = "aruba"
                      product_size  = "SMALL"
					  mve_label     = "MVE 2/8"
                      image_id      = data.megaport_mve_images.aruba.mve_images.0.id
                      account_name  = "%s-4"
                      account_key   = "%s-4"
                      system_tag    = "Preconfiguration-aruba-test-4"
                    }
                }
                resource "megaport_vxc" "mve_vxc" {
                    product_name         = "%s"
                    rate_limit           = 100
                    contract_term_months = 1
                    a_end = {
                      requested_product_uid = megaport_mve.mve_3.product_uid
                      vnic_index            = 1
                      inner_vlan            = -1
                    }
                    b_end = {
                      requested_product_uid = megaport_mve.mve_4.product_uid
                      vnic_index            = 1
                      inner_vlan            = -1
                    }
                }
                `, upstreamArubaImageID, mveName1, mveLocationID, mveName1, mveName1, mveName2, mveLocationID, mveName2, mveName2, mveName3, mveLocationID, mveName3, mveName3, mveName4, mveLocationID, mveName4, mveName4, vxcName)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.mve_vxc", "a_end.vnic_index", "1"),
					resource.TestCheckResourceAttr("netfab_vxc.mve_vxc", "b_end.vnic_index", "1"),
					resource.TestCheckResourceAttr("netfab_vxc.mve_vxc", "a_end.inner_vlan", "-1"),
					resource.TestCheckResourceAttr("netfab_vxc.mve_vxc", "b_end.inner_vlan", "-1"),
				),
			},
		},
	})
}

// TestAccMegaportVXC_MVEVnicIndexUpdate: the MVE end moves from vNIC 0 to 1 and back.
func TestAccUpstream_vxcMVEVnicIndex(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	locs := []int64{locationWith(t, offersPort(1000))}
	mveLocationID := mveLocationInZone(t, "blue")
	portName := uniqueName(t, "portName")
	mveName := uniqueName(t, "mveName")
	vxcName := uniqueName(t, "vxcName")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
                // Create a port
                resource "megaport_port" "test_port" {
                    product_name         = "%s"
                    port_speed           = 1000
                    location_id          = %d
                    contract_term_months = 1
                    marketplace_visibility = false
                }
                
                // Create an MVE
                resource "megaport_mve" "test_mve" {
                    product_name         = "%s"
                    location_id          = %d
                    contract_term_months = 1
                    diversity_zone       = "blue"

                    vnics = [
                        {
                            description = "Data Plane"
                        },
                        {
                            description = "Management Plane"
                        },
                        {
                            description = "Control Plane"
                        }
                    ]

                    vendor_config = {
                        vendor       = "aruba"
                        product_size = "SMALL"
                        mve_label    = "MVE 2/8"
                        image_id     = %d
                        account_name = "%s-account"
                        account_key  = "%s-key"
                        system_tag   = "Preconfiguration-test-1"
                    }
                }

                // Connect port to MVE with VXC
                resource "megaport_vxc" "port_to_mve" {
                    product_name         = "%s"
                    rate_limit           = 100
                    contract_term_months = 1
                    
                    a_end = {
                        requested_product_uid = megaport_port.test_port.product_uid
                        ordered_vlan          = 100
                    }
                    
                    b_end = {
                        requested_product_uid = megaport_mve.test_mve.product_uid
                        vnic_index            = 0
                        ordered_vlan          = 101
                    }
                }
                `, portName, locs[0], mveName, mveLocationID, upstreamArubaImageID, mveName, mveName, vxcName)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.port_to_mve", "b_end.vnic_index", "0"),
				),
			},
			{
				Config: upstream(fmt.Sprintf(`
                // Create a port
                resource "megaport_port" "test_port" {
                    product_name         = "%s"
                    port_speed           = 1000
                    location_id          = %d
                    contract_term_months = 1
                    marketplace_visibility = false
                }

                // Create an MVE
                resource "megaport_mve" "test_mve" {
                    product_name         = "%s"
                    location_id          = %d
                    contract_term_months = 1
                    diversity_zone       = "blue"

                    vnics = [
                        {
                            description = "Data Plane"
                        },
                        {
                            description = "Management Plane"
                        },
                        {
                            description = "Control Plane"
                        }
                    ]

                    vendor_config = {
                        vendor       = "aruba"
                        product_size = "SMALL"
                        mve_label    = "MVE 2/8"
                        image_id     = %d
                        account_name = "%s-account"
                        account_key  = "%s-key"
                        system_tag   = "Preconfiguration-test-1"
                    }
                }

                // Connect port to MVE with VXC - updated VNIC index
                resource "megaport_vxc" "port_to_mve" {
                    product_name         = "%s"
                    rate_limit           = 100
                    contract_term_months = 1

                    a_end = {
                        requested_product_uid = megaport_port.test_port.product_uid
                        ordered_vlan          = 100
                    }

                    b_end = {
                        requested_product_uid = megaport_mve.test_mve.product_uid
                        vnic_index            = 1  // Changed from 0 to 1
                        ordered_vlan          = 101
                    }
                }
                `, portName, locs[0], mveName, mveLocationID, upstreamArubaImageID, mveName, mveName, vxcName)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.port_to_mve", "b_end.vnic_index", "1"),
				),
			},
			{
				Config: upstream(fmt.Sprintf(`
                resource "megaport_port" "test_port" {
                    product_name         = "%s"
                    port_speed           = 1000
                    location_id          = %d
                    contract_term_months = 1
                    marketplace_visibility = false
                }
                resource "megaport_mve" "test_mve" {
                    product_name         = "%s"
                    location_id          = %d
                    contract_term_months = 1
                    vnics = [
                        { description = "Data Plane" },
                        { description = "Management Plane" },
                        { description = "Control Plane" }
                    ]
                    vendor_config = {
                        vendor       = "aruba"
                        product_size = "SMALL"
                        mve_label    = "MVE 2/8"
                        image_id     = %d
                        account_name = "%s-account"
                        account_key  = "%s-key"
                        system_tag   = "Preconfiguration-test-1"
                    }
                }
                resource "megaport_vxc" "port_to_mve" {
                    product_name         = "%s"
                    rate_limit           = 100
                    contract_term_months = 1
                    a_end = {
                        requested_product_uid = megaport_port.test_port.product_uid
                        ordered_vlan          = 100
                    }
                    b_end = {
                        requested_product_uid = megaport_mve.test_mve.product_uid
                        vnic_index            = 1
                        ordered_vlan          = 101
                    }
                }
                `, portName, locs[0], mveName, mveLocationID, upstreamArubaImageID, mveName, mveName, vxcName)),
			},
		},
	})
}

// TestMVE_TransitVXC: an MVE vNIC to internet transit.
func TestAccUpstream_vxcMVETransit(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	mveLocID := mveLocationWithPartner(t, "TRANSIT")
	mveName := uniqueName(t, "mveName")
	transitVXCName := uniqueName(t, "transitVXCName")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
				data "megaport_location" "loc1" {
					id = %d
				  }

				  data "megaport_partner" "internet_port" {
					connect_type  = "TRANSIT"
					location_id   = data.megaport_location.loc1.id
				  }

				  resource "megaport_mve" "mve" {
					product_name           = "%s"
					location_id            = data.megaport_location.loc1.id
					contract_term_months   = 1

					vnics = [
					  {
						description = "Data Plane"
					  },
					  {
						description = "Management Plane"
					  },
					  {
						description = "Control Plane"
					  }
					]

					vendor_config = {
					  vendor        = "aruba"
					  product_size  = "SMALL"
					  mve_label     = "MVE 2/8"
					  image_id      = %d
					  account_name  = "%s"
					  account_key   = "%s"
					  system_tag    = "Preconfiguration-aruba-test-1"
					}
				  }

				  resource "megaport_vxc" "transit_vxc" {
					product_name         = "%s"
					rate_limit           = 100
					contract_term_months = 1

					a_end = {
					  requested_product_uid = megaport_mve.mve.product_uid
					  vnic_index            = 2
					}

					b_end = {
					  requested_product_uid = data.megaport_partner.internet_port.product_uid
					}

					b_end_partner_config = {
					  partner = "transit"
					}
				  }
                  `, mveLocID, mveName, upstreamArubaImageID, mveName, mveName, transitVXCName)),
			},
			upstreamImportStep("netfab_vxc.transit_vxc", upstreamVXCImportIgnore...),
		},
	})
}

// TestMVE_AWS_VXC: an MVE to an AWS hosted VIF, then its update.
func TestAccUpstream_vxcMVEAWS(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	mveLocID := locationWith(t, offersMVE)
	awsLocs := []int64{partnerLocation(t, "AWS")}
	portName := uniqueName(t, "portName")
	costCentreName := uniqueName(t, "costCentreName")
	mveName := uniqueName(t, "mveName")
	awsVXCName := uniqueName(t, "awsVXCName")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
				data "megaport_location" "loc1" {
					id = %d
				  }

				  data "megaport_location" "syd_gs" {
					id = %d
				  }

				  data "megaport_partner" "aws_port" {
					connect_type = "AWS"
					location_id  = data.megaport_location.syd_gs.id
				  }

				  resource "megaport_port" "port" {
					product_name            = "%s"
					port_speed              = 1000
					location_id             = data.megaport_location.loc1.id
					contract_term_months    = 12
					marketplace_visibility  = true
					cost_centre = "%s"
				  }

				resource "megaport_mve" "mve" {
                    product_name  = "%s"
                    location_id = data.megaport_location.loc1.id
                    contract_term_months        = 1

					vnics = [
						{
							description = "to_aws"
						},
						{
								description = "to_port"
						},
					]

                    vendor_config = {
                        vendor = "aruba"
                        product_size = "SMALL"
						mve_label     = "MVE 2/8"
                        image_id = %d
						account_name = "%s"
						account_key = "%s"
						system_tag = "Preconfiguration-aruba-test-1"
                    }
                  }

				  resource "megaport_vxc" "aws_vxc" {
					product_name            = "%s"
					rate_limit              = 100
					contract_term_months    = 1

					a_end = {
						requested_product_uid = megaport_mve.mve.product_uid
						inner_vlan            = 100
						vnic_index            = 0
					}

					b_end = {
						requested_product_uid = data.megaport_partner.aws_port.product_uid
					}

					b_end_partner_config = {
					  partner = "aws"
					  aws_config = {
						name          = "%s"
						asn           = 65121
						type          = "private"
						connect_type  = "AWSHC"
						amazon_asn    = 64512
						owner_account = "123456789012"
					  }
					}

					resource_tags = {
						"key1" = "value1"
						"key2" = "value2"
					}
				  }

                  `, mveLocID, awsLocs[0], portName, costCentreName, mveName, upstreamArubaImageID, mveName, mveName, awsVXCName, awsVXCName)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.aws_vxc", "a_end.inner_vlan", "100"),
					resource.TestCheckResourceAttr("netfab_vxc.aws_vxc", "resource_tags.key1", "value1"),
					resource.TestCheckResourceAttr("netfab_vxc.aws_vxc", "resource_tags.key2", "value2"),
				),
			},
			upstreamImportStep("netfab_vxc.aws_vxc", upstreamVXCImportIgnore...),
			{
				Config: upstream(fmt.Sprintf(`
				data "megaport_location" "loc1" {
					id = %d
				  }

				  data "megaport_location" "loc2" {
					id = %d
				  }

				  data "megaport_partner" "aws_port" {
					connect_type = "AWS"
					location_id  = data.megaport_location.loc2.id
				  }

				  resource "megaport_port" "port" {
					product_name            = "%s"
					port_speed              = 1000
					location_id             = data.megaport_location.loc1.id
					contract_term_months    = 12
					marketplace_visibility  = true
					cost_centre = "%s"
				  }

				resource "megaport_mve" "mve" {
                    product_name  = "%s"
                    location_id = data.megaport_location.loc1.id
                    contract_term_months        = 1

					vnics = [
						{
							description = "to_aws"
						},
						{
								description = "to_port"
						},
					]

                    vendor_config = {
                        vendor = "aruba"
                        product_size = "SMALL"
						mve_label     = "MVE 2/8"
                        image_id = %d
						account_name = "%s"
						account_key = "%s"
						system_tag = "Preconfiguration-aruba-test-1"
                    }
                  }

				  resource "megaport_vxc" "aws_vxc" {
					product_name            = "%s"
					rate_limit              = 100
					contract_term_months    = 1

					a_end = {
						requested_product_uid = megaport_mve.mve.product_uid
						inner_vlan            = 99
						vnic_index            = 0
					}

					b_end = {
						requested_product_uid = data.megaport_partner.aws_port.product_uid
					}

					b_end_partner_config = {
					  partner = "aws"
					  aws_config = {
						name          = "%s"
						asn           = 65121
						type          = "private"
						connect_type  = "AWSHC"
						amazon_asn    = 64512
						owner_account = "123456789012"
					  }
					}
					resource_tags = {
						"key1updated" = "value1updated"
						"key2updated" = "value2updated"
					}
				  }

                  `, mveLocID, awsLocs[0], portName, costCentreName, mveName, upstreamArubaImageID, mveName, mveName, awsVXCName, awsVXCName)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_vxc.aws_vxc", "a_end.inner_vlan", "99"),
					resource.TestCheckResourceAttr("netfab_vxc.aws_vxc", "resource_tags.key1updated", "value1updated"),
					resource.TestCheckResourceAttr("netfab_vxc.aws_vxc", "resource_tags.key2updated", "value2updated"),
				),
			},
		},
	})
}

// TestGCPVXCWithProductUID: an MCR to Google Cloud on a named partner port.
func TestAccUpstream_vxcGoogleByPort(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	gcp := upstreamCSP(t, "GOOGLE", upstreamGooglePairingKey)
	mcrName := uniqueName(t, "mcrName")
	mcrCostCentreName := uniqueName(t, "mcrCostCentreName")
	gcpCostCentreName := uniqueName(t, "gcpCostCentreName")
	gcpVXCName := uniqueName(t, "gcpVXCName")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
				  resource "megaport_mcr" "mcr" {
					product_name            = "%s"
					port_speed              = 2500
					location_id             = %d
					contract_term_months    = 1
					asn                      = 64555
					cost_centre = "%s"
				  }

				  resource "megaport_vxc" "gcp_vxc" {
					product_name            = "%s"
					rate_limit              = 1000
					contract_term_months    = 12
					cost_centre             = "%s"

					a_end = {
					  requested_product_uid = megaport_mcr.mcr.product_uid
					  ordered_vlan = 182
					}

					b_end = {
					  requested_product_uid = "%s"
					}

					b_end_partner_config = {
					  partner = "google"
					  google_config = {
						pairing_key = "%s"
					  }
					}
				  }
                  `, mcrName, gcp.LocationID, mcrCostCentreName, gcpVXCName, gcpCostCentreName, gcp.PartnerPortUID, gcp.Key)),
			},
		},
	})
}

// TestAzureVXCWithProductUID: an MCR to Azure ExpressRoute on a named partner port.
func TestAccUpstream_vxcAzureByPort(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	azure := upstreamCSP(t, "AZURE", upstreamAzureServiceKey)
	mcrLocationID := locationWith(t, offersMCR)
	mcrName := uniqueName(t, "mcrName")
	mcrCostCentreName := uniqueName(t, "mcrCostCentreName")
	azureCostCentreName := uniqueName(t, "azureCostCentreName")
	azureVXCName := uniqueName(t, "azureVXCName")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
				data "megaport_location" "loc1" {
					id = %d
				  }

				  resource "megaport_mcr" "mcr" {
					product_name            = "%s"
					port_speed              = 2500
					location_id             = data.megaport_location.loc1.id
					contract_term_months    = 1
					asn                      = 64555
					cost_centre = "%s"
				  }

				  resource "megaport_vxc" "azure_vxc" {
					product_name            = "%s"
					rate_limit              = 1000
					contract_term_months    = 12
					cost_centre             = "%s"

					a_end = {
					  requested_product_uid = megaport_mcr.mcr.product_uid
					  ordered_vlan = 182
					}

					b_end = {
					  requested_product_uid = "%s"
					}

					b_end_partner_config = {
					  partner = "azure"
					  azure_config = {
						service_key = "%s"
						port_choice = "secondary"
					  }
					}
				  }
                  `, mcrLocationID, mcrName, mcrCostCentreName, azureVXCName, azureCostCentreName, azure.PartnerPortUID, azure.Key)),
			},
		},
	})
}

// TestAccMegaportServiceKey_SingleUseWithVLAN: a single-use key with a VLAN.
func TestAccUpstream_serviceKeySingleUse(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	locationID := locationWith(t, offersPort(1000))
	portName := uniqueName(t, "portName")
	costCentreName := uniqueName(t, "costCentreName")
	keyDescription := uniqueName(t, "keyDescription")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
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

				resource "megaport_service_key" "test_single" {
					product_uid = megaport_port.port.product_uid
					description = "%s"
					max_speed   = 100
					single_use  = true
					active      = true
					vlan        = 100
				}
				`, locationID, portName, costCentreName, keyDescription)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_service_key.test_single", "single_use", "true"),
					resource.TestCheckResourceAttr("netfab_service_key.test_single", "vlan", "100"),
					resource.TestCheckResourceAttr("netfab_service_key.test_single", "max_speed", "100"),
					resource.TestCheckResourceAttr("netfab_service_key.test_single", "active", "true"),
				),
			},
		},
	})
}

// TestAccMegaportServiceKey_ValidFor: a key valid for a window, whose window then changes.
func TestAccUpstream_serviceKeyValidFor(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	locationID := locationWith(t, offersPort(1000))
	portName := uniqueName(t, "portName")
	costCentreName := uniqueName(t, "costCentreName")
	keyDescription := uniqueName(t, "keyDescription")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: upstream(fmt.Sprintf(`
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

				resource "megaport_service_key" "test_valid_for" {
					product_uid = megaport_port.port.product_uid
					description = "%s"
					max_speed   = 500
					single_use  = false
					active      = true

					valid_for = {
						start_time = "2025-01-01T00:00:00Z"
						end_time   = "2026-12-31T23:59:59Z"
					}
				}
				`, locationID, portName, costCentreName, keyDescription)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_service_key.test_valid_for", "active", "true"),
				),
			},
			{
				Config: upstream(fmt.Sprintf(`
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

				resource "megaport_service_key" "test_valid_for" {
					product_uid = megaport_port.port.product_uid
					description = "%s"
					max_speed   = 500
					single_use  = false
					active      = true

					valid_for = {
						start_time = "2025-01-01T00:00:00Z"
						end_time   = "2027-06-30T23:59:59Z"
					}
				}
				`, locationID, portName, costCentreName, keyDescription)),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("netfab_service_key.test_valid_for", "active", "true"),
				),
			},
		},
	})
}

// TestAccMegaportVXC_PromoCode: a promotion code set, changed and removed in place.
func TestAccUpstream_vxcPromoCode(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	locs := []int64{locationWith(t, offersPort(1000))}
	portName1, portName2, vxcName := uniqueName(t, "p1"), uniqueName(t, "p2"), uniqueName(t, "vxc")
	const initialPromo, otherPromo = "tf-acc-test-promo-initial", "tf-acc-test-promo-other"
	configFor := func(promoLine string) string {
		return upstream(fmt.Sprintf(`
		data "megaport_location" "loc" {
			id = %d
		}
		resource "megaport_port" "port_1" {
			product_name           = "%s"
			port_speed             = 1000
			location_id            = data.megaport_location.loc.id
			contract_term_months   = 1
			marketplace_visibility = false
		}
		resource "megaport_port" "port_2" {
			product_name           = "%s"
			port_speed             = 1000
			location_id            = data.megaport_location.loc.id
			contract_term_months   = 1
			marketplace_visibility = false
		}
		resource "megaport_vxc" "vxc" {
			product_name         = "%s"
			rate_limit           = 200
			contract_term_months = 1
			%s
			a_end = {
				requested_product_uid = megaport_port.port_1.product_uid
				ordered_vlan          = 100
				inner_vlan            = 300
			}
			b_end = {
				requested_product_uid = megaport_port.port_2.product_uid
				ordered_vlan          = 101
				inner_vlan            = 301
			}
		}`, locs[0], portName1, portName2, vxcName, promoLine))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: configFor(fmt.Sprintf(`promo_code = "%s"`, initialPromo)), Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("netfab_vxc.vxc", "promo_code", initialPromo),
				productPromoCode("netfab_vxc.vxc", initialPromo),
			)},
			{Config: configFor(fmt.Sprintf(`promo_code = "%s"`, otherPromo)), Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("netfab_vxc.vxc", "promo_code", otherPromo),
				productPromoCode("netfab_vxc.vxc", otherPromo),
			)},
			{Config: configFor(""), Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckNoResourceAttr("netfab_vxc.vxc", "promo_code"),
				productPromoCode("netfab_vxc.vxc", ""),
			)},
		},
	})
}

// TestAccMegaportMCRVXC_BEndIpMtu: two routers joined, both interfaces's IP MTU changed in place.
func TestAccUpstream_vxcIPMTU(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	locs := []int64{locationWith(t, offersMCR)}
	mcrNameA, mcrNameB, vxcName := uniqueName(t, "mcra"), uniqueName(t, "mcrb"), uniqueName(t, "vxc")
	vxcConfig := func(ipMtu int) string {
		return upstream(fmt.Sprintf(`
			data "megaport_location" "loc" {
				id = %d
			}

			resource "megaport_mcr" "mcr_a" {
				product_name         = "%s"
				location_id          = data.megaport_location.loc.id
				contract_term_months = 1
				port_speed           = 1000
				asn                  = 64555
			}

			resource "megaport_mcr" "mcr_b" {
				product_name         = "%s"
				location_id          = data.megaport_location.loc.id
				contract_term_months = 1
				port_speed           = 1000
				asn                  = 64556
			}

			resource "megaport_vxc" "vxc" {
				product_name         = "%s"
				rate_limit           = 500
				contract_term_months = 1

				a_end = {
					requested_product_uid = megaport_mcr.mcr_a.product_uid
					ordered_vlan          = 100
				}

				a_end_partner_config = {
					partner = "vrouter"
					vrouter_config = {
						interfaces = [{
							ip_addresses = ["10.0.0.1/30"]
							ip_mtu       = %d
							bgp_connections = [{
								peer_asn         = 64556
								local_ip_address = "10.0.0.1"
								peer_ip_address  = "10.0.0.2"
								shutdown         = false
								description      = "A-End BGP"
								med_in           = 100
								med_out          = 100
								bfd_enabled      = false
								export_policy    = "permit"
							}]
						}]
					}
				}

				b_end = {
					requested_product_uid = megaport_mcr.mcr_b.product_uid
					ordered_vlan          = 200
				}

				b_end_partner_config = {
					partner = "vrouter"
					vrouter_config = {
						interfaces = [{
							ip_addresses = ["10.0.0.2/30"]
							ip_mtu       = %d
							bgp_connections = [{
								peer_asn         = 64555
								local_ip_address = "10.0.0.2"
								peer_ip_address  = "10.0.0.1"
								shutdown         = false
								description      = "B-End BGP"
								med_in           = 100
								med_out          = 100
								bfd_enabled      = false
								export_policy    = "permit"
							}]
						}]
					}
				}
			}
		`, locs[0], mcrNameA, mcrNameB, vxcName, ipMtu, ipMtu))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: vxcConfig(9000), Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end_partner_config.vrouter_config.interfaces.0.ip_mtu", "9000"),
				resource.TestCheckResourceAttr("netfab_vxc.vxc", "b_end_partner_config.vrouter_config.interfaces.0.ip_mtu", "9000"),
			)},
			{Config: vxcConfig(1500), Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end_partner_config.vrouter_config.interfaces.0.ip_mtu", "1500"),
				resource.TestCheckResourceAttr("netfab_vxc.vxc", "b_end_partner_config.vrouter_config.interfaces.0.ip_mtu", "1500"),
			)},
		},
	})
}

// TestAccMegaportVXC_TransitInternetTagsUpdate: tags added to an internet transit VXC with auto-assigned VLANs (0).
func TestAccUpstream_vxcTransitTags(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	mcrLocationID := mcrLocationWithPartner(t, "TRANSIT")
	mcrName, vxcName := uniqueName(t, "mcr"), uniqueName(t, "vxc")
	baseConfig := func(extraVXCAttrs string) string {
		return upstream(fmt.Sprintf(`
			data "megaport_location" "mcr_loc" {
				id = %d
			}

			data "megaport_partner" "internet_port" {
				connect_type = "TRANSIT"
				location_id  = data.megaport_location.mcr_loc.id
			}

			resource "megaport_mcr" "mcr" {
				product_name         = "%s"
				location_id          = data.megaport_location.mcr_loc.id
				contract_term_months = 1
				port_speed           = 1000
				asn                  = 64555
			}

			resource "megaport_vxc" "transit_vxc" {
				product_name         = "%s"
				rate_limit           = 100
				contract_term_months = 1

				a_end = {
					requested_product_uid = megaport_mcr.mcr.product_uid
					ordered_vlan          = 0
				}

				b_end = {
					requested_product_uid = data.megaport_partner.internet_port.product_uid
					ordered_vlan          = 0
				}

				%s
			}
		`, mcrLocationID, mcrName, vxcName, extraVXCAttrs))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: baseConfig(""), Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("netfab_vxc.transit_vxc", "a_end.ordered_vlan", "0"),
				resource.TestCheckResourceAttr("netfab_vxc.transit_vxc", "b_end.ordered_vlan", "0"),
			)},
			{Config: baseConfig(`
					resource_tags = {
						owner = "esd-1101"
					}
				`), Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("netfab_vxc.transit_vxc", "resource_tags.owner", "esd-1101"),
				resource.TestCheckResourceAttr("netfab_vxc.transit_vxc", "a_end.ordered_vlan", "0"),
				resource.TestCheckResourceAttr("netfab_vxc.transit_vxc", "b_end.ordered_vlan", "0"),
			)},
		},
	})
}

// TestAccMegaportVXC_NATGatewayAEnd: a NAT gateway's VXC with a packet
// filter on its interface, renamed and its rate changed. One line differs
// from upstream's: packet_filter_in takes the filter's number, which
// upstream's packet filter has as its id and ours as
// nat_gateway_packet_filter_id (our id is "<gateway UID>:<number>", the
// import ID, as every netfab child resource's).
func TestAccUpstream_vxcNATGatewayAEnd(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	speed, sessionCount := upstreamNATSessions(t)
	locationID := natAndPortLocation(t)
	natGWName, portName, pfDescription := uniqueName(t, "nat"), uniqueName(t, "port"), uniqueName(t, "pf")
	vxcName, vxcNameUpdated := uniqueName(t, "vxc"), uniqueName(t, "vxc-new")
	configFor := func(vxcDisplayName string, rateLimit int) string {
		return upstream(fmt.Sprintf(`
data "megaport_location" "loc" {
    id = %d
}

resource "megaport_nat_gateway" "nat" {
    product_name         = "%s"
    location_id          = data.megaport_location.loc.id
    speed                = %d
    session_count        = %d
    contract_term_months = 1
    diversity_zone       = "red"
    asn                  = 64512
}

resource "megaport_port" "port" {
    product_name         = "%s"
    location_id          = data.megaport_location.loc.id
    port_speed           = 1000
    contract_term_months = 1
    marketplace_visibility = false
}

resource "megaport_nat_gateway_packet_filter" "pf" {
    nat_gateway_product_uid = megaport_nat_gateway.nat.product_uid
    description             = "%s"
    entries = [
        {
            action              = "permit"
            description         = "allow https"
            source_address      = "0.0.0.0/0"
            destination_address = "10.0.0.0/30"
            destination_ports   = "443"
            ip_protocol         = 6
        },
        {
            action              = "deny"
            source_address      = "0.0.0.0/0"
            destination_address = "0.0.0.0/0"
        }
    ]
}

resource "megaport_vxc" "vxc" {
    product_name         = "%s"
    rate_limit           = %d
    contract_term_months = 1

    a_end = {
        requested_product_uid = megaport_nat_gateway.nat.product_uid
        ordered_vlan          = 100
    }

    a_end_partner_config = {
        partner = "vrouter"
        vrouter_config = {
            interfaces = [{
                description      = "nat-gw-to-port"
                ip_addresses     = ["10.0.0.1/30"]
                packet_filter_in = megaport_nat_gateway_packet_filter.pf.nat_gateway_packet_filter_id
                bgp_connections = [{
                    peer_asn         = 64600
                    local_ip_address = "10.0.0.1"
                    peer_ip_address  = "10.0.0.2"
                    shutdown         = true
                    description      = "no live peer on B-End port"
                    bfd_enabled      = false
                    export_policy    = "permit"
                }]
            }]
        }
    }

    b_end = {
        requested_product_uid = megaport_port.port.product_uid
        ordered_vlan          = 200
    }
}
`, locationID, natGWName, speed, sessionCount, portName, pfDescription, vxcDisplayName, rateLimit))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: configFor(vxcName, 100), Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("netfab_vxc.vxc", "rate_limit", "100"),
				resource.TestCheckResourceAttrPair("netfab_vxc.vxc", "a_end.current_product_uid", "netfab_nat_gateway.nat", "product_uid"),
				resource.TestCheckResourceAttrPair("netfab_vxc.vxc", "a_end_partner_config.vrouter_config.interfaces.0.packet_filter_in",
					"netfab_nat_gateway_packet_filter.pf", "nat_gateway_packet_filter_id"),
			)},
			{Config: configFor(vxcNameUpdated, 200), Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("netfab_vxc.vxc", "product_name", vxcNameUpdated),
				resource.TestCheckResourceAttr("netfab_vxc.vxc", "rate_limit", "200"),
			)},
		},
	})
}

// TestAccMegaportVXC_NATGatewayPrefixListBGP: BGP on a NAT gateway's VXC filtered by the gateway's prefix list, named by its description.
func TestAccUpstream_vxcNATGatewayPrefixListBGP(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	speed, sessionCount := upstreamNATSessions(t)
	locationID := natAndPortLocation(t)
	natGWName, portName, plDescription, vxcName := uniqueName(t, "nat"), uniqueName(t, "port"), uniqueName(t, "pl"), uniqueName(t, "vxc")
	config := upstream(fmt.Sprintf(`
data "megaport_location" "loc" {
    id = %d
}

resource "megaport_nat_gateway" "nat" {
    product_name         = "%s"
    location_id          = data.megaport_location.loc.id
    speed                = %d
    session_count        = %d
    contract_term_months = 1
    diversity_zone       = "red"
    asn                  = 64512
}

resource "megaport_port" "port" {
    product_name           = "%s"
    location_id            = data.megaport_location.loc.id
    port_speed             = 1000
    contract_term_months   = 1
    marketplace_visibility = false
}

resource "megaport_nat_gateway_prefix_list" "pl" {
    nat_gateway_product_uid = megaport_nat_gateway.nat.product_uid
    description             = "%s"
    address_family          = "IPv4"
    entries = [
        {
            action = "permit"
            prefix = "10.0.0.0/8"
            ge     = 24
            le     = 32
        },
        {
            action = "deny"
            prefix = "192.168.0.0/16"
        }
    ]
}

resource "megaport_vxc" "vxc" {
    product_name         = "%s"
    rate_limit           = 100
    contract_term_months = 1

    a_end = {
        requested_product_uid = megaport_nat_gateway.nat.product_uid
        ordered_vlan          = 100
    }

    a_end_partner_config = {
        partner = "vrouter"
        vrouter_config = {
            interfaces = [{
                description  = "nat-gw-bgp-filtered"
                ip_addresses = ["10.0.0.1/30"]
                bgp_connections = [{
                    peer_asn         = 64600
                    local_ip_address = "10.0.0.1"
                    peer_ip_address  = "10.0.0.2"
                    shutdown         = true
                    description      = "filtered by NGW prefix list"
                    bfd_enabled      = false
                    export_policy    = "permit"
                    import_whitelist = "%s"
                    export_whitelist = "%s"
                }]
            }]
        }
    }

    b_end = {
        requested_product_uid = megaport_port.port.product_uid
        ordered_vlan          = 200
    }

    depends_on = [megaport_nat_gateway_prefix_list.pl]
}
`, locationID, natGWName, speed, sessionCount, portName, plDescription, vxcName, plDescription, plDescription))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config, Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end_partner_config.vrouter_config.interfaces.0.bgp_connections.0.import_whitelist", plDescription),
				resource.TestCheckResourceAttr("netfab_vxc.vxc", "a_end_partner_config.vrouter_config.interfaces.0.bgp_connections.0.export_whitelist", plDescription),
			)},
		},
	})
}

// What upstream's helpers pick from its own account, here from the sandbox's
// catalogue: keys and a virtual circuit ID of the shapes the clouds give.
const (
	upstreamGooglePairingKey = "7e51371e-72a3-40b5-b844-2e3efefaee59/australia-southeast1/2"
	upstreamAzureServiceKey  = "1b2329a5-56dc-45d0-8a0d-87b706297777"
	// upstreamArubaImageID is the Aruba image upstream's VXC tests name
	// (its MVEArubaImageID).
	upstreamArubaImageID = 152
	upstreamOracleVCID   = "ocid1.virtualcircuit.oc1.ap-sydney-1.aaaaaaaa4bq7xdxm4nppv3mkqyh2cbanexz"
)

// upstreamCSPKey is what upstream's pickCSPKey answers: a partner port of
// the cloud open to VXCs, its location, and the key to order with.
type upstreamCSPKey struct {
	LocationID     int64
	PartnerPortUID string
	Key            string
}

func upstreamCSP(t *testing.T, connectType, key string) upstreamCSPKey {
	t.Helper()
	ports, err := api.PartnerPorts(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ports {
		if p.ConnectType == connectType && p.VXCPermitted {
			return upstreamCSPKey{LocationID: p.LocationID, PartnerPortUID: p.ProductUID, Key: key}
		}
	}
	t.Fatalf("no open %s partner port", connectType)
	return upstreamCSPKey{}
}

// mveLocationInZone is a location offering MVEs in the diversity zone.
func mveLocationInZone(t *testing.T, zone string) int64 {
	t.Helper()
	locs, err := api.Locations(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range locs {
		if l.Products.MVE && slices.Contains(l.Products.DiversityZones, zone) {
			return l.ID
		}
	}
	t.Fatalf("no location offers MVEs in the %s zone", zone)
	return 0
}

// mveLocationWithPartner is a location offering MVEs with an open partner
// port of the connect type.
func mveLocationWithPartner(t *testing.T, connectType string) int64 {
	t.Helper()
	locs, err := api.Locations(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	ports, err := api.PartnerPorts(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range locs {
		for _, p := range ports {
			if l.Products.MVE && p.LocationID == l.ID && p.ConnectType == connectType && p.VXCPermitted {
				return l.ID
			}
		}
	}
	t.Fatalf("no location offers MVEs and an open %s partner port", connectType)
	return 0
}

// mcrLocationWithPartner is a location offering 1 Gbps MCRs with an open
// partner port of the connect type (upstream's
// findMCRWithPartnerTestLocation).
func mcrLocationWithPartner(t *testing.T, connectType string) int64 {
	t.Helper()
	locs, err := api.Locations(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	ports, err := api.PartnerPorts(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range locs {
		for _, p := range ports {
			if l.Products.MCR && slices.Contains(l.Products.MCRSpeeds, 1000) && p.LocationID == l.ID && p.ConnectType == connectType && p.VXCPermitted {
				return l.ID
			}
		}
	}
	t.Fatalf("no location offers 1 Gbps MCRs and an open %s partner port", connectType)
	return 0
}

// upstreamNATSessions is the first speed of the NAT gateway session matrix
// and its first session count, as upstream's getNATGatewayTestConfig picks.
func upstreamNATSessions(t *testing.T) (speed, sessions int64) {
	t.Helper()
	pairs, err := api.NATSessionPairings(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pairs {
		if len(p.SessionCounts) > 0 {
			return p.Speed, p.SessionCounts[0]
		}
	}
	t.Fatal("the NAT gateway session matrix is empty")
	return 0, 0
}

// natAndPortLocation is a location offering NAT gateways in the red zone
// and 1 Gbps ports.
func natAndPortLocation(t *testing.T) int64 {
	t.Helper()
	return locationWith(t, func(p netfabapi.LocationProducts) bool {
		return natGatewayOffered(p) && slices.Contains(p.DiversityZones, "red") && offersPort(1000)(p)
	})
}
