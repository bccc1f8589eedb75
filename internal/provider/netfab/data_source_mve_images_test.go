package netfab

import (
	"slices"
	"testing"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

func TestMveImageFilter(t *testing.T) {
	s := func(v string) *string { return &v }
	n := func(v int64) *int64 { return &v }
	b := func(v bool) *bool { return &v }
	images := []netfabapi.MVEImage{
		{ID: 3, Vendor: "Cisco", Product: "C8000", Version: "17.15.01", ProductCode: "c8000v", ReleaseImage: false},
		{ID: 1, Vendor: "Cisco", Product: "C8000", Version: "17.09.04a", ProductCode: "c8000v", ReleaseImage: true},
		{ID: 4, Vendor: "Fortinet", Product: "FortiGate-VM", Version: "7.2.8", ProductCode: "fortigate", ReleaseImage: true},
		{ID: 2, Vendor: "Cisco", Product: "C8000", Version: "17.12.03", ProductCode: "c8000v", ReleaseImage: true},
	}
	for _, tc := range []struct {
		name   string
		filter mveImageFilter
		want   []int64
	}{
		{"no filters: all, by id", mveImageFilter{}, []int64{1, 2, 3, 4}},
		{"id", mveImageFilter{ID: n(4)}, []int64{4}},
		{"vendor", mveImageFilter{Vendor: s("Cisco")}, []int64{1, 2, 3}},
		{"vendor is case-sensitive", mveImageFilter{Vendor: s("cisco")}, []int64{}},
		{"release images of a vendor", mveImageFilter{Vendor: s("Cisco"), ReleaseImage: b(true)}, []int64{1, 2}},
		{"early access only", mveImageFilter{ReleaseImage: b(false)}, []int64{3}},
		{"product code and version", mveImageFilter{ProductCode: s("c8000v"), Version: s("17.12.03")}, []int64{2}},
		{"version is exact, not a prefix", mveImageFilter{Version: s("17")}, []int64{}},
		{"product", mveImageFilter{Product: s("FortiGate-VM")}, []int64{4}},
		{"conflicting filters", mveImageFilter{ID: n(4), Vendor: s("Cisco")}, []int64{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := []int64{}
			for _, img := range tc.filter.apply(images) {
				got = append(got, img.ID)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
		})
	}
	if images[0].ID != 3 {
		t.Fatal("apply reordered its input")
	}
}
