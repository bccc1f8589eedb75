package netfab

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
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
		{"vendor in any case, as upstream's", mveImageFilter{Vendor: s("cISCO")}, []int64{1, 2, 3}},
		{"vendor is whole, not a prefix", mveImageFilter{Vendor: s("Cis")}, []int64{}},
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
	require.EqualValues(t, 3, images[0].ID, "apply reordered its input")
}

// Acceptance tests of the data source. Every expectation is built from what
// the API answers directly (the `api` client), never from the data source's
// own code, so that wrong data fails the test.

func TestAccMveImagesDataSource_filters(t *testing.T) {
	accPreCheck(t)
	images, err := api.MVEImages(context.Background())
	require.NoError(t, err)
	if len(images) < 3 {
		t.Fatalf("the catalogue has %d MVE images, the test needs 3", len(images))
	}
	// Expectations are selected here with plain loops, independently of
	// the data source's filter.
	vendor := images[0].Vendor
	var vendorReleases, earlyAccess []netfabapi.MVEImage
	for _, img := range images {
		if img.Vendor == vendor && img.ReleaseImage {
			vendorReleases = append(vendorReleases, img)
		}
		if !img.ReleaseImage {
			earlyAccess = append(earlyAccess, img)
		}
	}
	if len(vendorReleases) == 0 || len(vendorReleases) == len(images) || len(earlyAccess) == 0 {
		t.Fatal("the catalogue does not let the filters narrow anything")
	}
	last := images[len(images)-1]

	config := providerConfig() + fmt.Sprintf(`
data "netfab_mve_images" "all" {}

data "netfab_mve_images" "vendor_releases" {
  vendor_filter        = %q
  release_image_filter = true
}

data "netfab_mve_images" "early_access" {
  release_image_filter = false
}

data "netfab_mve_images" "by_id" {
  id_filter = %d
}

data "netfab_mve_images" "by_code_and_version" {
  product_code_filter = %q
  product_filter      = %q
  version_filter      = %q
}

data "netfab_mve_images" "no_match" {
  vendor_filter = %q
}
`, vendor, last.ID, last.ProductCode, last.Product, last.Version, strings.ToUpper(vendor)+"x")

	const a = "data.netfab_mve_images."
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(a+"all", tfjsonpath.New("mve_images"), dsMVEImageList(images)),
				statecheck.ExpectKnownValue(a+"all", tfjsonpath.New("id"), knownvalue.StringExact("mve_images")),
				statecheck.ExpectKnownValue(a+"all", tfjsonpath.New("vendor_filter"), knownvalue.Null()),
				statecheck.ExpectKnownValue(a+"all", tfjsonpath.New("release_image_filter"), knownvalue.Null()),

				statecheck.ExpectKnownValue(a+"vendor_releases", tfjsonpath.New("mve_images"), dsMVEImageList(vendorReleases)),
				statecheck.ExpectKnownValue(a+"vendor_releases", tfjsonpath.New("vendor_filter"), knownvalue.StringExact(vendor)),
				statecheck.ExpectKnownValue(a+"vendor_releases", tfjsonpath.New("release_image_filter"), knownvalue.Bool(true)),
				statecheck.ExpectKnownValue(a+"vendor_releases", tfjsonpath.New("id_filter"), knownvalue.Null()),

				statecheck.ExpectKnownValue(a+"early_access", tfjsonpath.New("mve_images"), dsMVEImageList(earlyAccess)),
				statecheck.ExpectKnownValue(a+"early_access", tfjsonpath.New("release_image_filter"), knownvalue.Bool(false)),

				statecheck.ExpectKnownValue(a+"by_id", tfjsonpath.New("mve_images"), dsMVEImageList([]netfabapi.MVEImage{last})),
				statecheck.ExpectKnownValue(a+"by_id", tfjsonpath.New("id_filter"), knownvalue.Int64Exact(last.ID)),

				statecheck.ExpectKnownValue(a+"by_code_and_version", tfjsonpath.New("mve_images"), dsMVEImageList([]netfabapi.MVEImage{last})),
				statecheck.ExpectKnownValue(a+"by_code_and_version", tfjsonpath.New("product_code_filter"), knownvalue.StringExact(last.ProductCode)),
				statecheck.ExpectKnownValue(a+"by_code_and_version", tfjsonpath.New("product_filter"), knownvalue.StringExact(last.Product)),
				statecheck.ExpectKnownValue(a+"by_code_and_version", tfjsonpath.New("version_filter"), knownvalue.StringExact(last.Version)),

				// No match is an empty list, not an error.
				statecheck.ExpectKnownValue(a+"no_match", tfjsonpath.New("mve_images"), knownvalue.ListExact([]knownvalue.Check{})),
			},
		}},
	})
}

func dsMVEImageList(images []netfabapi.MVEImage) knownvalue.Check {
	checks := make([]knownvalue.Check, 0, len(images))
	for _, img := range images {
		checks = append(checks, knownvalue.ObjectExact(map[string]knownvalue.Check{
			"id":                 knownvalue.Int64Exact(img.ID),
			"version":            knownvalue.StringExact(img.Version),
			"product":            knownvalue.StringExact(img.Product),
			"vendor":             knownvalue.StringExact(img.Vendor),
			"vendor_description": knownvalue.StringExact(img.VendorDescription),
			"release_image":      knownvalue.Bool(img.ReleaseImage),
			"product_code":       knownvalue.StringExact(img.ProductCode),
			"available_sizes":    acctest.StringList(img.AvailableSizes),
		}))
	}
	return knownvalue.ListExact(checks)
}

// Issue 39 item 9: the MVE images upstream's v1.13 examples and tests look up
// (../shared/upstream-fixtures/netfab-catalogue-needs.md, section 3) are
// found, each with the size its configuration orders.
func TestAccMveImagesDataSource_upstreamExampleImages(t *testing.T) {
	accPreCheck(t)
	image := func(id int64, vendor, product, version string, size string) knownvalue.Check {
		return knownvalue.ListPartial(map[int]knownvalue.Check{0: knownvalue.ObjectPartial(map[string]knownvalue.Check{
			"id": knownvalue.Int64Exact(id), "vendor": knownvalue.StringExact(vendor), "product": knownvalue.StringRegexp(regexp.MustCompile(product)),
			"version": knownvalue.StringRegexp(regexp.MustCompile(version)), "release_image": knownvalue.Bool(true),
			"available_sizes": knownvalue.SetPartial([]knownvalue.Check{knownvalue.StringExact(size)}),
		})})
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: providerConfig() + `
data "netfab_mve_images" "aviatrix" {
  vendor_filter = "Aviatrix"
  id_filter     = 15
}
data "netfab_mve_images" "sixwind" {
  vendor_filter = "6wind"
}
data "netfab_mve_images" "ftdv" {
  vendor_filter = "Cisco"
  id_filter     = 14
}
data "netfab_mve_images" "fortinet" {
  vendor_filter  = "Fortinet"
  version_filter = "7.6.3"
}
data "netfab_mve_images" "versa" {
  vendor_filter = "Versa"
  id_filter     = 11
}
`,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.netfab_mve_images.aviatrix", tfjsonpath.New("mve_images"), image(15, "Aviatrix", ".", ".", "SMALL")),
				statecheck.ExpectKnownValue("data.netfab_mve_images.sixwind", tfjsonpath.New("mve_images"), image(16, "6WIND", ".", ".", "SMALL")),
				statecheck.ExpectKnownValue("data.netfab_mve_images.ftdv", tfjsonpath.New("mve_images"), image(14, "Cisco", "Firewall", ".", "MEDIUM")),
				statecheck.ExpectKnownValue("data.netfab_mve_images.fortinet", tfjsonpath.New("mve_images"), image(25, "Fortinet", ".", `^7\.6\.3$`, "SMALL")),
				statecheck.ExpectKnownValue("data.netfab_mve_images.versa", tfjsonpath.New("mve_images"), image(11, "Versa", ".", ".", "SMALL")),
				statecheck.ExpectKnownValue("data.netfab_mve_images.aviatrix", tfjsonpath.New("mve_images"), knownvalue.ListSizeExact(1)),
				statecheck.ExpectKnownValue("data.netfab_mve_images.fortinet", tfjsonpath.New("mve_images"), knownvalue.ListSizeExact(1)),
			},
		}},
	})
}
