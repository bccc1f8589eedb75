package netfab

import "testing"

func TestLookupID(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{lookupID("mcrs", "product_uid", ""), "mcrs"},
		{lookupID("mcrs", "product_uid", "a b"), "mcrs?product_uid=a+b"},
		{lookupID("vxcs", "product_uid", "u", "include_resource_tags", "true"), "vxcs?include_resource_tags=true&product_uid=u"},
		{lookupID("mve_sizes"), "mve_sizes"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestProductArticle(t *testing.T) {
	for label, want := range map[string]string{
		"MCR": "an MCR", "MVE": "an MVE", "IX": "an IX", "VXC": "a VXC", "port": "a port", "NAT gateway": "a NAT gateway",
	} {
		if got := productArticle(label); got != want {
			t.Errorf("productArticle(%q) = %q, want %q", label, got, want)
		}
	}
}
