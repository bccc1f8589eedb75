package importid

import "testing"

func TestParentAndPositiveInt(t *testing.T) {
	const shape = "<NAT_GATEWAY_PRODUCT_UID>:<PACKET_FILTER_ID>"
	parent, n, err := ParentAndPositiveInt("abc-123:42", shape)
	if err != nil || parent != "abc-123" || n != 42 {
		t.Fatalf("got %q %d %v", parent, n, err)
	}
	for _, bad := range []string{"", "abc", "abc:", ":1", "abc:0", "abc:-3", "abc:1.5", "abc:x", "abc:1:2"} {
		if _, _, err := ParentAndPositiveInt(bad, shape); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestParentAndChild(t *testing.T) {
	p, c, err := ParentAndChild("mcr-uid:addon-uid", "<MCR_UID>:<ADD_ON_UID>")
	if err != nil || p != "mcr-uid" || c != "addon-uid" {
		t.Fatalf("got %q %q %v", p, c, err)
	}
	for _, bad := range []string{"", "x", "x:", ":y", "x:y:z"} {
		if _, _, err := ParentAndChild(bad, "<A>:<B>"); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
