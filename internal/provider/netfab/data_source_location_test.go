package netfab

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
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
				assert.Contains(t, detail, want, "detail %q does not contain %q", detail, want)
			}
			if tc.name == "Nowhere" && strings.Contains(detail, "Similar") {
				t.Errorf("detail %q suggests names for a name like none", detail)
			}
		})
	}
}

// Acceptance tests of the data source. Every expectation is built from what
// the API answers directly (the `api` client), never from the data source's
// own code, so that wrong data fails the test.

func TestAccLocationDataSource_byIDAndName(t *testing.T) {
	accPreCheck(t)
	ctx := context.Background()
	locs, err := api.Locations(ctx)
	require.NoError(t, err)
	// One location offering everything, looked up by id, and one offering
	// little, looked up by name, so that the product flags are seen both ways.
	var full, partial netfabapi.Location
	for _, l := range locs {
		p := l.Products
		if full.ID == 0 && p.MCR && p.MVE && p.NATGateway {
			full = l
		}
		if partial.ID == 0 && !p.MCR && !p.NATGateway {
			partial = l
		}
	}
	if full.ID == 0 || partial.ID == 0 {
		t.Fatal("the seeded catalogue lacks the locations this test needs")
	}
	// The single-location endpoint must agree with the listing.
	byID, err := api.Location(ctx, full.ID)
	require.NoError(t, err)

	config := providerConfig() + fmt.Sprintf(`
data "netfab_location" "by_id" {
  id = %d
}

data "netfab_location" "by_name" {
  name = %q
}
`, full.ID, partial.Name)

	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			ConfigStateChecks: append(
				dsLocationChecks("data.netfab_location.by_id", byID),
				dsLocationChecks("data.netfab_location.by_name", partial)...,
			),
		}},
	})
}

// dsLocationChecks checks every attribute of a netfab_location against the
// API's location.
func dsLocationChecks(addr string, l netfabapi.Location) []statecheck.StateCheck {
	address := map[string]knownvalue.Check{}
	for k, v := range l.Address {
		address[k] = knownvalue.StringExact(v)
	}
	want := map[string]knownvalue.Check{
		"id":        knownvalue.Int64Exact(l.ID),
		"name":      knownvalue.StringExact(l.Name),
		"address":   knownvalue.MapExact(address),
		"country":   knownvalue.StringExact(l.Country),
		"latitude":  knownvalue.Float64Exact(l.Latitude),
		"longitude": knownvalue.Float64Exact(l.Longitude),
		"market":    knownvalue.StringExact(l.Market),
		"metro":     knownvalue.StringExact(l.Metro),
		"status":    knownvalue.StringExact(l.Status),
		"products": knownvalue.ObjectExact(map[string]knownvalue.Check{
			"mcr":                      knownvalue.Bool(l.Products.MCR),
			"mcr_speeds":               acctest.Int64List(l.Products.MCRSpeeds),
			"mve":                      knownvalue.Bool(l.Products.MVE),
			"port_speeds":              acctest.Int64List(l.Products.PortSpeeds),
			"nat_gateway":              knownvalue.Bool(l.Products.NATGateway),
			"ix_network_service_types": acctest.StringList(l.Products.IXNetworkTypes),
			"diversity_zones":          acctest.StringList(l.Products.DiversityZones),
		}),
		// Deprecated: no longer in the v3 API, always null.
		"site_code":          knownvalue.Null(),
		"campus":             knownvalue.Null(),
		"live_date":          knownvalue.Null(),
		"network_region":     knownvalue.Null(),
		"v_router_available": knownvalue.Null(),
	}
	var checks []statecheck.StateCheck
	for attr, check := range want {
		checks = append(checks, statecheck.ExpectKnownValue(addr, tfjsonpath.New(attr), check))
	}
	return checks
}

func TestAccLocationDataSource_invalidInput(t *testing.T) {
	accPreCheck(t)
	locs, err := api.Locations(context.Background())
	require.NoError(t, err)
	l := locs[0]
	step := func(body string, want *regexp.Regexp) resource.TestStep {
		return resource.TestStep{
			Config:      providerConfig() + "data \"netfab_location\" \"test\" {\n" + body + "\n}\n",
			ExpectError: want,
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			step(fmt.Sprintf("id = %d\nname = %q", l.ID, l.Name), acctest.ErrorMatching(`Exactly one of these attributes must be configured: [id,name]`)),
			step(``, acctest.ErrorMatching(`Exactly one of these attributes must be configured: [id,name]`)),
			// Filtering by site_code is refused, naming the attribute.
			step(fmt.Sprintf("id = %d\nsite_code = \"SY1\"", l.ID), regexp.MustCompile(`(?s)Filtering by site_code is no longer supported.*site_code`)),
			step(`id = 0`, acctest.ErrorMatching(`Attribute id value must be at least 1`)),
			step(`id = 987654`, acctest.ErrorMatching(`No location has the id 987654.`)),
			step(`name = "Nowhere At All"`, acctest.ErrorMatching(`No location is named "Nowhere At All"`)),
			// Names match exactly; a near miss is pointed at the real name.
			step(fmt.Sprintf("name = %q", strings.ToLower(l.Name)), acctest.ErrorMatching(fmt.Sprintf(`Similar names: %q (id %d)`, l.Name, l.ID))),
		},
	})
}
