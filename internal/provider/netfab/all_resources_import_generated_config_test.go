package netfab

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/workflowtest"
)

// Every resource is imported as Terraform 1.5+ users do it: an import block
// with the documented ID, `terraform plan -generate-config-out`, apply, and
// an empty plan (internal/workflowtest). A resource without a case here
// fails the test.
func TestAccImportGeneratedConfig(t *testing.T) {
	accPreCheck(t)
	workflowtest.TestImports(t, workflowtest.Provider{Name: "netfab", New: New("test"), Config: providerConfig()}, importCases)
}

var importCases = map[string]workflowtest.ImportCase{
	"netfab_lag_port": {
		Config: func(t *testing.T) string {
			return fmt.Sprintf(`
resource "netfab_lag_port" "test" {
  product_name           = %q
  location_id            = %d
  port_speed             = 10000
  lag_count              = 2
  contract_term_months   = 12
  marketplace_visibility = false
  cost_centre            = "network-engineering"
  resource_tags          = { environment = "production" }
}
`, importName(t, "lag"), locationWith(t, offersPort(10000)))
		},
		ID: workflowtest.IDFrom("%s", "product_uid"),
	},
	"netfab_mve": {
		Config: func(t *testing.T) string {
			img := mveImage(t, "meraki", "")
			require.EqualValues(t, importMVEImage, img.ID, "the import case's Add names the catalogue's Meraki image")
			return fmt.Sprintf(`
resource "netfab_mve" "test" {
  product_name         = %q
  location_id          = %d
  contract_term_months = 12
  cost_centre          = "network-engineering"
  resource_tags        = { environment = "production" }
  vendor_config        = { vendor = "meraki", image_id = %d, product_size = "SMALL", token = "vmx-token-1" }
  vnics                = [{ description = "WAN" }, { description = "LAN" }]
}
`, importName(t, "mve"), locationWith(t, offersMVE), img.ID)
		},
		ID: workflowtest.IDFrom("%s", "product_uid"),
		// The service never answers vendor_config (it holds the appliance's
		// secrets): the user adds it, and the first apply records it.
		Add:     fmt.Sprintf(`vendor_config = { vendor = "meraki", image_id = %d, product_size = "SMALL", token = "vmx-token-1" }`, importMVEImage),
		Records: "vendor_config",
	},
	"netfab_port": {
		Config: func(t *testing.T) string {
			return fmt.Sprintf(`
resource "netfab_port" "test" {
  product_name           = %q
  location_id            = %d
  port_speed             = 10000
  contract_term_months   = 12
  marketplace_visibility = false
  cost_centre            = "network-engineering"
  resource_tags          = { environment = "production" }
}
`, importName(t, "port"), locationWith(t, offersPort(10000)))
		},
		ID: workflowtest.IDFrom("%s", "product_uid"),
	},
	"netfab_mcr": {
		Config: func(t *testing.T) string {
			return importMCR(t)
		},
		ID: workflowtest.IDFrom("%s", "product_uid"),
	},
	"netfab_mcr_ipsec_addon": {
		Config: func(t *testing.T) string {
			return importMCR(t, "router") + `
resource "netfab_mcr_ipsec_addon" "test" {
  mcr_id       = netfab_mcr.router.product_uid
  tunnel_count = 20
}
`
		},
		ID: workflowtest.IDFrom("%s", "id"),
	},
	"netfab_mcr_prefix_filter_list": {
		Config: func(t *testing.T) string {
			return importMCR(t, "router") + `
resource "netfab_mcr_prefix_filter_list" "test" {
  mcr_id         = netfab_mcr.router.product_uid
  description    = "customer routes"
  address_family = "IPv4"
  entries = [
    { action = "permit", prefix = "10.0.0.0/8", ge = 16, le = 24 },
    { action = "deny", prefix = "0.0.0.0/0" },
  ]
}
`
		},
		ID: workflowtest.IDFrom("%s", "id"),
	},
	"netfab_ix": {
		Config: func(t *testing.T) string {
			loc, exchanges := ixLocation(t)
			return fmt.Sprintf(`
resource "netfab_port" "port" {
  product_name         = "%[1]s-port"
  location_id          = %[2]d
  port_speed           = 10000
  contract_term_months = 1
}

resource "netfab_ix" "test" {
  product_name          = "%[1]s-ix"
  requested_product_uid = netfab_port.port.product_uid
  network_service_type  = %[3]q
  asn                   = 64512
  mac_address           = "00:11:22:aa:bb:cc"
  rate_limit            = 1000
  vlan                  = 100
}
`, importName(t, ""), loc, exchanges[0])
		},
		ID: workflowtest.IDFrom("%s", "product_uid"),
	},
	"netfab_vxc": {
		Config: func(t *testing.T) string {
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

resource "netfab_vxc" "test" {
  product_name         = "%[1]s-vxc"
  rate_limit           = 100
  contract_term_months = 12
  a_end = {
    requested_product_uid = netfab_port.a.product_uid
    ordered_vlan          = 100
  }
  b_end = {
    requested_product_uid = netfab_port.b.product_uid
    ordered_vlan          = 200
    inner_vlan            = 300
  }
}
`, importName(t, ""), locationWith(t, offersPort(1000)))
		},
		ID: workflowtest.IDFrom("%s", "product_uid"),
	},
	"netfab_service_key": {
		Config: func(t *testing.T) string {
			return fmt.Sprintf(`
resource "netfab_port" "port" {
  product_name         = "%[1]s-port"
  location_id          = %[2]d
  port_speed           = 1000
  contract_term_months = 1
}

resource "netfab_service_key" "test" {
  product_uid = netfab_port.port.product_uid
  description = "partner access"
  max_speed   = 500
  single_use  = false
  active      = true
}
`, importName(t, ""), locationWith(t, offersPort(1000)))
		},
		ID: workflowtest.IDFrom("%s", "key"),
	},
	"netfab_nat_gateway": {
		Config: func(t *testing.T) string {
			return importNATGateway(t, "test")
		},
		ID: workflowtest.IDFrom("%s", "product_uid"),
	},
	"netfab_nat_gateway_packet_filter": {
		Config: func(t *testing.T) string {
			return importNATGateway(t, "gw") + `
resource "netfab_nat_gateway_packet_filter" "test" {
  nat_gateway_product_uid = netfab_nat_gateway.gw.product_uid
  description             = "egress rules"
  entries = [
    {
      action              = "deny"
      description         = "no access to the documentation network"
      source_address      = "10.0.0.0/8"
      destination_address = "192.0.2.0/24"
    },
    {
      action              = "permit"
      description         = "web"
      source_address      = "10.0.0.0/8"
      destination_address = "0.0.0.0/0"
      destination_ports   = "80,443,8000-8080"
      ip_protocol         = 6
    },
  ]
}
`
		},
		ID: workflowtest.IDFrom("%s", "id"),
	},
	"netfab_nat_gateway_prefix_list": {
		Config: func(t *testing.T) string {
			return importNATGateway(t, "gw") + `
resource "netfab_nat_gateway_prefix_list" "test" {
  nat_gateway_product_uid = netfab_nat_gateway.gw.product_uid
  description             = "customer routes"
  address_family          = "IPv4"
  entries = [
    { action = "permit", prefix = "10.0.0.0/8", ge = 16, le = 24 },
    { action = "deny", prefix = "0.0.0.0/0" },
  ]
}
`
		},
		ID: workflowtest.IDFrom("%s", "id"),
	},
}

// importMVEImage is the catalogue's Meraki vMX image, which the netfab_mve
// case orders and its Add names (the Config checks that it still is).
const importMVEImage = 18

// importMCR is an MCR named test, or the name given, with the optional
// attributes users set.
func importMCR(t *testing.T, name ...string) string {
	n := "test"
	if len(name) > 0 {
		n = name[0]
	}
	return fmt.Sprintf(`
resource "netfab_mcr" %q {
  product_name         = %q
  location_id          = %d
  port_speed           = 5000
  contract_term_months = 12
  asn                  = 64512
  cost_centre          = "network-engineering"
  resource_tags        = { environment = "production" }
}
`, n, importName(t, "mcr"), locationWith(t, offersMCR))
}

// importNATGateway is a NAT gateway with the optional attributes users set.
func importNATGateway(t *testing.T, name string) string {
	loc, zones := natLocation(t)
	return fmt.Sprintf(`
resource "netfab_nat_gateway" %q {
  product_name         = %q
  location_id          = %d
  diversity_zone       = %q
  contract_term_months = 12
  speed                = 1000
  session_count        = 250000
  asn                  = 64512
  auto_renew_term      = true
  bgp_shutdown_default = false
  resource_tags        = { environment = "production" }
}
`, name, importName(t, "nat"), loc, zones[0])
}

// importName is a product name of the case, short enough for the rule of
// product names (64 characters).
func importName(t *testing.T, suffix string) string {
	return "imp-" + strings.TrimPrefix(t.Name()[strings.LastIndex(t.Name(), "/")+1:], "netfab_") + "-" + suffix
}
