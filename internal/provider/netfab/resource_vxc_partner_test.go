package netfab

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

// Keys of the shapes the clouds hand out (the sandbox checks the shape
// only; the Google key's last digit picks the red zone's port).
const (
	testGooglePairingKey = "5c0d2a4e-8b1f-4c7a-9e3d-0f6b2a9c1d47/europe-west3/1"
	testAzureServiceKey  = "9a7c3e11-42d0-4b6e-8f5a-3c2e1d0b9f86"
	testOracleCircuitID  = "ocid1.virtualcircuit.oc1.eu-frankfurt-1.netfabtestcircuit0123456789"
	testAWSAccount       = "210987654321"
)

// openPartnerPort is a partner port of the connect type that takes new
// VXCs, in the diversity zone when zone is not "".
func openPartnerPort(t *testing.T, connectType, zone string) netfabapi.PartnerPort {
	t.Helper()
	ports, err := api.PartnerPorts(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ports {
		if p.ConnectType == connectType && p.VXCPermitted && (zone == "" || p.DiversityZone == zone) {
			return p
		}
	}
	t.Fatalf("no open %s partner port (zone %q)", connectType, zone)
	return netfabapi.PartnerPort{}
}

// awsPartner is a b_end_partner_config of an AWS VXC: a hosted VIF ("AWS")
// or a hosted connection ("AWSHC").
func awsPartner(name, connectType string, asn, amazonASN int) string {
	return fmt.Sprintf(`{
    partner = "aws"
    aws_config = {
      name          = %q
      asn           = %d
      amazon_asn    = %d
      type          = "private"
      connect_type  = %q
      owner_account = %q
    }
  }`, name, asn, amazonASN, connectType, testAWSAccount)
}

// bgpRouter is a vrouter partner configuration with one interface: its
// address, more interface settings as HCL lines, and one BGP session whose
// fields are given as HCL lines.
func bgpRouter(address, iface, session string) string {
	return fmt.Sprintf(`{
    partner = "vrouter"
    vrouter_config = {
      interfaces = [{
        ip_addresses    = [%q]
        %s
        bgp_connections = [{
          %s
        }]
      }]
    }
  }`, address, iface, session)
}

// A cloud router's VXCs to every kind of partner it can reach, each
// imported, then updated in place:
//   - AWS as a hosted VIF (with a VLAN and tags) and as a hosted connection
//     whose router end carries BFD and a BGP session using every session
//     field (its description and the tags change);
//   - Google by pairing key alone (b_end = {}) and on a named port;
//   - Azure by key on a named primary port and on a named port as
//     secondary;
//   - internet transit with VLANs left to the service (0), to which tags
//     are added;
//   - another cloud router, BGP between both ends, whose IP MTUs change;
//   - a port to Oracle by virtual circuit (b_end = {}), a port to a LAG and
//     a port to the router with tags.
func TestAccVxc_everyPartnerKind(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "vxc")
	mcrLoc := locationWith(t, offersMCR)
	aws := openPartnerPort(t, "AWS", "")
	transit := openPartnerPort(t, "TRANSIT", "")
	google := openPartnerPort(t, "GOOGLE", "")
	azurePrimary := openPartnerPort(t, "AZURE", "red")
	azureAny := openPartnerPort(t, "AZURE", "")
	oracle := openPartnerPort(t, "ORACLE", "")
	lagLoc := locationWith(t, offersPort(10000))
	whitelist := name + "-allowed"

	products := fmt.Sprintf(`
data "netfab_partner" "aws" {
  connect_type = "AWS"
  location_id  = %[2]d
}

data "netfab_partner" "transit" {
  connect_type = "TRANSIT"
  location_id  = %[3]d
}

resource "netfab_mcr" "mcr" {
  product_name         = "%[1]s-mcr"
  location_id          = %[4]d
  port_speed           = 5000
  contract_term_months = 1
  asn                  = 64601
  prefix_filter_lists = [{
    description    = %[5]q
    address_family = "IPv4"
    entries = [
      { action = "permit", prefix = "172.20.0.0/16", ge = 16, le = 16 },
      { action = "deny", prefix = "172.21.0.0/16", ge = 16, le = 16 },
    ]
  }]
}

resource "netfab_mcr" "peer" {
  product_name         = "%[1]s-peer"
  location_id          = %[4]d
  port_speed           = 1000
  contract_term_months = 1
  asn                  = 64602
}

resource "netfab_port" "oracle_side" {
  product_name           = "%[1]s-oport"
  location_id            = %[6]d
  port_speed             = 1000
  contract_term_months   = 1
  marketplace_visibility = false
}

resource "netfab_port" "port" {
  product_name           = "%[1]s-port"
  location_id            = %[7]d
  port_speed             = 1000
  contract_term_months   = 12
  marketplace_visibility = true
  cost_centre            = "%[1]s-cc"
}

resource "netfab_lag_port" "lag" {
  product_name           = "%[1]s-lag"
  location_id            = %[7]d
  port_speed             = 10000
  lag_count              = 1
  contract_term_months   = 12
  marketplace_visibility = false
  cost_centre            = "%[1]s-cc"
}
`, name, aws.LocationID, transit.LocationID, mcrLoc, whitelist, oracle.LocationID, lagLoc)

	mcr := func(vlan int) vxcEndHCL { return vxcEndHCL{product: "netfab_mcr.mcr.product_uid", vlan: new(vlan)} }
	cc := name + "-cc"
	session := func(description string) string {
		return fmt.Sprintf(`peer_asn = 64700
          local_ip_address = "192.0.2.1"
          peer_ip_address = "192.0.2.2"
          password = "not-a-secret-1"
          shutdown = false
          description = %q
          med_in = 50
          med_out = 60
          bfd_enabled = true
          as_override = true
          export_policy = "deny"
          permit_export_to = ["192.0.2.9"]
          import_whitelist = %q
          as_path_prepend_count = 3`, description, whitelist)
	}
	// The hosted connection's router end also has BFD timers and a NAT
	// address.
	hostedConnectionRouter := func(description string) string {
		return bgpRouter("192.0.2.1/30", `nat_ip_addresses = ["192.0.2.1"]
        bfd = { tx_interval = 300, rx_interval = 350, multiplier = 4 }`, session(description))
	}
	peering := func(local, peer string, peerASN, mtu int) string {
		return bgpRouter(local+"/30", fmt.Sprintf("ip_mtu = %d", mtu), fmt.Sprintf(`peer_asn = %d
          local_ip_address = %q
          peer_ip_address = %q
          shutdown = false
          description = "router to router"
          med_in = 10
          med_out = 10
          bfd_enabled = false
          export_policy = "permit"`, peerASN, local, peer))
	}
	tags := map[string]string{"team": "cloud", "tier": "gold"}
	vxcs := map[string]vxcHCL{
		"aws_vif": {name: name + "-awsvif", rate: 1000, term: 1, tags: tags, a: mcr(2300),
			b: vxcEndHCL{product: "data.netfab_partner.aws.product_uid"}, bPartner: awsPartner(name+"-vif", "AWS", 64610, 64611)},
		"aws_hosted": {name: name + "-awshc", rate: 1000, term: 1, tags: tags, a: mcr(0), aPartner: hostedConnectionRouter("to the hosted connection"),
			b: vxcEndHCL{product: "data.netfab_partner.aws.product_uid"}, bPartner: awsPartner(name+"-hc", "AWSHC", 64610, 64611)},
		"google_key": {name: name + "-gkey", rate: 1000, term: 1, a: mcr(2301),
			bPartner: fmt.Sprintf(`{
    partner = "google"
    google_config = { pairing_key = %q }
  }`, testGooglePairingKey)},
		"google_port": {name: name + "-gport", rate: 1000, term: 12, costCentre: &cc, a: mcr(2302),
			b: vxcEndHCL{product: fmt.Sprintf("%q", google.ProductUID)},
			bPartner: fmt.Sprintf(`{
    partner = "google"
    google_config = { pairing_key = %q }
  }`, testGooglePairingKey)},
		"azure_primary": {name: name + "-azp", rate: 200, term: 1, tags: tags, a: mcr(0),
			b: vxcEndHCL{product: fmt.Sprintf("%q", azurePrimary.ProductUID)},
			bPartner: fmt.Sprintf(`{
    partner = "azure"
    azure_config = { service_key = %q, port_choice = "primary" }
  }`, testAzureServiceKey)},
		"azure_secondary": {name: name + "-azs", rate: 1000, term: 12, costCentre: &cc, a: mcr(2303),
			b: vxcEndHCL{product: fmt.Sprintf("%q", azureAny.ProductUID)},
			bPartner: fmt.Sprintf(`{
    partner = "azure"
    azure_config = { service_key = %q, port_choice = "secondary" }
  }`, testAzureServiceKey)},
		"transit": {name: name + "-transit", rate: 100, term: 1, a: mcr(0),
			b: vxcEndHCL{product: "data.netfab_partner.transit.product_uid", vlan: new(0)}},
		"routers": {name: name + "-routers", rate: 500, term: 1,
			a: mcr(2304), aPartner: peering("198.51.100.1", "198.51.100.2", 64602, 9000),
			b: vxcEndHCL{product: "netfab_mcr.peer.product_uid", vlan: new(2400)}, bPartner: peering("198.51.100.2", "198.51.100.1", 64601, 9000)},
		"oracle": {name: name + "-oracle", rate: 100, term: 1,
			a: vxcEndHCL{product: "netfab_port.oracle_side.product_uid", vlan: new(0)},
			bPartner: fmt.Sprintf(`{
    partner = "oracle"
    oracle_config = { virtual_circuit_id = %q }
  }`, testOracleCircuitID)},
		"to_lag": {name: name + "-lag", rate: 1000, term: 12, tags: tags,
			a: vxcEndHCL{product: "netfab_port.port.product_uid"}, b: vxcEndHCL{product: "netfab_lag_port.lag.product_uid"}},
		"to_router": {name: name + "-router", rate: 1000, term: 12, tags: tags,
			a: vxcEndHCL{product: "netfab_port.port.product_uid", vlan: new(2310)}, b: mcr(2310)},
	}
	created := providerConfig() + products + vxcsHCL(vxcs)

	updated := func() string {
		v := vxcs["aws_hosted"]
		v.aPartner, v.tags = hostedConnectionRouter("to the hosted connection, renamed"), map[string]string{"team": "network"}
		vxcs["aws_hosted"] = v
		v = vxcs["transit"]
		v.tags = map[string]string{"owner": "noc"}
		vxcs["transit"] = v
		v = vxcs["routers"]
		v.aPartner, v.bPartner = peering("198.51.100.1", "198.51.100.2", 64602, 1500), peering("198.51.100.2", "198.51.100.1", 64601, 1500)
		vxcs["routers"] = v
		return providerConfig() + products + vxcsHCL(vxcs)
	}()

	attr := resource.TestCheckResourceAttr
	const routerIface = "vrouter_config.interfaces.0."
	tagChecks := func(addr string) resource.TestCheckFunc {
		return resource.ComposeAggregateTestCheckFunc(attr(addr, "resource_tags.%", "2"),
			attr(addr, "resource_tags.team", "cloud"), attr(addr, "resource_tags.tier", "gold"))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_vxc"),
		Steps: []resource.TestStep{
			{Config: created, Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttrSet("netfab_vxc.aws_vif", "product_uid"),
				attr("netfab_vxc.aws_vif", "a_end.ordered_vlan", "2300"), tagChecks("netfab_vxc.aws_vif"),
				attr("netfab_vxc.aws_hosted", "a_end.ordered_vlan", "0"), tagChecks("netfab_vxc.aws_hosted"),
				attr("netfab_vxc.aws_hosted", "a_end_partner_config."+routerIface+"bgp_connections.0.description", "to the hosted connection"),
				resource.TestCheckResourceAttrSet("netfab_vxc.azure_primary", "product_uid"),
				attr("netfab_vxc.azure_primary", "a_end.ordered_vlan", "0"),
				attr("netfab_vxc.transit", "a_end.ordered_vlan", "0"), attr("netfab_vxc.transit", "b_end.ordered_vlan", "0"),
				attr("netfab_vxc.routers", "a_end_partner_config."+routerIface+"ip_mtu", "9000"),
				attr("netfab_vxc.routers", "b_end_partner_config."+routerIface+"ip_mtu", "9000"),
				attr("netfab_vxc.oracle", "rate_limit", "100"), attr("netfab_vxc.oracle", "contract_term_months", "1"),
				tagChecks("netfab_vxc.to_lag"), tagChecks("netfab_vxc.to_router"),
			)},
			importByProductUID("netfab_vxc.aws_vif", vxcImportIgnore...),
			importByProductUID("netfab_vxc.aws_hosted", vxcImportIgnore...),
			importByProductUID("netfab_vxc.google_key", vxcImportIgnore...),
			importByProductUID("netfab_vxc.azure_primary", vxcImportIgnore...),
			importByProductUID("netfab_vxc.oracle", vxcImportIgnore...),
			{Config: updated, Check: resource.ComposeAggregateTestCheckFunc(
				attr("netfab_vxc.aws_hosted", "a_end.ordered_vlan", "0"),
				attr("netfab_vxc.aws_hosted", "a_end_partner_config."+routerIface+"bgp_connections.0.description", "to the hosted connection, renamed"),
				attr("netfab_vxc.aws_hosted", "resource_tags.%", "1"), attr("netfab_vxc.aws_hosted", "resource_tags.team", "network"),
				attr("netfab_vxc.transit", "resource_tags.owner", "noc"),
				attr("netfab_vxc.transit", "a_end.ordered_vlan", "0"), attr("netfab_vxc.transit", "b_end.ordered_vlan", "0"),
				attr("netfab_vxc.routers", "a_end_partner_config."+routerIface+"ip_mtu", "1500"),
				attr("netfab_vxc.routers", "b_end_partner_config."+routerIface+"ip_mtu", "1500"),
			)},
		},
	})
}
