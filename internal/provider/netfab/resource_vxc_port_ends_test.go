package netfab

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// fourPorts is four 1 Gbps ports, netfab_port.p1 to p4, for VXCs to join
// and move between.
func fourPorts(t *testing.T, loc int64) string {
	var s string
	for i := 1; i <= 4; i++ {
		s += fmt.Sprintf(`
resource "netfab_port" "p%[1]d" {
  product_name           = "%[2]s-%[1]d"
  location_id            = %[3]d
  port_speed             = 1000
  contract_term_months   = 1
  marketplace_visibility = false
}
`, i, uniqueName(t, "port"), loc)
	}
	return s
}

// VXCs between ports, through every in-place change of their ends and
// commercial fields, each step checked in state (and the promotion code at
// the service):
//   - "moving" moves to two other ports, then changes name, rate, term,
//     cost centre, tags, VLANs and inner VLANs at once, then loses its cost
//     centre, gets untagged inner VLANs (-1), and a promotion code is set,
//     changed and removed;
//   - "inner_untagged" is created with untagged inner VLANs (-1) and its
//     term changes;
//   - "no_inner" is created without inner VLANs (none in state), keeps its
//     VLANs when the configuration stops naming them, and is untagged
//     (ordered VLAN -1, no VLAN in state).
func TestAccVxc_portEndUpdates(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	loc := locationWith(t, offersPort(1000))
	name := uniqueName(t, "vxc")
	cc1, cc2, empty := name+"-cc1", name+"-cc2", ""
	const promo1, promo2 = "NETFAB-PROMO-A", "NETFAB-PROMO-B"
	const (
		moving = "netfab_vxc.moving"
		inner  = "netfab_vxc.inner_untagged"
		plain  = "netfab_vxc.no_inner"
	)

	// What each step changes, from the VXCs of the step before.
	mv := vxcHCL{name: name + "-m", rate: 500, term: 12, costCentre: &cc1, tags: map[string]string{"team": "core", "env": "test"},
		a: vxcEndHCL{product: "netfab_port.p1.product_uid", vlan: new(100), inner: new(300)},
		b: vxcEndHCL{product: "netfab_port.p2.product_uid", vlan: new(101), inner: new(301)}}
	in := vxcHCL{name: name + "-i", rate: 100, term: 1,
		a: vxcEndHCL{product: "netfab_port.p1.product_uid", vlan: new(310), inner: new(-1)},
		b: vxcEndHCL{product: "netfab_port.p2.product_uid", vlan: new(311), inner: new(-1)}}
	pl := vxcHCL{name: name + "-p", rate: 100, term: 1,
		a: vxcEndHCL{product: "netfab_port.p3.product_uid", vlan: new(320)},
		b: vxcEndHCL{product: "netfab_port.p4.product_uid", vlan: new(321)}}
	config := func() string {
		return providerConfig() + fourPorts(t, loc) + vxcsHCL(map[string]vxcHCL{"moving": mv, "inner_untagged": in, "no_inner": pl})
	}

	created := config()
	mv.a.product, mv.b.product = "netfab_port.p3.product_uid", "netfab_port.p4.product_uid"
	in.term = 12
	pl.a.vlan, pl.b.vlan = nil, nil
	movedEnds := config()
	mv.name, mv.rate, mv.term, mv.costCentre, mv.promo = name+"-m2", 600, 24, &cc2, promo1
	mv.tags = map[string]string{"team": "edge"}
	mv.a.vlan, mv.a.inner, mv.b.vlan, mv.b.inner = new(200), new(400), new(201), new(401)
	pl.a.vlan, pl.b.vlan = new(-1), new(-1)
	changed := config()
	mv.costCentre, mv.promo, mv.a.inner, mv.b.inner = &empty, promo2, new(-1), new(-1)
	ccCleared := config()
	mv.promo = ""
	promoRemoved := config()

	attr := resource.TestCheckResourceAttr
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy:             checkProductsCancelled("netfab_vxc"),
		Steps: []resource.TestStep{
			{Config: created, Check: resource.ComposeAggregateTestCheckFunc(
				attr(moving, "rate_limit", "500"), attr(moving, "contract_term_months", "12"), attr(moving, "cost_centre", cc1),
				attr(moving, "a_end.ordered_vlan", "100"), attr(moving, "a_end.vlan", "100"),
				attr(moving, "b_end.ordered_vlan", "101"), attr(moving, "b_end.vlan", "101"),
				attr(moving, "a_end.inner_vlan", "300"), attr(moving, "b_end.inner_vlan", "301"),
				attr(moving, "resource_tags.%", "2"), attr(moving, "resource_tags.team", "core"), attr(moving, "resource_tags.env", "test"),
				attr(inner, "a_end.inner_vlan", "-1"), attr(inner, "b_end.inner_vlan", "-1"), attr(inner, "contract_term_months", "1"),
				resource.TestCheckNoResourceAttr(plain, "a_end.inner_vlan"), resource.TestCheckNoResourceAttr(plain, "b_end.inner_vlan"),
				attr(plain, "a_end.vlan", "320"), attr(plain, "b_end.vlan", "321"),
			)},
			importByProductUID(moving, vxcImportIgnore...),
			importByProductUID(plain, vxcImportIgnore...),
			{Config: movedEnds, Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttrPair(moving, "a_end.current_product_uid", "netfab_port.p3", "product_uid"),
				resource.TestCheckResourceAttrPair(moving, "b_end.current_product_uid", "netfab_port.p4", "product_uid"),
				attr(moving, "rate_limit", "500"), attr(moving, "contract_term_months", "12"),
				attr(moving, "a_end.vlan", "100"), attr(moving, "b_end.vlan", "101"),
				attr(moving, "a_end.inner_vlan", "300"), attr(moving, "b_end.inner_vlan", "301"),
				attr(moving, "resource_tags.team", "core"), attr(moving, "resource_tags.env", "test"),
				attr(inner, "contract_term_months", "12"),
				attr(plain, "a_end.vlan", "320"), attr(plain, "b_end.vlan", "321"),
				attr(plain, "rate_limit", "100"), attr(plain, "contract_term_months", "1"),
			)},
			{Config: changed, Check: resource.ComposeAggregateTestCheckFunc(
				attr(moving, "product_name", name+"-m2"), attr(moving, "rate_limit", "600"), attr(moving, "contract_term_months", "24"),
				attr(moving, "cost_centre", cc2),
				attr(moving, "a_end.ordered_vlan", "200"), attr(moving, "a_end.vlan", "200"),
				attr(moving, "b_end.ordered_vlan", "201"), attr(moving, "b_end.vlan", "201"),
				attr(moving, "a_end.inner_vlan", "400"), attr(moving, "b_end.inner_vlan", "401"),
				attr(moving, "resource_tags.%", "1"), attr(moving, "resource_tags.team", "edge"),
				attr(moving, "promo_code", promo1), productPromoCode(moving, promo1),
				attr(plain, "a_end.ordered_vlan", "-1"), attr(plain, "b_end.ordered_vlan", "-1"),
				resource.TestCheckNoResourceAttr(plain, "a_end.vlan"), resource.TestCheckNoResourceAttr(plain, "b_end.vlan"),
				attr(plain, "rate_limit", "100"), attr(plain, "contract_term_months", "1"),
			)},
			{Config: ccCleared, Check: resource.ComposeAggregateTestCheckFunc(
				attr(moving, "cost_centre", ""),
				attr(moving, "a_end.inner_vlan", "-1"), attr(moving, "b_end.inner_vlan", "-1"),
				attr(moving, "promo_code", promo2), productPromoCode(moving, promo2),
			)},
			{Config: promoRemoved, Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckNoResourceAttr(moving, "promo_code"), productPromoCode(moving, ""),
			)},
		},
	})
}
