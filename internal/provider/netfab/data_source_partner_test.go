package netfab

import (
	"testing"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

func TestBestPartnerPort(t *testing.T) {
	s := func(v string) *string { return &v }
	n := func(v int64) *int64 { return &v }
	ports := []netfabapi.PartnerPort{
		{ProductUID: "uid-c", ProductName: "AWS Sydney (blue)", ConnectType: "AWS", LocationID: 1, DiversityZone: "blue", Rank: 2, VXCPermitted: true},
		{ProductUID: "uid-b", ProductName: "AWS Sydney (red) closed", ConnectType: "AWS", LocationID: 1, DiversityZone: "red", Rank: 1, VXCPermitted: false},
		{ProductUID: "uid-z", ProductName: "AWS Sydney (red)", ConnectType: "AWS", LocationID: 1, DiversityZone: "red", Rank: 1, VXCPermitted: true},
		{ProductUID: "uid-a", ProductName: "AWS Sydney (red)", ConnectType: "AWS", LocationID: 1, DiversityZone: "red", Rank: 1, VXCPermitted: true},
		{ProductUID: "uid-g", ProductName: "Google Sydney", ConnectType: "GOOGLE", LocationID: 1, DiversityZone: "red", Rank: 1, VXCPermitted: true},
		{ProductUID: "uid-l", ProductName: "AWS London", ConnectType: "AWS", LocationID: 8, DiversityZone: "red", Rank: 3, VXCPermitted: true},
	}
	for _, tc := range []struct {
		name   string
		filter partnerFilter
		want   string // "" when nothing matches
	}{
		// Lowest rank; among equals those open to VXCs; then by name, then UID.
		{"rank, permitted, name, uid", partnerFilter{ConnectType: s("AWS"), LocationID: n(1)}, "uid-a"},
		{"zone narrows to a higher rank", partnerFilter{ConnectType: s("AWS"), DiversityZone: s("blue")}, "uid-c"},
		{"a closed port when it is the only match", partnerFilter{ProductName: s("AWS Sydney (red) closed")}, "uid-b"},
		{"by uid", partnerFilter{ProductUID: s("uid-z")}, "uid-z"},
		{"location", partnerFilter{LocationID: n(8)}, "uid-l"},
		{"no filters: the best of all", partnerFilter{}, "uid-a"},
		{"exact, case-sensitive", partnerFilter{ConnectType: s("aws")}, ""},
		{"every filter must match", partnerFilter{ConnectType: s("GOOGLE"), LocationID: n(8)}, ""},
		{"rotated uid", partnerFilter{ProductUID: s("uid-old")}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := bestPartnerPort(ports, tc.filter)
			if tc.want == "" {
				if ok {
					t.Fatalf("got %s, want no match", got.ProductUID)
				}
				return
			}
			if !ok || got.ProductUID != tc.want {
				t.Fatalf("got %q (found %v), want %s", got.ProductUID, ok, tc.want)
			}
		})
	}

	// The choice does not depend on the order the API lists the ports in.
	for i := range ports {
		rotated := append(append([]netfabapi.PartnerPort{}, ports[i:]...), ports[:i]...)
		if got, _ := bestPartnerPort(rotated, partnerFilter{ConnectType: s("AWS")}); got.ProductUID != "uid-a" {
			t.Fatalf("listing order %d: got %s, want uid-a", i, got.ProductUID)
		}
	}
}

func TestPartnerFilterString(t *testing.T) {
	s := func(v string) *string { return &v }
	n := int64(14)
	f := partnerFilter{ConnectType: s("AWS"), LocationID: &n, ProductUID: s("x")}
	if got, want := f.String(), `connect_type = "AWS", location_id = 14, product_uid = "x"`; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	if got := (partnerFilter{}).String(); got != "no filters" {
		t.Fatalf("got %s", got)
	}
}
