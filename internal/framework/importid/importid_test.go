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

func TestParts(t *testing.T) {
	const shape = "<model_uuid>:<machine_id>[:<name>]"
	got, err := Parts("m:0:web-0", shape, 2, 3)
	if err != nil || len(got) != 3 || got[0] != "m" || got[1] != "0" || got[2] != "web-0" {
		t.Fatalf("got %q %v", got, err)
	}
	if got, err := Parts("m:0", shape, 2, 3); err != nil || len(got) != 2 {
		t.Fatalf("got %q %v", got, err)
	}
	for _, bad := range []string{"", "m", "m:", ":0", "m:0:x:y"} {
		_, err := Parts(bad, shape, 2, 3)
		if err == nil {
			t.Errorf("%q accepted", bad)
		} else if want := Mismatch(bad, shape).Error(); err.Error() != want {
			t.Errorf("%q: %v, want %s", bad, err, want)
		}
	}
}
