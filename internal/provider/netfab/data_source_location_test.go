package netfab

import (
	"strings"
	"testing"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

func TestLocationNamed(t *testing.T) {
	locs := []netfabapi.Location{
		{ID: 1, Name: "Equinix SY1"},
		{ID: 2, Name: "Equinix SY3"},
		{ID: 9, Name: "Telehouse North"},
		{ID: 30, Name: "Twin"},
		{ID: 31, Name: "Twin"},
	}
	for _, tc := range []struct {
		name       string
		wantID     int64
		wantDetail []string // substrings of the error detail
	}{
		{name: "Equinix SY3", wantID: 2},
		{name: "equinix sy3", wantDetail: []string{`No location is named "equinix sy3"`, `"Equinix SY3" (id 2)`, "by id"}},
		{name: "Equinix", wantDetail: []string{`"Equinix SY1" (id 1), "Equinix SY3" (id 2)`}},
		{name: "Nowhere", wantDetail: []string{`No location is named "Nowhere"`}},
		{name: "Twin", wantDetail: []string{`2 locations are named "Twin" (ids 30, 31)`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var detail string
			got, ok := locationNamed(locs, tc.name, func(_, d string) { detail = d })
			if tc.wantID != 0 {
				if !ok || got.ID != tc.wantID {
					t.Fatalf("got %d (found %v, %s), want %d", got.ID, ok, detail, tc.wantID)
				}
				return
			}
			if ok {
				t.Fatalf("found %d, want an error", got.ID)
			}
			for _, want := range tc.wantDetail {
				if !strings.Contains(detail, want) {
					t.Errorf("detail %q does not contain %q", detail, want)
				}
			}
			if tc.name == "Nowhere" && strings.Contains(detail, "Similar") {
				t.Errorf("detail %q suggests names for a name like none", detail)
			}
		})
	}
}
