package netfab

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	sandbox "github.com/iacsuite/providers/internal/sandbox/netfab"
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

// Acceptance tests of the data source. Every expectation is built from what
// the API answers directly (the `api` client), never from the data source's
// own code, so that wrong data fails the test.

func TestAccPartnerDataSource_bestMatch(t *testing.T) {
	accPreCheck(t)
	ctx := context.Background()
	ports, err := api.PartnerPorts(ctx)
	require.NoError(t, err)
	locs, err := api.Locations(ctx)
	require.NoError(t, err)

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
				ExpectError: acctest.ErrorMatching(`Attribute location_id value must be at least 1`),
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
				ExpectError: acctest.ErrorMatching(fmt.Sprintf(`No partner port matches connect_type = %q, location_id = %d.`, g.connectType, elsewhere)),
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
	require.NoError(t, err)
	ports, err := admin.PartnerPorts(ctx)
	require.NoError(t, err)
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
				ExpectError: acctest.ErrorMatching(fmt.Sprintf(`No partner port matches product_uid = %q. Every set filter must match exactly, including case. Partner port UIDs change when the vendor rotates ports`, oldUID)),
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

// Issue 39 item 9: the partner ports upstream's v1.13 examples and tests look
// up by company and product name (../shared/upstream-fixtures/
// netfab-catalogue-needs.md, section 1) are found, with staging's names.
func TestAccPartnerDataSource_upstreamExampleLookups(t *testing.T) {
	accPreCheck(t)
	type lookup struct {
		connectType, company, product, zone string
		location                            int64
	}
	lookups := map[string]lookup{
		"aws_sydney":            {"AWS", "AWS", "Asia Pacific (Sydney) (ap-southeast-2)", "", 3},
		"awshc_sydney":          {"AWSHC", "AWS", "Asia Pacific (Sydney) (ap-southeast-2)", "", 3},
		"awshc_sydney_red":      {"AWSHC", "AWS", "Asia Pacific (Sydney) (ap-southeast-2)", "red", 3},
		"awshc_sydney_blue":     {"AWSHC", "AWS", "Asia Pacific (Sydney) (ap-southeast-2)", "blue", 2},
		"awshc_singapore_red":   {"AWSHC", "AWS", "Asia Pacific (Singapore) (ap-southeast-1)", "red", 7},
		"awshc_singapore_blue":  {"AWSHC", "AWS", "Asia Pacific (Singapore) (ap-southeast-1)", "blue", 6},
		"google_sydney":         {"GOOGLE", "Google", "", "blue", 3},
		"google_singapore_1":    {"GOOGLE", "Google inc..", "Singapore (sin-zone1-2260)", "", 5},
		"google_singapore_2":    {"GOOGLE", "Google inc..", "Singapore (sin-zone2-388)", "", 6},
		"oracle_singapore_red":  {"ORACLE", "Oracle", "OCI (ap-singapore-1) (BMC)", "red", 5},
		"oracle_singapore_blue": {"ORACLE", "Oracle", "OCI (ap-singapore-1) (BMC)", "blue", 5},
		"transit_3":             {"TRANSIT", "Networks", "Megaport Internet", "", 3},
		"transit_4":             {"TRANSIT", "Networks", "Megaport Internet", "", 4},
		"transit_6":             {"TRANSIT", "Networks", "Megaport Internet", "", 6},
		"transit_7":             {"TRANSIT", "Networks", "Megaport Internet", "", 7},
	}
	config := providerConfig()
	var checks []statecheck.StateCheck
	for name, l := range lookups {
		config += fmt.Sprintf("\ndata \"netfab_partner\" %q {\n  connect_type = %q\n  company_name = %q\n  location_id  = %d\n", name, l.connectType, l.company, l.location)
		if l.product != "" {
			config += fmt.Sprintf("  product_name = %q\n", l.product)
		}
		if l.zone != "" {
			config += fmt.Sprintf("  diversity_zone = %q\n", l.zone)
		}
		config += "}\n"
		addr := "data.netfab_partner." + name
		checks = append(checks,
			statecheck.ExpectKnownValue(addr, tfjsonpath.New("connect_type"), knownvalue.StringExact(l.connectType)),
			statecheck.ExpectKnownValue(addr, tfjsonpath.New("company_name"), knownvalue.StringExact(l.company)),
			statecheck.ExpectKnownValue(addr, tfjsonpath.New("location_id"), knownvalue.Int64Exact(l.location)),
			statecheck.ExpectKnownValue(addr, tfjsonpath.New("vxc_permitted"), knownvalue.Bool(true)),
		)
		if l.product != "" {
			checks = append(checks, statecheck.ExpectKnownValue(addr, tfjsonpath.New("product_name"), knownvalue.StringExact(l.product)))
		}
		if l.zone != "" {
			checks = append(checks, statecheck.ExpectKnownValue(addr, tfjsonpath.New("diversity_zone"), knownvalue.StringExact(l.zone)))
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps:                    []resource.TestStep{{Config: config, ConfigStateChecks: checks}},
	})
}
