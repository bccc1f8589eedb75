package netfab

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	sandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
)

// Acceptance tests of the data sources. Every expectation is built from what
// the API answers directly (the `api` client), never from the data source's
// own code, so that wrong data fails the test.

// TestDataSourceSchemas checks the names and the documented promises of the
// eight data sources' schemas, without calling the API.
func TestDataSourceSchemas(t *testing.T) {
	ctx := context.Background()
	p := New("test")()
	want := map[string][]string{
		"netfab_location":                {"id", "name", "site_code", "address", "campus", "country", "latitude", "live_date", "longitude", "market", "metro", "network_region", "products", "status", "v_router_available"},
		"netfab_mcr_prefix_filter_lists": {"id", "mcr_id", "prefix_filter_lists"},
		"netfab_mcrs":                    {"id", "product_uid", "mcrs"},
		"netfab_mve_images":              {"id", "id_filter", "product_code_filter", "product_filter", "vendor_filter", "version_filter", "release_image_filter", "mve_images"},
		"netfab_mve_sizes":               {"id", "mve_sizes"},
		"netfab_mves":                    {"id", "product_uid", "include_resource_tags", "mves"},
		"netfab_partner":                 {"id", "company_name", "company_uid", "connect_type", "diversity_zone", "location_id", "product_name", "product_uid", "rank", "speed", "vxc_permitted"},
		"netfab_vxcs":                    {"id", "product_uid", "include_resource_tags", "vxcs"},
	}
	seen := map[string]bool{}
	for _, newDataSource := range p.DataSources(ctx) {
		d := newDataSource()
		var meta datasource.MetadataResponse
		d.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: "netfab"}, &meta)
		attrs, ok := want[meta.TypeName]
		if !ok {
			continue // another engineer's data source
		}
		seen[meta.TypeName] = true
		var resp datasource.SchemaResponse
		d.Schema(ctx, datasource.SchemaRequest{}, &resp)
		if resp.Diagnostics.HasError() {
			t.Fatalf("%s: %v", meta.TypeName, resp.Diagnostics)
		}
		if diags := resp.Schema.ValidateImplementation(ctx); diags.HasError() {
			t.Errorf("%s: %v", meta.TypeName, diags)
		}
		got := slices.Sorted(maps.Keys(resp.Schema.Attributes))
		if !slices.Equal(got, slices.Sorted(slices.Values(attrs))) {
			t.Errorf("%s has the attributes %v, want %v", meta.TypeName, got, slices.Sorted(slices.Values(attrs)))
		}
		if resp.Schema.Description == "" {
			t.Errorf("%s has no description", meta.TypeName)
		}
		for name, a := range resp.Schema.Attributes {
			if a.GetDescription() == "" {
				t.Errorf("%s.%s has no description", meta.TypeName, name)
			}
		}
		if tags, ok := resp.Schema.Attributes["include_resource_tags"]; ok && !strings.Contains(tags.GetDescription(), "one extra API call per") {
			t.Errorf("%s.include_resource_tags does not document its cost", meta.TypeName)
		}
		switch meta.TypeName {
		case "netfab_location":
			if _, ok := resp.Schema.Attributes["id"].(schema.Int64Attribute); !ok {
				t.Errorf("netfab_location.id is %T, want a number", resp.Schema.Attributes["id"])
			}
			for _, name := range []string{"campus", "live_date", "network_region", "v_router_available", "site_code"} {
				if resp.Schema.Attributes[name].GetDeprecationMessage() != "no longer available in the v3 locations API; to be removed in a future version" {
					t.Errorf("netfab_location.%s is not deprecated as %q", name, locationV3Deprecation)
				}
			}
		case "netfab_partner":
			if !strings.Contains(resp.Schema.Description, "Partner port UIDs can change when the vendor rotates ports. Set `product_uid` explicitly once connections exist") {
				t.Errorf("netfab_partner does not warn about rotated partner port UIDs")
			}
		default:
			if _, ok := resp.Schema.Attributes["id"].(schema.StringAttribute); !ok {
				t.Errorf("%s.id is %T, want a string", meta.TypeName, resp.Schema.Attributes["id"])
			}
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("the provider does not serve %s", name)
		}
	}
}

// ---------------------------------------------------------------------------
// netfab_location

func TestAccLocationDataSource_byIDAndName(t *testing.T) {
	accPreCheck(t)
	ctx := context.Background()
	locs, err := api.Locations(ctx)
	if err != nil {
		t.Fatal(err)
	}
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
	if err != nil {
		t.Fatal(err)
	}

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
			"mcr_speeds":               dsInt64List(l.Products.MCRSpeeds),
			"mve":                      knownvalue.Bool(l.Products.MVE),
			"port_speeds":              dsInt64List(l.Products.PortSpeeds),
			"nat_gateway":              knownvalue.Bool(l.Products.NATGateway),
			"ix_network_service_types": dsStringList(l.Products.IXNetworkTypes),
			"diversity_zones":          dsStringList(l.Products.DiversityZones),
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
	if err != nil {
		t.Fatal(err)
	}
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
			step(fmt.Sprintf("id = %d\nname = %q", l.ID, l.Name), dsErr(`Exactly one of these attributes must be configured: [id,name]`)),
			step(``, dsErr(`Exactly one of these attributes must be configured: [id,name]`)),
			// Filtering by site_code is refused, naming the attribute.
			step(fmt.Sprintf("id = %d\nsite_code = \"SY1\"", l.ID), regexp.MustCompile(`(?s)Filtering by site_code is no longer supported.*site_code`)),
			step(`id = 0`, dsErr(`Attribute id value must be at least 1`)),
			step(`id = 987654`, dsErr(`No location has the id 987654.`)),
			step(`name = "Nowhere At All"`, dsErr(`No location is named "Nowhere At All"`)),
			// Names match exactly; a near miss is pointed at the real name.
			step(fmt.Sprintf("name = %q", strings.ToLower(l.Name)), dsErr(fmt.Sprintf(`Similar names: %q (id %d)`, l.Name, l.ID))),
		},
	})
}

// ---------------------------------------------------------------------------
// netfab_mve_images and netfab_mve_sizes

func TestAccMveImagesDataSource_filters(t *testing.T) {
	accPreCheck(t)
	images, err := api.MVEImages(context.Background())
	if err != nil {
		t.Fatal(err)
	}
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

data "netfab_mve_images" "case_sensitive" {
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
				statecheck.ExpectKnownValue(a+"case_sensitive", tfjsonpath.New("mve_images"), knownvalue.ListExact([]knownvalue.Check{})),
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
			"available_sizes":    dsStringList(img.AvailableSizes),
		}))
	}
	return knownvalue.ListExact(checks)
}

func TestAccMveSizesDataSource_catalogue(t *testing.T) {
	accPreCheck(t)
	sizes, err := api.MVESizes(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(sizes) == 0 {
		t.Fatal("the catalogue has no MVE sizes")
	}
	want := make([]knownvalue.Check, 0, len(sizes))
	for _, s := range sizes {
		want = append(want, knownvalue.ObjectExact(map[string]knownvalue.Check{
			"size":           knownvalue.StringExact(s.Size),
			"label":          knownvalue.StringExact(s.Label),
			"cpu_core_count": knownvalue.Int64Exact(s.CPUCoreCount),
			"ram_gb":         knownvalue.Int64Exact(s.RAMGB),
		}))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: providerConfig() + `data "netfab_mve_sizes" "test" {}`,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.netfab_mve_sizes.test", tfjsonpath.New("mve_sizes"), knownvalue.ListExact(want)),
				statecheck.ExpectKnownValue("data.netfab_mve_sizes.test", tfjsonpath.New("id"), knownvalue.StringExact("mve_sizes")),
			},
		}},
	})
}

// ---------------------------------------------------------------------------
// netfab_partner

func TestAccPartnerDataSource_bestMatch(t *testing.T) {
	accPreCheck(t)
	ctx := context.Background()
	ports, err := api.PartnerPorts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	locs, err := api.Locations(ctx)
	if err != nil {
		t.Fatal(err)
	}

	// A connect type and location with ports of distinct ranks in distinct
	// zones: the filters on the two alone match several ports.
	type group struct {
		connectType string
		location    int64
	}
	groups := map[group][]netfabapi.PartnerPort{}
	var keys []group
	for _, p := range ports {
		k := group{p.ConnectType, p.LocationID}
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], p)
	}
	var best, other netfabapi.PartnerPort
	var g group
	for _, k := range keys {
		ps := groups[k]
		if len(ps) < 2 {
			continue
		}
		byRank := slices.Clone(ps)
		slices.SortFunc(byRank, func(a, b netfabapi.PartnerPort) int { return int(a.Rank - b.Rank) })
		if byRank[0].Rank == byRank[1].Rank {
			continue
		}
		for _, q := range byRank[1:] {
			inZone := 0
			for _, r := range ps {
				if r.DiversityZone == q.DiversityZone {
					inZone++
				}
			}
			if q.DiversityZone != byRank[0].DiversityZone && inZone == 1 {
				best, other, g = byRank[0], q, k
				break
			}
		}
		if best.ProductUID != "" {
			break
		}
	}
	if best.ProductUID == "" {
		t.Fatal("the catalogue has no connect type and location with ranked ports in two zones")
	}
	var closed netfabapi.PartnerPort
	for _, p := range ports {
		if !p.VXCPermitted {
			closed = p
			break
		}
	}
	if closed.ProductUID == "" {
		t.Fatal("the catalogue has no partner port closed to cross-connects")
	}
	var elsewhere int64
	for _, l := range locs {
		if !slices.ContainsFunc(ports, func(p netfabapi.PartnerPort) bool { return p.ConnectType == g.connectType && p.LocationID == l.ID }) {
			elsewhere = l.ID
			break
		}
	}
	if elsewhere == 0 {
		t.Fatalf("every location has a %s partner port", g.connectType)
	}

	config := providerConfig() + fmt.Sprintf(`
data "netfab_partner" "best" {
  connect_type = %[1]q
  location_id  = %[2]d
}

data "netfab_partner" "zone" {
  connect_type   = %[1]q
  location_id    = %[2]d
  diversity_zone = %[3]q
}

data "netfab_partner" "closed" {
  product_name = %[4]q
}

data "netfab_partner" "by_uid" {
  product_uid = %[5]q
}

data "netfab_partner" "company" {
  company_name = %[6]q
  company_uid  = %[7]q
  connect_type = %[1]q
  location_id  = %[2]d
}
`, g.connectType, g.location, other.DiversityZone, closed.ProductName, other.ProductUID, best.CompanyName, best.CompanyUID)

	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		// Invalid configurations come first: the test's final destroy runs
		// with the last step's configuration, which must therefore be valid.
		Steps: []resource.TestStep{
			{
				Config: providerConfig() + `
data "netfab_partner" "test" {
  connect_type = "AMAZON"
}
`,
				ExpectError: regexp.MustCompile(`(?s)connect_type.*value must be one of`),
			},
			{
				Config: providerConfig() + `
data "netfab_partner" "test" {
  location_id = 0
}
`,
				ExpectError: dsErr(`Attribute location_id value must be at least 1`),
			},
			{
				Config: config,
				ConfigStateChecks: slices.Concat(
					// The lowest rank wins; unset inputs are filled from the match.
					dsPartnerChecks("data.netfab_partner.best", best),
					// Narrowing by zone picks the other port.
					dsPartnerChecks("data.netfab_partner.zone", other),
					dsPartnerChecks("data.netfab_partner.closed", closed),
					dsPartnerChecks("data.netfab_partner.by_uid", other),
					dsPartnerChecks("data.netfab_partner.company", best),
				),
			},
			{
				Config: providerConfig() + fmt.Sprintf(`
data "netfab_partner" "test" {
  connect_type = %q
  location_id  = %d
}
`, g.connectType, elsewhere),
				ExpectError: dsErr(fmt.Sprintf(`No partner port matches connect_type = %q, location_id = %d.`, g.connectType, elsewhere)),
			},
		},
	})
}

// dsPartnerChecks checks every attribute of a netfab_partner against the
// partner port the API lists.
func dsPartnerChecks(addr string, p netfabapi.PartnerPort) []statecheck.StateCheck {
	want := map[string]knownvalue.Check{
		"id":             knownvalue.StringExact(p.ProductUID),
		"product_uid":    knownvalue.StringExact(p.ProductUID),
		"product_name":   knownvalue.StringExact(p.ProductName),
		"company_name":   knownvalue.StringExact(p.CompanyName),
		"company_uid":    knownvalue.StringExact(p.CompanyUID),
		"connect_type":   knownvalue.StringExact(p.ConnectType),
		"diversity_zone": knownvalue.StringExact(p.DiversityZone),
		"location_id":    knownvalue.Int64Exact(p.LocationID),
		"rank":           knownvalue.Int64Exact(p.Rank),
		"speed":          knownvalue.Int64Exact(p.Speed),
		"vxc_permitted":  knownvalue.Bool(p.VXCPermitted),
	}
	var checks []statecheck.StateCheck
	for attr, check := range want {
		checks = append(checks, statecheck.ExpectKnownValue(addr, tfjsonpath.New(attr), check))
	}
	return checks
}

// TestAccPartnerDataSource_rotatedPortUID rotates a partner port through the
// sandbox's admin operation, as the vendor does: a lookup by name follows the
// port to its new UID, while a configuration pinned to the old UID fails with
// an error that says why. It uses a sandbox of its own, so that the rotation
// cannot change the partner ports other tests see.
func TestAccPartnerDataSource_rotatedPortUID(t *testing.T) {
	accPreCheck(t)
	ctx := context.Background()
	url := startSandbox(t, testDelay)
	admin, err := client.New(client.Config{BaseURL: url, AccessKey: sandbox.DefaultAccessKey, SecretKey: sandbox.DefaultSecretKey})
	if err != nil {
		t.Fatal(err)
	}
	ports, err := admin.PartnerPorts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	port := ports[0]
	oldUID := port.ProductUID
	var newUID string

	provider := fmt.Sprintf("provider \"netfab\" {\n  environment = %q\n}\n", url)
	byName := provider + fmt.Sprintf(`
data "netfab_partner" "test" {
  product_name = %q
}
`, port.ProductName)
	byUID := func(uid string) string {
		return provider + fmt.Sprintf(`
data "netfab_partner" "test" {
  product_uid = %q
}
`, uid)
	}
	const addr = "data.netfab_partner.test"
	isNewUID := knownvalue.StringFunc(func(v string) error {
		if v == oldUID || v != newUID {
			return fmt.Errorf("product_uid is %s, want the rotated UID %s (old %s)", v, newUID, oldUID)
		}
		return nil
	})

	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: byName,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("product_uid"), knownvalue.StringExact(oldUID)),
				},
			},
			{
				PreConfig: func() {
					rot, err := admin.RotatePartnerPort(ctx, sandbox.DefaultAdminKey, oldUID)
					if err != nil {
						t.Fatalf("rotating partner port %s: %v", oldUID, err)
					}
					if rot.OldProductUID != oldUID || rot.NewProductUID == "" || rot.NewProductUID == oldUID {
						t.Fatalf("unexpected rotation %+v", rot)
					}
					newUID = rot.NewProductUID
				},
				// The lookup by name follows the port to its new UID.
				Config: byName,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("product_uid"), isNewUID),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), isNewUID),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("product_name"), knownvalue.StringExact(port.ProductName)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("rank"), knownvalue.Int64Exact(port.Rank)),
				},
			},
			{
				// A configuration pinned to the old UID fails, and says why.
				Config:      byUID(oldUID),
				ExpectError: dsErr(fmt.Sprintf(`No partner port matches product_uid = %q. Every set filter must match exactly, including case. Partner port UIDs change when the vendor rotates ports`, oldUID)),
			},
		},
	})

	// The new UID, known only now, finds the same port.
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: byUID(newUID),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("product_uid"), knownvalue.StringExact(newUID)),
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("product_name"), knownvalue.StringExact(port.ProductName)),
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("connect_type"), knownvalue.StringExact(port.ConnectType)),
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("location_id"), knownvalue.Int64Exact(port.LocationID)),
			},
		}},
	})
}

// ---------------------------------------------------------------------------
// netfab_mcrs and netfab_mcr_prefix_filter_lists

func TestAccMcrsDataSource_orderedMcrs(t *testing.T) {
	accPreCheck(t)
	ctx := context.Background()
	loc := dsLocation(t, offersMCR)
	speeds := loc.Products.MCRSpeeds
	ordered := dsOrder(t,
		netfabapi.OrderItem{
			ProductType: netfabapi.ProductTypeMCR, ProductName: uniqueName(t, "a"), LocationID: loc.ID,
			PortSpeed: speeds[0], ContractTermMonths: 1, CostCentre: "network-ops",
			ResourceTags: map[string]string{"team": "platform"},
			MCR:          &netfabapi.MCROrder{ASN: 64512},
		},
		netfabapi.OrderItem{
			ProductType: netfabapi.ProductTypeMCR, ProductName: uniqueName(t, "b"), LocationID: loc.ID,
			PortSpeed: speeds[len(speeds)-1], ContractTermMonths: 12,
		},
	)
	a, b := ordered[0], ordered[1]
	if a.MCR == nil || a.MCR.ASN != 64512 || a.CostCentre != "network-ops" {
		t.Fatalf("the service did not keep the ordered MCR's settings: %+v", a)
	}
	// A cancelled MCR is not listed, but can still be read by its UID.
	gone := dsOrder(t, netfabapi.OrderItem{
		ProductType: netfabapi.ProductTypeMCR, ProductName: uniqueName(t, "cancelled"), LocationID: loc.ID,
		PortSpeed: speeds[0], ContractTermMonths: 1,
	})[0]
	if err := api.CancelProduct(ctx, gone.ProductUID); err != nil {
		t.Fatal(err)
	}
	active, err := api.Products(ctx, netfabapi.ProductTypeMCR)
	if err != nil {
		t.Fatal(err)
	}
	// A product of another type, to read by the wrong data source.
	port := dsOrder(t, netfabapi.OrderItem{
		ProductType: netfabapi.ProductTypePort, ProductName: uniqueName(t, "port"), LocationID: loc.ID,
		PortSpeed: loc.Products.PortSpeeds[0], ContractTermMonths: 1,
	})[0]

	config := providerConfig() + fmt.Sprintf(`
data "netfab_mcrs" "all" {}

data "netfab_mcrs" "one" {
  product_uid = %q
}

data "netfab_mcrs" "cancelled" {
  product_uid = %q
}
`, a.ProductUID, gone.ProductUID)

	const all, one = "data.netfab_mcrs.all", "data.netfab_mcrs.one"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					// Without product_uid: every active MCR, those ordered here included.
					statecheck.ExpectKnownValue(all, tfjsonpath.New("mcrs"), knownvalue.ListSizeExact(len(active))),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("mcrs"), dsListElement("product_uid", a.ProductUID, dsMCRItem(a))),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("mcrs"), dsListElement("product_uid", b.ProductUID, dsMCRItem(b))),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("mcrs"), dsNoListElement("product_uid", gone.ProductUID)),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("product_uid"), knownvalue.Null()),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("id"), knownvalue.StringExact("mcrs")),
					// With it: exactly that MCR.
					statecheck.ExpectKnownValue(one, tfjsonpath.New("mcrs"), knownvalue.ListExact([]knownvalue.Check{dsMCRItem(a)})),
					statecheck.ExpectKnownValue(one, tfjsonpath.New("product_uid"), knownvalue.StringExact(a.ProductUID)),
					statecheck.ExpectKnownValue(one, tfjsonpath.New("id"), knownvalue.StringExact("mcrs?product_uid="+a.ProductUID)),
					statecheck.ExpectKnownValue("data.netfab_mcrs.cancelled", tfjsonpath.New("mcrs"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"product_uid":         knownvalue.StringExact(gone.ProductUID),
							"provisioning_status": knownvalue.StringRegexp(regexp.MustCompile(`^(CANCELLED|DECOMMISSIONED)$`)),
						}),
					})),
				},
			},
			{
				Config:      providerConfig() + fmt.Sprintf("data \"netfab_mcrs\" \"test\" {\n  product_uid = %q\n}\n", port.ProductUID),
				ExpectError: dsErr(fmt.Sprintf(`Product %s (%q) is a port, not an MCR.`, port.ProductUID, port.ProductName)),
			},
			{
				Config:      providerConfig() + "data \"netfab_mcrs\" \"test\" {\n  product_uid = \"no-such-mcr\"\n}\n",
				ExpectError: dsErr(`No product has the UID "no-such-mcr".`),
			},
		},
	})
}

func dsMCRItem(p netfabapi.Product) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{
		"product_uid":            knownvalue.StringExact(p.ProductUID),
		"product_id":             knownvalue.Int64Exact(p.ProductID),
		"product_name":           knownvalue.StringExact(p.ProductName),
		"provisioning_status":    knownvalue.StringExact(p.ProvisioningStatus),
		"location_id":            knownvalue.Int64Exact(p.LocationID),
		"market":                 knownvalue.StringExact(p.Market),
		"port_speed":             knownvalue.Int64Exact(p.PortSpeed),
		"contract_term_months":   knownvalue.Int64Exact(p.ContractTermMonths),
		"contract_start_date":    dsStringOrNull(p.ContractStartDate),
		"contract_end_date":      dsStringOrNull(p.ContractEndDate),
		"diversity_zone":         knownvalue.StringExact(p.DiversityZone),
		"asn":                    knownvalue.Int64Exact(p.MCR.ASN),
		"cost_centre":            dsStringOrNull(p.CostCentre),
		"marketplace_visibility": knownvalue.Bool(p.MarketplaceVisibility),
		"vxc_permitted":          knownvalue.Bool(p.VXCPermitted),
		"create_date":            knownvalue.StringExact(p.CreateDate),
		"live_date":              knownvalue.StringExact(p.LiveDate),
	})
}

func TestAccMcrPrefixFilterListsDataSource_lists(t *testing.T) {
	accPreCheck(t)
	ctx := context.Background()
	loc := dsLocation(t, offersMCR)
	mcrs := dsOrder(t,
		netfabapi.OrderItem{ProductType: netfabapi.ProductTypeMCR, ProductName: uniqueName(t, "lists"), LocationID: loc.ID, PortSpeed: loc.Products.MCRSpeeds[0], ContractTermMonths: 1},
		netfabapi.OrderItem{ProductType: netfabapi.ProductTypeMCR, ProductName: uniqueName(t, "none"), LocationID: loc.ID, PortSpeed: loc.Products.MCRSpeeds[0], ContractTermMonths: 1},
	)
	withLists, without := mcrs[0], mcrs[1]
	for _, l := range []netfabapi.PrefixList{
		{Description: "v4 customers", AddressFamily: "IPv4", Entries: []netfabapi.PrefixEntry{
			{Action: "permit", Prefix: "10.0.0.0/8", Ge: 16, Le: 24},
			{Action: "deny", Prefix: "192.168.0.0/16"},
		}},
		{Description: "v6 customers", AddressFamily: "IPv6", Entries: []netfabapi.PrefixEntry{
			{Action: "permit", Prefix: "2001:db8::/32", Le: 48},
		}},
	} {
		if _, err := api.CreateMCRPrefixFilterList(ctx, withLists.ProductUID, l); err != nil {
			t.Fatal(err)
		}
	}
	lists, err := api.MCRPrefixFilterLists(ctx, withLists.ProductUID)
	if err != nil {
		t.Fatal(err)
	}
	if len(lists) != 2 {
		t.Fatalf("the MCR has %d prefix filter lists, want 2", len(lists))
	}
	want := make([]knownvalue.Check, 0, len(lists))
	for _, l := range lists {
		entries := make([]knownvalue.Check, 0, len(l.Entries))
		for _, e := range l.Entries {
			entries = append(entries, knownvalue.ObjectExact(map[string]knownvalue.Check{
				"action": knownvalue.StringExact(e.Action),
				"prefix": knownvalue.StringExact(e.Prefix),
				"ge":     dsInt64OrNull(e.Ge),
				"le":     dsInt64OrNull(e.Le),
			}))
		}
		want = append(want, knownvalue.ObjectExact(map[string]knownvalue.Check{
			"id":             knownvalue.Int64Exact(l.ID),
			"description":    knownvalue.StringExact(l.Description),
			"address_family": knownvalue.StringExact(l.AddressFamily),
			"entries":        knownvalue.ListExact(entries),
		}))
	}

	config := providerConfig() + fmt.Sprintf(`
data "netfab_mcr_prefix_filter_lists" "lists" {
  mcr_id = %q
}

data "netfab_mcr_prefix_filter_lists" "none" {
  mcr_id = %q
}
`, withLists.ProductUID, without.ProductUID)

	const addr = "data.netfab_mcr_prefix_filter_lists.lists"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      providerConfig() + "data \"netfab_mcr_prefix_filter_lists\" \"test\" {}\n",
				ExpectError: dsErr(`The argument "mcr_id" is required`),
			},
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("prefix_filter_lists"), knownvalue.ListExact(want)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("mcr_id"), knownvalue.StringExact(withLists.ProductUID)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact(withLists.ProductUID)),
					statecheck.ExpectKnownValue("data.netfab_mcr_prefix_filter_lists.none", tfjsonpath.New("prefix_filter_lists"), knownvalue.ListExact([]knownvalue.Check{})),
				},
			},
			{
				Config:      providerConfig() + "data \"netfab_mcr_prefix_filter_lists\" \"test\" {\n  mcr_id = \"no-such-mcr\"\n}\n",
				ExpectError: dsErr(`No MCR has the product UID "no-such-mcr"`),
			},
		},
	})
}

// ---------------------------------------------------------------------------
// netfab_mves

func TestAccMvesDataSource_orderedMves(t *testing.T) {
	accPreCheck(t)
	ctx := context.Background()
	loc := dsLocation(t, func(p netfabapi.LocationProducts) bool { return p.MVE })
	images, err := api.MVEImages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Two images of the catalogue, each with one of its sizes.
	i := slices.IndexFunc(images, func(img netfabapi.MVEImage) bool { return img.ReleaseImage })
	first, second := images[i], images[len(images)-1]
	tags := map[string]string{"team": "edge", "env": "test"}
	ordered := dsOrder(t,
		netfabapi.OrderItem{
			ProductType: netfabapi.ProductTypeMVE, ProductName: uniqueName(t, "tagged"), LocationID: loc.ID,
			ContractTermMonths: 12, CostCentre: "edge-ops", ResourceTags: tags,
			MVE: &netfabapi.MVEConfig{ImageID: first.ID, Size: first.AvailableSizes[0]},
		},
		netfabapi.OrderItem{
			ProductType: netfabapi.ProductTypeMVE, ProductName: uniqueName(t, "untagged"), LocationID: loc.ID,
			ContractTermMonths: 1,
			MVE:                &netfabapi.MVEConfig{ImageID: second.ID, Size: second.AvailableSizes[len(second.AvailableSizes)-1]},
		},
	)
	tagged, untagged := ordered[0], ordered[1]
	if tagged.MVE == nil || tagged.MVE.ImageID != first.ID || tagged.MVE.Vendor != first.Vendor {
		t.Fatalf("the service did not keep the ordered MVE's image: %+v", tagged.MVE)
	}
	active, err := api.Products(ctx, netfabapi.ProductTypeMVE)
	if err != nil {
		t.Fatal(err)
	}

	config := providerConfig() + fmt.Sprintf(`
data "netfab_mves" "all" {}

data "netfab_mves" "all_with_tags" {
  include_resource_tags = true
}

data "netfab_mves" "one" {
  product_uid           = %q
  include_resource_tags = true
}
`, tagged.ProductUID)

	const all, allTags, one = "data.netfab_mves.all", "data.netfab_mves.all_with_tags", "data.netfab_mves.one"
	noTags := knownvalue.Null()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(all, tfjsonpath.New("mves"), knownvalue.ListSizeExact(len(active))),
					// Tags are not read unless asked for.
					statecheck.ExpectKnownValue(all, tfjsonpath.New("mves"), dsListElement("product_uid", tagged.ProductUID, dsMVEItem(tagged, noTags))),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("mves"), dsListElement("product_uid", untagged.ProductUID, dsMVEItem(untagged, noTags))),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("include_resource_tags"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("product_uid"), knownvalue.Null()),

					statecheck.ExpectKnownValue(allTags, tfjsonpath.New("mves"), dsListElement("product_uid", tagged.ProductUID, dsMVEItem(tagged, dsStringMap(tags)))),
					statecheck.ExpectKnownValue(allTags, tfjsonpath.New("mves"), dsListElement("product_uid", untagged.ProductUID, dsMVEItem(untagged, dsStringMap(nil)))),
					statecheck.ExpectKnownValue(allTags, tfjsonpath.New("include_resource_tags"), knownvalue.Bool(true)),

					statecheck.ExpectKnownValue(one, tfjsonpath.New("mves"), knownvalue.ListExact([]knownvalue.Check{dsMVEItem(tagged, dsStringMap(tags))})),
					statecheck.ExpectKnownValue(one, tfjsonpath.New("product_uid"), knownvalue.StringExact(tagged.ProductUID)),
					statecheck.ExpectKnownValue(one, tfjsonpath.New("include_resource_tags"), knownvalue.Bool(true)),
				},
			},
			{
				Config:      providerConfig() + fmt.Sprintf("data \"netfab_mves\" \"test\" {\n  product_uid = %q\n}\n", untagged.ProductUID+"x"),
				ExpectError: dsErr(fmt.Sprintf(`No product has the UID %q.`, untagged.ProductUID+"x")),
			},
		},
	})
}

func dsMVEItem(p netfabapi.Product, tags knownvalue.Check) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{
		"product_uid":            knownvalue.StringExact(p.ProductUID),
		"product_id":             knownvalue.Int64Exact(p.ProductID),
		"product_name":           knownvalue.StringExact(p.ProductName),
		"provisioning_status":    knownvalue.StringExact(p.ProvisioningStatus),
		"location_id":            knownvalue.Int64Exact(p.LocationID),
		"market":                 knownvalue.StringExact(p.Market),
		"diversity_zone":         knownvalue.StringExact(p.DiversityZone),
		"image_id":               knownvalue.Int64Exact(p.MVE.ImageID),
		"size":                   knownvalue.StringExact(p.MVE.Size),
		"vendor":                 knownvalue.StringExact(p.MVE.Vendor),
		"port_speed":             knownvalue.Int64Exact(p.PortSpeed),
		"contract_term_months":   knownvalue.Int64Exact(p.ContractTermMonths),
		"contract_start_date":    dsStringOrNull(p.ContractStartDate),
		"contract_end_date":      dsStringOrNull(p.ContractEndDate),
		"cost_centre":            dsStringOrNull(p.CostCentre),
		"marketplace_visibility": knownvalue.Bool(p.MarketplaceVisibility),
		"vxc_permitted":          knownvalue.Bool(p.VXCPermitted),
		"create_date":            knownvalue.StringExact(p.CreateDate),
		"live_date":              knownvalue.StringExact(p.LiveDate),
		"resource_tags":          tags,
	})
}

// ---------------------------------------------------------------------------
// netfab_vxcs

func TestAccVxcsDataSource_orderedVxcs(t *testing.T) {
	accPreCheck(t)
	ctx := context.Background()
	loc := dsLocation(t, func(p netfabapi.LocationProducts) bool { return slices.Contains(p.PortSpeeds, 1000) })
	ports := dsOrder(t,
		netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: uniqueName(t, "port-a"), LocationID: loc.ID, PortSpeed: 1000, ContractTermMonths: 1},
		netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: uniqueName(t, "port-b"), LocationID: loc.ID, PortSpeed: 1000, ContractTermMonths: 1},
	)
	partners, err := api.PartnerPorts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(partners, func(p netfabapi.PartnerPort) bool { return p.VXCPermitted })
	if i < 0 {
		t.Fatal("no partner port permits cross-connects")
	}
	partner := partners[i]
	tags := map[string]string{"purpose": "cloud on-ramp"}
	vxcs := dsOrder(t,
		netfabapi.OrderItem{
			ProductType: netfabapi.ProductTypeVXC, ProductName: uniqueName(t, "to-partner"), CostCentre: "cloud",
			ResourceTags: tags,
			VXC:          &netfabapi.VXCConfig{AEndProductUID: ports[0].ProductUID, BEndProductUID: partner.ProductUID, RateLimit: 100},
		},
		netfabapi.OrderItem{
			ProductType: netfabapi.ProductTypeVXC, ProductName: uniqueName(t, "between-ports"), ContractTermMonths: 12,
			VXC: &netfabapi.VXCConfig{AEndProductUID: ports[0].ProductUID, AEndVLAN: 100, BEndProductUID: ports[1].ProductUID, BEndVLAN: 200, RateLimit: 500},
		},
	)
	toPartner, between := vxcs[0], vxcs[1]
	if toPartner.VXC == nil || toPartner.VXC.BEndProductUID != partner.ProductUID || between.VXC.BEndVLAN != 200 {
		t.Fatalf("the service did not keep the ordered VXCs' ends: %+v, %+v", toPartner.VXC, between.VXC)
	}
	active, err := api.Products(ctx, netfabapi.ProductTypeVXC)
	if err != nil {
		t.Fatal(err)
	}

	config := providerConfig() + fmt.Sprintf(`
data "netfab_vxcs" "all" {}

data "netfab_vxcs" "tagged" {
  product_uid           = %q
  include_resource_tags = true
}

data "netfab_vxcs" "untagged" {
  product_uid           = %q
  include_resource_tags = true
}
`, toPartner.ProductUID, between.ProductUID)

	const all = "data.netfab_vxcs.all"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(all, tfjsonpath.New("vxcs"), knownvalue.ListSizeExact(len(active))),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("vxcs"), dsListElement("product_uid", toPartner.ProductUID, dsVXCItem(toPartner, knownvalue.Null()))),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("vxcs"), dsListElement("product_uid", between.ProductUID, dsVXCItem(between, knownvalue.Null()))),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("include_resource_tags"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("id"), knownvalue.StringExact("vxcs?include_resource_tags=false")),

					statecheck.ExpectKnownValue("data.netfab_vxcs.tagged", tfjsonpath.New("vxcs"), knownvalue.ListExact([]knownvalue.Check{dsVXCItem(toPartner, dsStringMap(tags))})),
					statecheck.ExpectKnownValue("data.netfab_vxcs.tagged", tfjsonpath.New("product_uid"), knownvalue.StringExact(toPartner.ProductUID)),
					statecheck.ExpectKnownValue("data.netfab_vxcs.untagged", tfjsonpath.New("vxcs"), knownvalue.ListExact([]knownvalue.Check{dsVXCItem(between, dsStringMap(nil))})),
				},
			},
			{
				Config:      providerConfig() + fmt.Sprintf("data \"netfab_vxcs\" \"test\" {\n  product_uid = %q\n}\n", ports[1].ProductUID),
				ExpectError: dsErr(fmt.Sprintf(`Product %s (%q) is a port, not a VXC.`, ports[1].ProductUID, ports[1].ProductName)),
			},
		},
	})
}

func dsVXCItem(p netfabapi.Product, tags knownvalue.Check) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{
		"product_uid":          knownvalue.StringExact(p.ProductUID),
		"product_id":           knownvalue.Int64Exact(p.ProductID),
		"product_name":         knownvalue.StringExact(p.ProductName),
		"provisioning_status":  knownvalue.StringExact(p.ProvisioningStatus),
		"location_id":          knownvalue.Int64Exact(p.LocationID),
		"market":               knownvalue.StringExact(p.Market),
		"rate_limit":           knownvalue.Int64Exact(p.VXC.RateLimit),
		"a_end_product_uid":    knownvalue.StringExact(p.VXC.AEndProductUID),
		"a_end_vlan":           dsInt64OrNull(p.VXC.AEndVLAN),
		"b_end_product_uid":    knownvalue.StringExact(p.VXC.BEndProductUID),
		"b_end_vlan":           dsInt64OrNull(p.VXC.BEndVLAN),
		"contract_term_months": knownvalue.Int64Exact(p.ContractTermMonths),
		"contract_start_date":  dsStringOrNull(p.ContractStartDate),
		"contract_end_date":    dsStringOrNull(p.ContractEndDate),
		"cost_centre":          dsStringOrNull(p.CostCentre),
		"create_date":          knownvalue.StringExact(p.CreateDate),
		"live_date":            knownvalue.StringExact(p.LiveDate),
		"resource_tags":        tags,
	})
}

// ---------------------------------------------------------------------------
// Helpers

// dsOrder buys the items through the API in one order, waits until every
// product is LIVE (so that nothing changes while Terraform reads them) and
// returns them as the API then shows them. The products are cancelled when
// the test ends, newest first, so that cross-connects go before their ports.
func dsOrder(t *testing.T, items ...netfabapi.OrderItem) []netfabapi.Product {
	t.Helper()
	ctx := context.Background()
	products, err := api.Order(ctx, fmt.Sprintf("%s-%d", t.Name(), time.Now().UnixNano()), items...)
	if err != nil {
		t.Fatalf("ordering: %v", err)
	}
	t.Cleanup(func() {
		for i := len(products) - 1; i >= 0; i-- {
			if err := api.CancelProduct(context.Background(), products[i].ProductUID); err != nil && !client.IsNotFound(err) {
				t.Errorf("cancelling %s: %v", products[i].ProductUID, err)
			}
		}
	})
	out := make([]netfabapi.Product, len(products))
	for i, p := range products {
		deadline := time.Now().Add(30 * time.Second)
		for {
			got, err := api.Product(ctx, p.ProductUID)
			if err != nil {
				t.Fatal(err)
			}
			if got.ProvisioningStatus == netfabapi.StatusLive {
				out[i] = got
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s is still %s", p.ProductUID, got.ProvisioningStatus)
			}
			time.Sleep(testDelay / 2)
		}
	}
	return out
}

// dsLocation is a seeded location offering a product.
func dsLocation(t *testing.T, offers func(netfabapi.LocationProducts) bool) netfabapi.Location {
	t.Helper()
	l, err := api.Location(context.Background(), locationWith(t, offers))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// dsErr matches an error message however Terraform wraps it: the text is
// literal, and every space also matches a line break with the "│ " gutter
// of Terraform's diagnostics.
func dsErr(msg string) *regexp.Regexp {
	words := strings.Fields(msg)
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	return regexp.MustCompile(strings.Join(words, `[\s│]+`))
}

func dsStringOrNull(s string) knownvalue.Check {
	if s == "" {
		return knownvalue.Null()
	}
	return knownvalue.StringExact(s)
}

func dsInt64OrNull(n int64) knownvalue.Check {
	if n == 0 {
		return knownvalue.Null()
	}
	return knownvalue.Int64Exact(n)
}

func dsInt64List(ns []int64) knownvalue.Check {
	checks := make([]knownvalue.Check, 0, len(ns))
	for _, n := range ns {
		checks = append(checks, knownvalue.Int64Exact(n))
	}
	return knownvalue.ListExact(checks)
}

func dsStringList(ss []string) knownvalue.Check {
	checks := make([]knownvalue.Check, 0, len(ss))
	for _, s := range ss {
		checks = append(checks, knownvalue.StringExact(s))
	}
	return knownvalue.ListExact(checks)
}

func dsStringMap(m map[string]string) knownvalue.Check {
	checks := map[string]knownvalue.Check{}
	for k, v := range m {
		checks[k] = knownvalue.StringExact(v)
	}
	return knownvalue.MapExact(checks)
}

// listElement is a knownvalue.Check of a list of objects: the element whose
// key attribute has the value must exist and pass check, or, when absent is
// set, must not exist. Other elements are ignored, so that products other
// tests left in the shared sandbox do not matter.
type listElement struct {
	key, value string
	check      knownvalue.Check
	absent     bool
}

func dsListElement(key, value string, check knownvalue.Check) knownvalue.Check {
	return listElement{key: key, value: value, check: check}
}

func dsNoListElement(key, value string) knownvalue.Check {
	return listElement{key: key, value: value, absent: true}
}

func (c listElement) CheckValue(v any) error {
	list, ok := v.([]any)
	if !ok {
		return fmt.Errorf("expected a list, got %T", v)
	}
	for i, e := range list {
		obj, ok := e.(map[string]any)
		if !ok || obj[c.key] != c.value {
			continue
		}
		if c.absent {
			return fmt.Errorf("element %d has %s = %q, which should not be listed", i, c.key, c.value)
		}
		if err := c.check.CheckValue(obj); err != nil {
			return fmt.Errorf("element %d (%s = %q): %w", i, c.key, c.value, err)
		}
		return nil
	}
	if c.absent {
		return nil
	}
	return fmt.Errorf("none of the %d elements has %s = %q", len(list), c.key, c.value)
}

func (c listElement) String() string {
	if c.absent {
		return fmt.Sprintf("no element with %s = %q", c.key, c.value)
	}
	return fmt.Sprintf("an element with %s = %q: %s", c.key, c.value, c.check)
}
