package netfab

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

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

// arubaMVE is an Aruba MVE with three vNICs, in the zone unless zone is "".
func arubaMVE(label, name string, loc, image int64, zone string) string {
	zoneLine := ""
	if zone != "" {
		zoneLine = fmt.Sprintf("diversity_zone = %q", zone)
	}
	return fmt.Sprintf(`
resource "netfab_mve" %[1]q {
  product_name         = %[2]q
  location_id          = %[3]d
  contract_term_months = 1
  %[5]s
  vnics = [{ description = "wan" }, { description = "lan" }, { description = "mgmt" }]
  vendor_config = {
    vendor       = "aruba"
    product_size = "SMALL"
    image_id     = %[4]d
    account_name = "%[2]s-account"
    account_key  = "%[2]s-key"
    system_tag   = "%[1]s-tag"
  }
}
`, label, name, loc, image, zoneLine)
}

// VXCs with MVE ends, their vNICs and inner VLANs changed in place:
//   - "pair" joins two MVEs on vNIC 0 and moves to two other MVEs on vNIC 1
//     with untagged inner VLANs (-1);
//   - "to_port" joins a port to an MVE whose vNIC changes from 0 to 1, and
//     stays when the MVE's configuration stops naming its diversity zone;
//   - "transit" (vNIC 2, partner "transit"), "to_aws" (a hosted connection
//     with an inner VLAN and tags) and "mve_port" (inner VLANs at both
//     ends) change their cost centres, inner VLANs and tags; ends without an
//     inner VLAN have none in state. Each of the three is imported.
func TestAccVxc_mveEnds(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := uniqueName(t, "x")
	mveLoc := mveLocationInZone(t, "blue")
	portLoc := locationWith(t, offersPort(1000))
	image := mveImage(t, "aruba", "").ID
	aws := openPartnerPort(t, "AWS", "")
	transit := openPartnerPort(t, "TRANSIT", "")

	products := func(firstZone string) string {
		s := arubaMVE("m1", name+"-m1", mveLoc, image, firstZone)
		for i := 2; i <= 4; i++ {
			s += arubaMVE(fmt.Sprintf("m%d", i), fmt.Sprintf("%s-m%d", name, i), mveLoc, image, "")
		}
		return s + fmt.Sprintf(`
resource "netfab_port" "port" {
  product_name           = "%s-port"
  location_id            = %d
  port_speed             = 1000
  contract_term_months   = 12
  marketplace_visibility = true
}
`, name, portLoc)
	}
	mve := func(n int) string { return fmt.Sprintf("netfab_mve.m%d.product_uid", n) }
	cc1, cc2 := name+"-cc1", name+"-cc2"
	vxcs := map[string]vxcHCL{
		"pair": {name: name + "-pair", rate: 100, term: 1,
			a: vxcEndHCL{product: mve(1), vnic: new(0)}, b: vxcEndHCL{product: mve(2), vnic: new(0)}},
		"to_port": {name: name + "-toport", rate: 100, term: 1,
			a: vxcEndHCL{product: "netfab_port.port.product_uid", vlan: new(100)},
			b: vxcEndHCL{product: mve(1), vnic: new(0), vlan: new(101)}},
		"transit": {name: name + "-transit", rate: 100, term: 1, costCentre: &cc1,
			a: vxcEndHCL{product: mve(3), vnic: new(2)}, b: vxcEndHCL{product: fmt.Sprintf("%q", transit.ProductUID)},
			bPartner: `{ partner = "transit" }`},
		"to_aws": {name: name + "-aws", rate: 100, term: 1, costCentre: &cc1, tags: map[string]string{"side": "cloud", "app": "web"},
			a: vxcEndHCL{product: mve(4), vnic: new(0), inner: new(100)}, b: vxcEndHCL{product: fmt.Sprintf("%q", aws.ProductUID)},
			bPartner: awsPartner(name+"-aws", "AWSHC", 65120, 64512)},
		"mve_port": {name: name + "-mveport", rate: 100, term: 1, costCentre: &cc1,
			a: vxcEndHCL{product: mve(3), vnic: new(0), inner: new(95)}, b: vxcEndHCL{product: "netfab_port.port.product_uid", inner: new(96)}},
	}
	created := providerConfig() + products("blue") + vxcsHCL(vxcs)
	change := func(label string, f func(*vxcHCL)) {
		v := vxcs[label]
		f(&v)
		vxcs[label] = v
	}
	change("pair", func(v *vxcHCL) {
		v.a = vxcEndHCL{product: mve(3), vnic: new(1), inner: new(-1)}
		v.b = vxcEndHCL{product: mve(4), vnic: new(1), inner: new(-1)}
	})
	change("to_port", func(v *vxcHCL) { v.b.vnic = new(1) })
	change("transit", func(v *vxcHCL) { v.costCentre = &cc2 })
	change("to_aws", func(v *vxcHCL) {
		v.costCentre, v.a.inner, v.tags = &cc2, new(99), map[string]string{"side": "cloud-2"}
	})
	change("mve_port", func(v *vxcHCL) { v.costCentre, v.a.inner, v.b.inner = &cc2, new(97), new(98) })
	updated := providerConfig() + products("blue") + vxcsHCL(vxcs)
	zoneUnnamed := providerConfig() + products("") + vxcsHCL(vxcs)

	attr := resource.TestCheckResourceAttr
	none := resource.TestCheckNoResourceAttr
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_vxc"),
		Steps: []resource.TestStep{
			{Config: created, Check: resource.ComposeAggregateTestCheckFunc(
				attr("netfab_vxc.pair", "a_end.vnic_index", "0"), attr("netfab_vxc.pair", "b_end.vnic_index", "0"),
				attr("netfab_vxc.to_port", "b_end.vnic_index", "0"),
				attr("netfab_vxc.to_aws", "a_end.inner_vlan", "100"), none("netfab_vxc.to_aws", "b_end.inner_vlan"),
				attr("netfab_vxc.to_aws", "resource_tags.%", "2"), attr("netfab_vxc.to_aws", "resource_tags.side", "cloud"),
				attr("netfab_vxc.to_aws", "resource_tags.app", "web"),
				none("netfab_vxc.transit", "a_end.inner_vlan"), none("netfab_vxc.transit", "b_end.inner_vlan"),
				attr("netfab_vxc.transit", "a_end.vnic_index", "2"),
				attr("netfab_vxc.mve_port", "a_end.inner_vlan", "95"), attr("netfab_vxc.mve_port", "b_end.inner_vlan", "96"),
			)},
			importByProductUID("netfab_vxc.transit", vxcImportIgnore...),
			importByProductUID("netfab_vxc.to_aws", vxcImportIgnore...),
			importByProductUID("netfab_vxc.mve_port", vxcImportIgnore...),
			{Config: updated, Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttrPair("netfab_vxc.pair", "a_end.current_product_uid", "netfab_mve.m3", "product_uid"),
				resource.TestCheckResourceAttrPair("netfab_vxc.pair", "b_end.current_product_uid", "netfab_mve.m4", "product_uid"),
				attr("netfab_vxc.pair", "a_end.vnic_index", "1"), attr("netfab_vxc.pair", "b_end.vnic_index", "1"),
				attr("netfab_vxc.pair", "a_end.inner_vlan", "-1"), attr("netfab_vxc.pair", "b_end.inner_vlan", "-1"),
				attr("netfab_vxc.to_port", "b_end.vnic_index", "1"),
				attr("netfab_vxc.to_aws", "a_end.inner_vlan", "99"), none("netfab_vxc.to_aws", "b_end.inner_vlan"),
				attr("netfab_vxc.to_aws", "resource_tags.%", "1"), attr("netfab_vxc.to_aws", "resource_tags.side", "cloud-2"),
				attr("netfab_vxc.to_aws", "cost_centre", cc2), attr("netfab_vxc.transit", "cost_centre", cc2),
				none("netfab_vxc.transit", "a_end.inner_vlan"), none("netfab_vxc.transit", "b_end.inner_vlan"),
				attr("netfab_vxc.mve_port", "cost_centre", cc2),
				attr("netfab_vxc.mve_port", "a_end.inner_vlan", "97"), attr("netfab_vxc.mve_port", "b_end.inner_vlan", "98"),
			)},
			{Config: zoneUnnamed, Check: resource.ComposeAggregateTestCheckFunc(
				attr("netfab_vxc.to_port", "b_end.vnic_index", "1"),
				attr("netfab_mve.m1", "diversity_zone", "blue"),
			)},
		},
	})
}
