package netfab

import (
	"net/http"
	"slices"
	"testing"

	api "github.com/iacsuite/providers/internal/client/netfab"
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
		if l.Name == "" || l.Country == "" || l.Market == "" || l.Status != "Active" || l.Address["city"] == "" || l.Latitude == 0 {
			t.Fatalf("incomplete location %+v", l)
		}
		p := l.Products
		if len(p.DiversityZones) == 0 || len(p.PortSpeeds) == 0 || len(p.IXNetworkTypes) == 0 {
			t.Fatalf("location %d offers no zones, ports or exchanges: %+v", l.ID, p)
		}
		if !p.MCR {
			noMCR++
			if len(p.MCRSpeeds) != 0 {
				t.Fatalf("location %d has MCR speeds but no MCR", l.ID)
			}
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
	if noMCR == 0 || noNAT == 0 || oneZone == 0 {
		t.Fatalf("want locations without MCR (%d), without NAT gateways (%d) and with one zone (%d)", noMCR, noNAT, oneZone)
	}

	var one api.Location
	sb.call(http.MethodGet, "/v3/locations/1", nil).ok(http.StatusOK, &one)
	if one.ID != 1 || one.Metro != "Sydney" || !slices.Contains(one.Products.IXNetworkTypes, "Sydney IX") {
		t.Fatalf("location 1: %+v", one)
	}
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
	if closed == 0 {
		t.Error("no partner port with vxcPermitted false")
	}
	var pp api.PartnerPort
	sb.call(http.MethodGet, "/v3/partner-ports/"+ports[0].ProductUID, nil).ok(http.StatusOK, &pp)
	if pp != ports[0] {
		t.Fatalf("partner port by UID: %+v, want %+v", pp, ports[0])
	}

	var images []api.MVEImage
	sb.call(http.MethodGet, "/v3/mve/images", nil).ok(http.StatusOK, &images)
	vendors := map[string]bool{}
	var beta int
	for _, img := range images {
		vendors[img.Vendor] = true
		if !img.ReleaseImage {
			beta++
		}
		if img.ProductCode == "" || img.Version == "" || len(img.AvailableSizes) == 0 {
			t.Fatalf("image %+v", img)
		}
	}
	if len(vendors) < 5 || beta == 0 {
		t.Fatalf("images from %d vendors, %d not released", len(vendors), beta)
	}

	var sizes []api.MVESize
	sb.call(http.MethodGet, "/v3/mve/sizes", nil).ok(http.StatusOK, &sizes)
	var names []string
	for _, s := range sizes {
		names = append(names, s.Size)
		if s.CPUCoreCount == 0 || s.RAMGB == 0 {
			t.Fatalf("size %+v", s)
		}
	}
	if !slices.Equal(names, []string{"SMALL", "MEDIUM", "LARGE", "X_LARGE_12"}) {
		t.Fatalf("sizes %v", names)
	}

	var pairings []api.NATSessionPairing
	sb.call(http.MethodGet, "/v3/nat-gateways/sessions", nil).ok(http.StatusOK, &pairings)
	want := map[int64][]int64{1000: {32768, 50000, 100000, 250000}, 2500: {100000, 200000, 500000}, 5000: {200000, 400000, 1000000}, 10000: {400000, 800000, 2000000}}
	if len(pairings) != len(want) {
		t.Fatalf("pairings %+v", pairings)
	}
	for _, p := range pairings {
		if !slices.Equal(p.SessionCounts, want[p.Speed]) {
			t.Fatalf("speed %d pairs with %v, want %v", p.Speed, p.SessionCounts, want[p.Speed])
		}
	}
}

// Every fresh sandbox has the same catalogue, and seeding an existing store
// again changes nothing.
func TestCatalogueIsDeterministic(t *testing.T) {
	a, b := start(t), start(t)
	pa, pb := a.partnerPorts(), b.partnerPorts()
	if !slices.Equal(pa, pb) {
		t.Fatal("two fresh sandboxes have different partner ports")
	}
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
	if len(served) != 1 || served[0].Speed != 2000 || !slices.Equal(served[0].SessionCounts, matrix[0].SessionCounts) {
		t.Fatalf("served %+v, want %+v", served, matrix)
	}
	item := natItem()
	item.NATGateway.Speed, item.NATGateway.SessionCount = 2000, 67890
	if ps := sb.order(item); ps[0].NATGateway.SessionCount != 67890 {
		t.Fatalf("ordered %+v", ps[0].NATGateway)
	}
	item.NATGateway.Speed = 1000
	sb.call(http.MethodPost, "/v3/orders/validate", api.OrderRequest{Items: []api.OrderItem{item}}).invalid("speed", "must be one of 2000")
	item.NATGateway.Speed, item.NATGateway.SessionCount = 2000, 50000
	sb.call(http.MethodPost, "/v3/orders/validate", api.OrderRequest{Items: []api.OrderItem{item}}).invalid("sessionCount", "must be one of 12345, 67890 for speed 2000")
}
