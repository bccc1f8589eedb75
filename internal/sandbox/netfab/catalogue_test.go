package netfab

import (
	"cmp"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

func TestCatalogue(t *testing.T) {
	sb := start(t)

	var locs []api.Location
	sb.call(http.MethodGet, "/v3/locations", nil).ok(http.StatusOK, &locs)
	if len(locs) < 20 {
		t.Fatalf("%d locations, want at least 20", len(locs))
	}
	metros := map[string]bool{}
	ids := map[int64]bool{}
	var noMCR, noNAT, oneZone int
	for _, l := range locs {
		metros[l.Metro] = true
		if ids[l.ID] {
			t.Fatalf("location ID %d twice", l.ID)
		}
		ids[l.ID] = true
		require.NotEmpty(t, l.Name, "incomplete location %+v", l)
		require.NotEmpty(t, l.Country, "incomplete location %+v", l)
		require.NotEmpty(t, l.Market, "incomplete location %+v", l)
		require.Equal(t, "Active", l.Status, "incomplete location %+v", l)
		require.NotEmpty(t, l.Address["city"], "incomplete location %+v", l)
		require.NotZero(t, l.Latitude, "incomplete location %+v", l)
		p := l.Products
		require.NotZero(t, len(p.DiversityZones), "location %d offers no zones, ports or exchanges: %+v", l.ID, p)
		require.NotZero(t, len(p.PortSpeeds), "location %d offers no zones, ports or exchanges: %+v", l.ID, p)
		require.NotZero(t, len(p.IXNetworkTypes), "location %d offers no zones, ports or exchanges: %+v", l.ID, p)
		if !p.MCR {
			noMCR++
			require.Len(t, p.MCRSpeeds, 0, "location %d has MCR speeds but no MCR", l.ID)
		}
		if !p.NATGateway {
			noNAT++
		}
		if len(p.DiversityZones) == 1 {
			oneZone++
		}
	}
	if len(metros) < 5 {
		t.Fatalf("%d metros, want at least 5", len(metros))
	}
	require.NotZero(t, noMCR, "want locations without MCR (%d), without NAT gateways (%d) and with one zone (%d)", noMCR, noNAT, oneZone)
	require.NotZero(t, noNAT, "want locations without MCR (%d), without NAT gateways (%d) and with one zone (%d)", noMCR, noNAT, oneZone)
	require.NotZero(t, oneZone, "want locations without MCR (%d), without NAT gateways (%d) and with one zone (%d)", noMCR, noNAT, oneZone)

	var one api.Location
	sb.call(http.MethodGet, "/v3/locations/1", nil).ok(http.StatusOK, &one)
	require.EqualValues(t, 1, one.ID, "location 1: %+v", one)
	require.Equal(t, "Sydney", one.Metro, "location 1: %+v", one)
	require.True(t, slices.Contains(one.Products.IXNetworkTypes, "Sydney IX"), "location 1: %+v", one)
	sb.call(http.MethodGet, "/v3/locations/999", nil).fails(http.StatusNotFound, api.CodeNotFound)
	sb.call(http.MethodGet, "/v3/locations/sydney", nil).invalid("id", "integer")

	ports := sb.partnerPorts()
	types := map[string]bool{}
	closed := 0
	for _, p := range ports {
		types[p.ConnectType] = true
		if !p.VXCPermitted {
			closed++
		}
		if !ids[p.LocationID] || p.Speed == 0 || p.Rank == 0 || p.CompanyUID == "" || p.ProductName == "" {
			t.Fatalf("partner port %+v", p)
		}
	}
	for _, ct := range []string{"AWS", "AWSHC", "AZURE", "GOOGLE", "ORACLE", "OUTSCALE", "IBM", "TRANSIT", "FRANCEIX"} {
		if !types[ct] {
			t.Errorf("no partner port of connect type %s", ct)
		}
	}
	assert.NotZero(t, closed, "no partner port with vxcPermitted false")
	var pp api.PartnerPort
	sb.call(http.MethodGet, "/v3/partner-ports/"+ports[0].ProductUID, nil).ok(http.StatusOK, &pp)
	require.Equal(t, ports[0], pp, "partner port by UID: %+v, want %+v", pp, ports[0])

	var images []api.MVEImage
	sb.call(http.MethodGet, "/v3/mve/images", nil).ok(http.StatusOK, &images)
	vendors := map[string]bool{}
	var beta int
	for _, img := range images {
		vendors[img.Vendor] = true
		if !img.ReleaseImage {
			beta++
		}
		require.NotEmpty(t, img.ProductCode, "image %+v", img)
		require.NotEmpty(t, img.Version, "image %+v", img)
		require.NotZero(t, len(img.AvailableSizes), "image %+v", img)
	}
	if len(vendors) < 5 || beta == 0 {
		t.Fatalf("images from %d vendors, %d not released", len(vendors), beta)
	}

	var sizes []api.MVESize
	sb.call(http.MethodGet, "/v3/mve/sizes", nil).ok(http.StatusOK, &sizes)
	var names []string
	for _, s := range sizes {
		names = append(names, s.Size)
		require.NotZero(t, s.CPUCoreCount, "size %+v", s)
		require.NotZero(t, s.RAMGB, "size %+v", s)
	}
	if !slices.Equal(names, []string{"SMALL", "MEDIUM", "LARGE", "X_LARGE_12"}) {
		t.Fatalf("sizes %v", names)
	}

	var pairings []api.NATSessionPairing
	sb.call(http.MethodGet, "/v3/nat-gateways/sessions", nil).ok(http.StatusOK, &pairings)
	want := map[int64][]int64{1000: {32768, 50000, 100000, 250000}, 2500: {100000, 200000, 500000}, 5000: {200000, 400000, 1000000}, 10000: {400000, 800000, 2000000}}
	require.Len(t, pairings, len(want), "pairings %+v", pairings)
	for _, p := range pairings {
		require.True(t, slices.Equal(p.SessionCounts, want[p.Speed]), "speed %d pairs with %v, want %v", p.Speed, p.SessionCounts, want[p.Speed])
	}
}

// Every fresh sandbox has the same catalogue, and seeding an existing store
// again changes nothing.
func TestCatalogueIsDeterministic(t *testing.T) {
	a, b := start(t), start(t)
	pa, pb := a.partnerPorts(), b.partnerPorts()
	require.True(t, slices.Equal(pa, pb), "two fresh sandboxes have different partner ports")
	a.restart()
	if again := a.partnerPorts(); !slices.Equal(again, pa) {
		t.Fatal("seeding again changed the partner ports")
	}
}

// The NAT gateway matrix is the service's to publish and change: a sandbox
// configured with another one serves it and orders against it.
func TestNATSessionMatrixIsConfigurable(t *testing.T) {
	matrix := []api.NATSessionPairing{{Speed: 2000, SessionCounts: []int64{12345, 67890}}}
	sb := start(t, func(c *Config) { c.NATSessionPairings = matrix })
	var served []api.NATSessionPairing
	sb.call(http.MethodGet, "/v3/nat-gateways/sessions", nil).ok(http.StatusOK, &served)
	require.Equal(t, matrix, served)
	item := natItem()
	item.NATGateway.Speed, item.NATGateway.SessionCount = 2000, 67890
	require.Equal(t, int64(67890), sb.order(item)[0].NATGateway.SessionCount)
	item.NATGateway.Speed = 1000
	sb.call(http.MethodPost, "/v3/orders/validate", api.OrderRequest{Items: []api.OrderItem{item}}).invalid("speed", "must be one of 2000")
	item.NATGateway.Speed, item.NATGateway.SessionCount = 2000, 50000
	sb.call(http.MethodPost, "/v3/orders/validate", api.OrderRequest{Items: []api.OrderItem{item}}).invalid("sessionCount", "must be one of 12345, 67890 for speed 2000")
}

// The locations are configurable too: a sandbox configured with others
// serves them, and orders against what they offer.
func TestLocationsAreConfigurable(t *testing.T) {
	var defaults []api.Location
	start(t).call(http.MethodGet, "/v3/locations", nil).ok(http.StatusOK, &defaults)
	require.NotEmpty(t, defaults)
	only := defaults[0]
	only.Products.NATGateway = false
	sb := start(t, func(c *Config) { c.Locations = []api.Location{only} })
	var served []api.Location
	sb.call(http.MethodGet, "/v3/locations", nil).ok(http.StatusOK, &served)
	require.Len(t, served, 1)
	require.Equal(t, only.ID, served[0].ID)
	require.False(t, served[0].Products.NATGateway)
	item := natItem()
	item.LocationID = only.ID
	sb.call(http.MethodPost, "/v3/orders/validate", api.OrderRequest{Items: []api.OrderItem{item}}).invalid("locationId", "")
}

// Upstream's own acceptance tests look up a partner port by connect type at a
// fixed location ID beyond the first ones (ORACLE at location 147); the
// catalogue has it, and the existing IDs keep their sites.
func TestCatalogueHasUpstreamTestLookups(t *testing.T) {
	sb := start(t)

	var l api.Location
	sb.call(http.MethodGet, "/v3/locations/147", nil).ok(http.StatusOK, &l)
	require.Equal(t, "Sydney", l.Metro, "location 147: %+v", l)
	require.Equal(t, "AU", l.Market, "location 147: %+v", l)
	require.True(t, l.Products.MCR, "location 147: %+v", l)

	oracle := map[string]bool{}
	for _, p := range sb.partnerPorts() {
		if p.ConnectType == "ORACLE" && p.LocationID == 147 && p.VXCPermitted {
			oracle[p.DiversityZone] = true
		}
	}
	require.Equal(t, map[string]bool{"red": true, "blue": true}, oracle, "open ORACLE ports at location 147 by zone")

	var locs []api.Location
	sb.call(http.MethodGet, "/v3/locations", nil).ok(http.StatusOK, &locs)
	names := map[int64]string{}
	for _, l := range locs {
		names[l.ID] = l.Name
	}
	for id, name := range map[int64]string{1: "Equinix SY1", 5: "Equinix SG1", 8: "Equinix LD5", 14: "Equinix DC2", 24: "AT TOKYO CC1"} {
		require.Equal(t, name, names[id], "location %d", id)
	}
}

// lookUpPartner finds a partner port as upstream's partner data source does:
// only ports open to VXCs; the connect type, company, product and zone equal
// ignoring case where given, the location equal where given (non-zero); the
// best rank of several wins. It returns the best port and the number found.
func lookUpPartner(ports []api.PartnerPort, connectType, company, product, zone string, location int64) (api.PartnerPort, int) {
	eq := func(want, got string) bool { return want == "" || strings.EqualFold(want, got) }
	var found []api.PartnerPort
	for _, p := range ports {
		if p.VXCPermitted && eq(connectType, p.ConnectType) && eq(company, p.CompanyName) && eq(product, p.ProductName) &&
			eq(zone, p.DiversityZone) && (location == 0 || location == p.LocationID) {
			found = append(found, p)
		}
	}
	if len(found) == 0 {
		return api.PartnerPort{}, 0
	}
	slices.SortStableFunc(found, func(a, b api.PartnerPort) int { return cmp.Compare(a.Rank, b.Rank) })
	return found[0], len(found)
}

// Issue 39 item 9: every partner port, MVE image and size that upstream's
// v1.13 examples and tests look up
// (../shared/upstream-fixtures/netfab-catalogue-needs.md, sections 1 and 3)
// is found as upstream's data sources find it; the partner ports whose UIDs
// configurations write keep them; and each image found orders an MVE.
func TestCatalogueHasUpstreamExampleLookups(t *testing.T) {
	sb := start(t)
	ports := sb.partnerPorts()

	keys := map[string]bool{}
	for _, p := range partnerPorts() {
		require.False(t, keys[p.Key], "partner port key %s twice", p.Key)
		keys[p.Key] = true
	}
	byUID := map[string]api.PartnerPort{}
	for _, p := range ports {
		byUID[p.ProductUID] = p
	}
	for uid, want := range map[string]struct {
		connectType, zone string
		location          int64
	}{
		"340c9deb-1c65-5a09-9499-c6816202ce0a": {"AZURE", "red", 2},   // AZURE-2-red-1
		"7c1e6665-26a5-5b57-b9ef-f78e1e8173ef": {"GOOGLE", "blue", 1}, // GOOGLE-1-blue-2
	} {
		p, ok := byUID[uid]
		require.True(t, ok, "no partner port %s", uid)
		require.Equal(t, want.connectType, p.ConnectType, "%+v", p)
		require.Equal(t, want.zone, p.DiversityZone, "%+v", p)
		require.Equal(t, want.location, p.LocationID, "%+v", p)
	}

	for _, tc := range []struct {
		connectType, company, product, zone string
		location                            int64
		wantZone                            string
	}{
		{"AWS", "", "", "", 1, "red"},
		{"AWSHC", "", "", "", 1, "red"},
		{"TRANSIT", "", "", "", 1, "red"},
		{"ORACLE", "", "", "", 3, "red"},
		{"AWS", "AWS", "Asia Pacific (Sydney) (ap-southeast-2)", "", 3, "red"},
		{"AWSHC", "AWS", "Asia Pacific (Sydney) (ap-southeast-2)", "red", 3, "red"},
		{"AWSHC", "AWS", "Asia Pacific (Sydney) (ap-southeast-2)", "", 3, "red"},
		{"AWSHC", "AWS", "Asia Pacific (Sydney) (ap-southeast-2)", "blue", 2, "blue"},
		{"AWSHC", "AWS", "Asia Pacific (Singapore) (ap-southeast-1)", "red", 7, "red"},
		{"AWSHC", "AWS", "Asia Pacific (Singapore) (ap-southeast-1)", "blue", 6, "blue"},
		{"GOOGLE", "Google", "", "blue", 3, "blue"},
		{"GOOGLE", "Google inc..", "Singapore (sin-zone1-2260)", "", 5, ""},
		{"GOOGLE", "google INC..", "singapore (SIN-ZONE2-388)", "", 6, ""},
		{"ORACLE", "Oracle", "OCI (ap-singapore-1) (BMC)", "red", 5, "red"},
		{"ORACLE", "Oracle", "OCI (ap-singapore-1) (BMC)", "blue", 5, "blue"},
		{"TRANSIT", "Networks", "Megaport Internet", "", 3, ""},
		{"TRANSIT", "Networks", "Megaport Internet", "", 4, ""},
		{"TRANSIT", "Networks", "Megaport Internet", "", 6, ""},
		{"TRANSIT", "Networks", "Megaport Internet", "", 7, ""},
	} {
		name := fmt.Sprintf("%s %q %q %q at %d", tc.connectType, tc.company, tc.product, tc.zone, tc.location)
		p, n := lookUpPartner(ports, tc.connectType, tc.company, tc.product, tc.zone, tc.location)
		require.NotZero(t, n, "no matching partner ports: %s", name)
		require.Equal(t, tc.location, p.LocationID, name)
		if tc.wantZone != "" {
			require.Equal(t, tc.wantZone, p.DiversityZone, name)
		}
		if tc.company != "" {
			require.True(t, strings.EqualFold(tc.company, p.CompanyName), "%s: company %q", name, p.CompanyName)
		}
		// The port a look-up returns is one the service orders a VXC to.
		var got api.PartnerPort
		sb.call(http.MethodGet, "/v3/partner-ports/"+p.ProductUID, nil).ok(http.StatusOK, &got)
		require.Equal(t, p, got, name)
	}
	// The look-ups by connect type alone still find the ports they found
	// before these were added.
	for key, q := range map[string]struct {
		connectType string
		location    int64
	}{"GOOGLE-5-red-1": {"GOOGLE", 5}, "ORACLE-3-red-1": {"ORACLE", 3}, "TRANSIT-1-red-1": {"TRANSIT", 1}} {
		p, _ := lookUpPartner(ports, q.connectType, "", "", "", q.location)
		require.Equal(t, catalogueUID("partner-port:"+key), p.ProductUID, "%s at %d", q.connectType, q.location)
	}

	var images []api.MVEImage
	sb.call(http.MethodGet, "/v3/mve/images", nil).ok(http.StatusOK, &images)
	slices.SortFunc(images, func(a, b api.MVEImage) int { return cmp.Compare(a.ID, b.ID) })
	image := func(vendor string, id int64, version string) api.MVEImage {
		for _, img := range images {
			if strings.EqualFold(vendor, img.Vendor) && (id == 0 || id == img.ID) && (version == "" || version == img.Version) {
				return img
			}
		}
		t.Fatalf("no MVE image of vendor %s, id %d, version %q", vendor, id, version)
		return api.MVEImage{}
	}
	var sizes []api.MVESize
	sb.call(http.MethodGet, "/v3/mve/sizes", nil).ok(http.StatusOK, &sizes)
	require.Contains(t, sizes, api.MVESize{Size: "SMALL", Label: "MVE 2/8", CPUCoreCount: 2, RAMGB: 8})
	require.Contains(t, sizes, api.MVESize{Size: "MEDIUM", Label: "MVE 4/16", CPUCoreCount: 4, RAMGB: 16})

	aviatrix, sixwind, ftdv := image("Aviatrix", 15, ""), image("6wind", 0, ""), image("Cisco", 14, "")
	fortinet, versa := image("Fortinet", 0, "7.6.3"), image("Versa", 11, "")
	require.Contains(t, ftdv.Product, "Firewall", "%+v", ftdv)
	locally := true
	for _, tc := range []struct {
		img    api.MVEImage
		size   string
		vendor string
		vc     *api.MVEVendorConfig
		vnics  []string
	}{
		{aviatrix, "SMALL", "AVIATRIX", &api.MVEVendorConfig{Vendor: "aviatrix", CloudInit: "I2Nsb3VkLWNvbmZpZwo="}, nil},
		{sixwind, "SMALL", "6WIND", &api.MVEVendorConfig{Vendor: "6wind", SSHPublicKey: rsaKey}, []string{"1", "2", "3", "4", "5"}},
		{ftdv, "MEDIUM", "CISCO", &api.MVEVendorConfig{Vendor: "cisco", AdminPassword: "s3cret-pass", ManageLocally: &locally}, []string{"a", "b", "c", "d"}},
		{fortinet, "SMALL", "FORTINET", &api.MVEVendorConfig{Vendor: "fortinet", SSHPublicKey: rsaKey, LicenseData: "bGljZW5zZQ=="}, []string{"1", "2", "3", "4", "5"}},
		{versa, "SMALL", "VERSA", &api.MVEVendorConfig{Vendor: "versa", DirectorAddress: "director1.versa.com", ControllerAddress: "10.0.0.1", LocalAuth: "l", RemoteAuth: "r", SerialNumber: "sn"}, nil},
	} {
		require.True(t, tc.img.ReleaseImage, "%+v", tc.img)
		require.Contains(t, tc.img.AvailableSizes, tc.size, "%+v", tc.img)
		p := sb.order(mveOf(tc.img.ID, tc.size, tc.vc, tc.vnics...))[0]
		require.NotNil(t, p.MVE, "%+v", tc.img)
		require.Equal(t, tc.vendor, p.MVE.Vendor, "%+v", tc.img)
		require.Equal(t, tc.img.ID, p.MVE.ImageID, "%+v", tc.img)
	}
}
