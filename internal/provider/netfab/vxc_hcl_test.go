package netfab

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

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

// importByProductUID imports a product by its UID and compares what the
// import read with what the apply left, but for the attributes in ignore.
func importByProductUID(address string, ignore ...string) resource.TestStep {
	return resource.TestStep{
		ResourceName:                         address,
		ImportState:                          true,
		ImportStateVerify:                    true,
		ImportStateVerifyIdentifierAttribute: "product_uid",
		ImportStateIdFunc: func(s *terraform.State) (string, error) {
			rs, ok := s.RootModule().Resources[address]
			if !ok {
				return "", fmt.Errorf("%s not in state", address)
			}
			return rs.Primary.Attributes["product_uid"], nil
		},
		ImportStateVerifyIgnore: ignore,
	}
}

// vxcImportIgnore is what a VXC import cannot give back as the
// configuration had it: timestamps and status of the order, what the
// configuration asked for rather than what the service assigned (the
// requested UIDs and VLANs), and partner settings the service does not
// echo (keys, passwords).
var vxcImportIgnore = []string{"last_updated", "contract_start_date", "contract_end_date", "live_date", "resources",
	"provisioning_status", "a_end.ordered_vlan", "b_end.ordered_vlan", "a_end.requested_product_uid", "b_end.requested_product_uid",
	"a_end_partner_config", "b_end_partner_config", "timeouts"}
