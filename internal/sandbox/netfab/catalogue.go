package netfab

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"slices"
	"strconv"

	"github.com/google/uuid"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/httpx"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Store kinds of the catalogue.
const (
	kindLocation       = "location"
	kindPartnerPort    = "partnerPort"
	kindPartnerPortUID = "partnerPortUid" // UID -> catalogue key index
	kindMVEImage       = "mveImage"
	kindMVESize        = "mveSize"
	kindNATSessions    = "natSessions"
)

// The speed sets the API allows; locations offer subsets.
var (
	portSpeeds = []int64{1000, 10000, 100000}
	// lagSpeeds are the member speeds of a LAG port: 10 G and faster (400 G
	// where a location offers it; none does in the sandbox).
	lagSpeeds     = []int64{10000, 100000, 400000}
	mcrSpeeds     = []int64{1000, 2500, 5000, 10000, 25000, 50000, 100000}
	contractTerms = []int64{1, 12, 24, 36, 48, 60}
	ipsecTunnels  = []int64{10, 20, 30}
	// natSessionPairings is our decision where the specification says "not
	// shown": each NAT gateway speed allows exactly these session counts. The
	// service publishes the table (GET /v3/nat-gateways/sessions), clients
	// validate against what it serves, and Config.NATSessionPairings replaces
	// it, as the vendor changes its matrix. It holds the pairs of upstream's
	// examples (1000 Mbps with 32768 or 250000 sessions).
	natSessionPairings = []api.NATSessionPairing{
		{Speed: 1000, SessionCounts: []int64{32768, 50000, 100000, 250000}},
		{Speed: 2500, SessionCounts: []int64{100000, 200000, 500000}},
		{Speed: 5000, SessionCounts: []int64{200000, 400000, 1000000}},
		{Speed: 10000, SessionCounts: []int64{400000, 800000, 2000000}},
	}
)

// catalogueNamespace makes the seeded UIDs deterministic: every fresh sandbox
// has the same partner port and company UIDs.
var catalogueNamespace = uuid.MustParse("6f1d3c52-8a44-4e0b-9d7c-2b1f0e5a9c11")

func catalogueUID(name string) string { return uuid.NewSHA1(catalogueNamespace, []byte(name)).String() }

// exchange is an internet exchange: a network service type that IX
// connections order, with its route servers' ASN and peering LANs.
type exchange struct {
	name     string
	asn      int64
	lan4     netip.Prefix // a /22
	lan6     netip.Prefix // a /64
	sequence string       // store sequence of allocated addresses
}

type site struct {
	id                 int64
	name, street, city string
	postcode           string
	lat, lng           float64
	noMCR, noMVE       bool
	noNAT              bool
	zones              []string // default red, blue
	ports, mcr         []int64  // default: all
}

type metro struct {
	name, country, market, state string
	exchanges                    []string
	sites                        []site
}

var metros = []metro{
	{name: "Sydney", country: "Australia", market: "AU", state: "NSW", exchanges: []string{"Sydney IX", "IX Australia Sydney"}, sites: []site{
		{id: 1, name: "Equinix SY1", street: "639 Gardeners Road", city: "Mascot", postcode: "2020", lat: -33.9214, lng: 151.1880},
		{id: 2, name: "Equinix SY3", street: "47 Bourke Road", city: "Alexandria", postcode: "2015", lat: -33.9105, lng: 151.1920},
		{id: 3, name: "NEXTDC S1", street: "4 Eden Park Drive", city: "Macquarie Park", postcode: "2113", lat: -33.7790, lng: 151.1264, noNAT: true},
		{id: 4, name: "Global Switch Sydney", street: "400 Harris Street", city: "Ultimo", postcode: "2007", lat: -33.8790, lng: 151.1966, noMCR: true, noMVE: true, noNAT: true, zones: []string{"red"}, ports: []int64{1000, 10000}},
		// 147: upstream's Oracle FastConnect test orders from an MCR to the
		// ORACLE partner port it looks up at location 147 (by ID only; the
		// site is ours). IDs here are never renumbered: new sites take new IDs.
		{id: 147, name: "Equinix SY4", street: "200 Bourke Road", city: "Alexandria", postcode: "2015", lat: -33.9107, lng: 151.1932, noNAT: true},
	}},
	{name: "Singapore", country: "Singapore", market: "SG", state: "Singapore", exchanges: []string{"Singapore IX", "Equinix Singapore"}, sites: []site{
		{id: 5, name: "Equinix SG1", street: "20 Ayer Rajah Crescent", city: "Singapore", postcode: "139964", lat: 1.2966, lng: 103.7876},
		{id: 6, name: "Global Switch Singapore Tai Seng", street: "2 Tai Seng Avenue", city: "Singapore", postcode: "534408", lat: 1.3354, lng: 103.8877},
		{id: 7, name: "Digital Realty SIN10", street: "29A International Business Park", city: "Singapore", postcode: "609934", lat: 1.3257, lng: 103.7466, noNAT: true, mcr: []int64{1000, 2500, 5000, 10000}},
	}},
	{name: "London", country: "United Kingdom", market: "UK", state: "England", exchanges: []string{"LINX LON1", "LONAP"}, sites: []site{
		{id: 8, name: "Equinix LD5", street: "8 Buckingham Avenue", city: "Slough", postcode: "SL1 4AX", lat: 51.5225, lng: -0.6289},
		{id: 9, name: "Telehouse North", street: "Coriander Avenue", city: "London", postcode: "E14 2AA", lat: 51.5115, lng: -0.0010},
		{id: 10, name: "Interxion LON1", street: "11 Hanbury Street", city: "London", postcode: "E1 6QR", lat: 51.5202, lng: -0.0715, noMCR: true, noNAT: true},
	}},
	{name: "Frankfurt", country: "Germany", market: "DE", state: "Hesse", exchanges: []string{"DE-CIX Frankfurt"}, sites: []site{
		{id: 11, name: "Equinix FR5", street: "Kruppstrasse 121-127", city: "Frankfurt am Main", postcode: "60388", lat: 50.1360, lng: 8.7365},
		{id: 12, name: "Interxion FRA6", street: "Hanauer Landstrasse 302", city: "Frankfurt am Main", postcode: "60314", lat: 50.1195, lng: 8.7347},
		{id: 13, name: "NTT Frankfurt 1", street: "Eschborner Landstrasse 100", city: "Frankfurt am Main", postcode: "60489", lat: 50.1186, lng: 8.6150, noNAT: true},
	}},
	{name: "Ashburn", country: "United States", market: "US", state: "Virginia", exchanges: []string{"Equinix Ashburn"}, sites: []site{
		{id: 14, name: "Equinix DC2", street: "21715 Filigree Court", city: "Ashburn", postcode: "20147", lat: 39.0164, lng: -77.4592},
		{id: 15, name: "CoreSite VA1", street: "12100 Sunrise Valley Drive", city: "Reston", postcode: "20191", lat: 38.9524, lng: -77.3671},
		{id: 16, name: "Digital Realty IAD39", street: "44520 Hastings Drive", city: "Ashburn", postcode: "20147", lat: 39.0151, lng: -77.4632, noNAT: true, mcr: []int64{1000, 2500, 5000, 10000}},
	}},
	{name: "Los Angeles", country: "United States", market: "US", state: "California", exchanges: []string{"Equinix LA", "Any2 Los Angeles"}, sites: []site{
		{id: 17, name: "Equinix LA1", street: "600 West 7th Street", city: "Los Angeles", postcode: "90017", lat: 34.0480, lng: -118.2566},
		{id: 18, name: "CoreSite LA2", street: "900 North Alameda Street", city: "Los Angeles", postcode: "90012", lat: 34.0603, lng: -118.2365},
		{id: 19, name: "One Wilshire", street: "624 South Grand Avenue", city: "Los Angeles", postcode: "90017", lat: 34.0488, lng: -118.2551, noMCR: true, noMVE: true, noNAT: true, zones: []string{"red"}, ports: []int64{1000, 10000}},
	}},
	{name: "Paris", country: "France", market: "FR", state: "Ile-de-France", exchanges: []string{"FranceIX Paris"}, sites: []site{
		{id: 20, name: "Equinix PA2", street: "114 Rue Ambroise Croizat", city: "Saint-Denis", postcode: "93200", lat: 48.9236, lng: 2.3548},
		{id: 21, name: "Interxion PAR7", street: "45 Avenue Victor Hugo", city: "Aubervilliers", postcode: "93300", lat: 48.9120, lng: 2.3811},
		{id: 22, name: "Telehouse Paris 2 Voltaire", street: "137 Boulevard Voltaire", city: "Paris", postcode: "75011", lat: 48.8566, lng: 2.3831, noNAT: true},
	}},
	{name: "Tokyo", country: "Japan", market: "JP", state: "Tokyo", exchanges: []string{"JPNAP Tokyo", "BBIX Tokyo"}, sites: []site{
		{id: 23, name: "Equinix TY2", street: "6-2-14 Toyo, Koto-ku", city: "Tokyo", postcode: "135-0016", lat: 35.6690, lng: 139.8170},
		{id: 24, name: "AT TOKYO CC1", street: "3-8-21 Toyosu, Koto-ku", city: "Tokyo", postcode: "135-0061", lat: 35.6540, lng: 139.7960, noMVE: true, noNAT: true, mcr: []int64{1000, 2500, 5000, 10000}},
	}},
}

// exchanges by network service type, with route servers in private ASN space
// and peering LANs in the benchmarking and documentation ranges.
var exchanges = func() map[string]exchange {
	out := map[string]exchange{}
	k := 0
	for _, m := range metros {
		for _, name := range m.exchanges {
			base := netip.AddrFrom4([4]byte{198, 18 + byte(k/64), byte(k%64) * 4, 0})
			v6 := netip.AddrFrom16([16]byte{0x20, 0x01, 0x0d, 0xb8, 0x00, byte(k + 1)})
			out[name] = exchange{
				name:     name,
				asn:      64600 + int64(k),
				lan4:     netip.PrefixFrom(base, 22),
				lan6:     netip.PrefixFrom(v6, 64),
				sequence: "ixAddress:" + name,
			}
			k++
		}
	}
	return out
}()

func locations() []api.Location {
	var out []api.Location
	for _, m := range metros {
		for _, s := range m.sites {
			zones := s.zones
			if zones == nil {
				zones = []string{"red", "blue"}
			}
			ports := s.ports
			if ports == nil {
				ports = portSpeeds
			}
			lp := api.LocationProducts{
				MCR:            !s.noMCR,
				MCRSpeeds:      []int64{},
				MVE:            !s.noMVE,
				PortSpeeds:     slices.Clone(ports),
				NATGateway:     !s.noNAT,
				IXNetworkTypes: slices.Clone(m.exchanges),
				DiversityZones: slices.Clone(zones),
			}
			if lp.MCR {
				lp.MCRSpeeds = slices.Clone(mcrSpeeds)
				if s.mcr != nil {
					lp.MCRSpeeds = slices.Clone(s.mcr)
				}
			}
			out = append(out, api.Location{
				ID: s.id, Name: s.name, Country: m.country, Metro: m.name, Market: m.market, Status: "Active",
				Address: map[string]string{
					"street": s.street, "suburb": s.city, "city": m.name, "state": m.state,
					"postcode": s.postcode, "country": m.country,
				},
				Latitude: s.lat, Longitude: s.lng, Products: lp,
			})
		}
	}
	return out
}

type partnerSpec struct {
	connectType string
	location    int64
	zone        string
	speed       int64
	rank        int64
	closed      bool // vxcPermitted false
}

// namedPartnerSpec is a partner port with its company and product name of
// its own, as the vendor's staging names it (upstream's look-ups); the others
// are named by partnerCompanies, by connect type.
type namedPartnerSpec struct {
	partnerSpec
	company, product string
}

var partnerCompanies = map[string]struct{ company, product string }{
	"AWS":      {"Amazon Web Services", "AWS Direct Connect"},
	"AWSHC":    {"Amazon Web Services", "AWS Hosted Connection"},
	"AZURE":    {"Microsoft Azure", "Azure ExpressRoute"},
	"GOOGLE":   {"Google Cloud", "Google Cloud Interconnect"},
	"ORACLE":   {"Oracle Cloud Infrastructure", "OCI FastConnect"},
	"OUTSCALE": {"3DS Outscale", "Outscale DirectLink"},
	"IBM":      {"IBM Cloud", "IBM Direct Link"},
	"TRANSIT":  {"netfab Internet", "netfab Internet Transit"},
	"FRANCEIX": {"France-IX", "France-IX Peering"},
}

var partnerSpecs = []partnerSpec{
	{"AWS", 1, "red", 10000, 1, false}, {"AWS", 1, "blue", 10000, 2, false}, {"AWS", 2, "red", 1000, 3, true},
	{"AWS", 5, "red", 10000, 1, false}, {"AWS", 8, "red", 10000, 1, false}, {"AWS", 8, "blue", 100000, 2, false},
	{"AWS", 11, "red", 10000, 1, false}, {"AWS", 14, "red", 10000, 1, false}, {"AWS", 14, "blue", 100000, 2, false},
	{"AWS", 17, "red", 10000, 1, false}, {"AWS", 23, "red", 10000, 1, false},
	{"AWSHC", 1, "red", 1000, 1, false}, {"AWSHC", 1, "blue", 10000, 2, false}, {"AWSHC", 8, "red", 10000, 1, false},
	{"AWSHC", 14, "red", 1000, 1, false},
	{"AZURE", 2, "red", 10000, 1, false}, {"AZURE", 2, "blue", 10000, 2, false}, {"AZURE", 9, "red", 10000, 1, false},
	{"AZURE", 9, "blue", 10000, 2, false}, {"AZURE", 15, "red", 10000, 1, false}, {"AZURE", 15, "blue", 10000, 2, false},
	{"AZURE", 21, "red", 100000, 1, false},
	{"GOOGLE", 1, "red", 10000, 1, false}, {"GOOGLE", 1, "blue", 10000, 2, false}, {"GOOGLE", 5, "red", 100000, 1, false},
	{"GOOGLE", 8, "red", 10000, 1, false}, {"GOOGLE", 14, "red", 10000, 1, false}, {"GOOGLE", 14, "blue", 10000, 2, false},
	{"ORACLE", 3, "red", 1000, 1, false}, {"ORACLE", 3, "blue", 10000, 2, false}, {"ORACLE", 12, "red", 10000, 1, false},
	{"ORACLE", 15, "red", 10000, 1, false}, {"ORACLE", 147, "red", 10000, 1, false}, {"ORACLE", 147, "blue", 10000, 2, false},
	{"OUTSCALE", 20, "red", 10000, 1, false}, {"OUTSCALE", 11, "blue", 1000, 1, false},
	{"IBM", 14, "red", 10000, 1, false}, {"IBM", 11, "red", 10000, 1, false}, {"IBM", 8, "blue", 1000, 1, false},
	{"TRANSIT", 1, "red", 10000, 1, false}, {"TRANSIT", 5, "red", 10000, 1, false}, {"TRANSIT", 8, "red", 100000, 1, false},
	{"TRANSIT", 14, "red", 100000, 1, false}, {"TRANSIT", 17, "blue", 10000, 1, false}, {"TRANSIT", 23, "red", 10000, 1, false},
	{"FRANCEIX", 20, "red", 10000, 1, false}, {"FRANCEIX", 21, "blue", 10000, 2, false}, {"FRANCEIX", 22, "red", 1000, 3, true},
}

// upstreamPartnerSpecs are the partner ports that upstream's examples and
// acceptance tests look up by company and product name (issue 39 item 9,
// ../shared/upstream-fixtures/netfab-catalogue-needs.md section 1), with
// staging's names as written there, including its brand in "Megaport
// Internet" and the spelling "Google inc..". Their keys are new ones, so the
// ports above keep their UIDs; where a port of the same connect type is at the
// same location already, the new one ranks after it, so that a look-up by
// connect type alone still finds the port it found before.
var upstreamPartnerSpecs = []namedPartnerSpec{
	{partnerSpec{"AWS", 3, "red", 10000, 1, false}, "AWS", "Asia Pacific (Sydney) (ap-southeast-2)"},
	{partnerSpec{"AWSHC", 3, "red", 1000, 1, false}, "AWS", "Asia Pacific (Sydney) (ap-southeast-2)"},
	{partnerSpec{"AWSHC", 2, "blue", 1000, 1, false}, "AWS", "Asia Pacific (Sydney) (ap-southeast-2)"},
	{partnerSpec{"AWSHC", 7, "red", 1000, 1, false}, "AWS", "Asia Pacific (Singapore) (ap-southeast-1)"},
	{partnerSpec{"AWSHC", 6, "blue", 1000, 1, false}, "AWS", "Asia Pacific (Singapore) (ap-southeast-1)"},
	{partnerSpec{"GOOGLE", 3, "blue", 10000, 1, false}, "Google", "Sydney (syd-zone2-1660)"},
	{partnerSpec{"GOOGLE", 5, "blue", 10000, 2, false}, "Google inc..", "Singapore (sin-zone1-2260)"},
	{partnerSpec{"GOOGLE", 6, "red", 10000, 1, false}, "Google inc..", "Singapore (sin-zone2-388)"},
	{partnerSpec{"ORACLE", 5, "red", 10000, 1, false}, "Oracle", "OCI (ap-singapore-1) (BMC)"},
	{partnerSpec{"ORACLE", 5, "blue", 10000, 2, false}, "Oracle", "OCI (ap-singapore-1) (BMC)"},
	{partnerSpec{"TRANSIT", 3, "red", 10000, 1, false}, "Networks", "Megaport Internet"},
	{partnerSpec{"TRANSIT", 4, "red", 10000, 1, false}, "Networks", "Megaport Internet"},
	{partnerSpec{"TRANSIT", 6, "red", 10000, 1, false}, "Networks", "Megaport Internet"},
	{partnerSpec{"TRANSIT", 7, "red", 10000, 1, false}, "Networks", "Megaport Internet"},
}

// partnerPortRecord is a partner port under its stable catalogue key; its
// product UID changes when the port is rotated.
type partnerPortRecord struct {
	Key string `json:"key"`
	api.PartnerPort
}

func partnerPorts() []partnerPortRecord {
	names := map[int64]string{}
	for _, l := range locations() {
		names[l.ID] = l.Name
	}
	var out []partnerPortRecord
	specs := make([]namedPartnerSpec, 0, len(partnerSpecs)+len(upstreamPartnerSpecs))
	for _, p := range partnerSpecs {
		specs = append(specs, namedPartnerSpec{partnerSpec: p})
	}
	for _, p := range append(specs, upstreamPartnerSpecs...) {
		c := partnerCompanies[p.connectType]
		key := fmt.Sprintf("%s-%d-%s-%d", p.connectType, p.location, p.zone, p.rank)
		name := fmt.Sprintf("%s %s (%s)", c.product, names[p.location], p.zone)
		if p.closed {
			name += " - closed to new connections"
		}
		if p.company != "" {
			c.company, name = p.company, p.product
		}
		out = append(out, partnerPortRecord{Key: key, PartnerPort: api.PartnerPort{
			ProductUID: catalogueUID("partner-port:" + key), ProductName: name,
			CompanyUID: catalogueUID("company:" + c.company), CompanyName: c.company,
			ConnectType: p.connectType, DiversityZone: p.zone, LocationID: p.location,
			Speed: p.speed, Rank: p.rank, VXCPermitted: !p.closed,
		}})
	}
	return out
}

var (
	small  = []string{"SMALL", "MEDIUM", "LARGE"}
	all    = []string{"SMALL", "MEDIUM", "LARGE", "X_LARGE_12"}
	larger = []string{"MEDIUM", "LARGE", "X_LARGE_12"}
)

var mveImages = []api.MVEImage{
	{ID: 1, Vendor: "Cisco", Product: "C8000", Version: "17.09.04a", ReleaseImage: true, ProductCode: "c8000v", VendorDescription: "Cisco Catalyst 8000V Edge", AvailableSizes: small},
	{ID: 2, Vendor: "Cisco", Product: "C8000", Version: "17.12.03", ReleaseImage: true, ProductCode: "c8000v", VendorDescription: "Cisco Catalyst 8000V Edge", AvailableSizes: small},
	{ID: 3, Vendor: "Cisco", Product: "C8000", Version: "17.15.01", ReleaseImage: false, ProductCode: "c8000v", VendorDescription: "Cisco Catalyst 8000V Edge (early access)", AvailableSizes: small},
	{ID: 4, Vendor: "Fortinet", Product: "FortiGate-VM", Version: "7.2.8", ReleaseImage: true, ProductCode: "fortigate", VendorDescription: "FortiGate next-generation firewall", AvailableSizes: all},
	{ID: 5, Vendor: "Fortinet", Product: "FortiGate-VM", Version: "7.4.4", ReleaseImage: true, ProductCode: "fortigate", VendorDescription: "FortiGate next-generation firewall", AvailableSizes: all},
	{ID: 6, Vendor: "Fortinet", Product: "FortiGate-VM", Version: "7.6.0", ReleaseImage: false, ProductCode: "fortigate", VendorDescription: "FortiGate next-generation firewall (early access)", AvailableSizes: all},
	{ID: 7, Vendor: "Palo Alto", Product: "VM-Series", Version: "10.2.10", ReleaseImage: true, ProductCode: "vmseries", VendorDescription: "Palo Alto Networks VM-Series firewall", AvailableSizes: larger},
	{ID: 8, Vendor: "Palo Alto", Product: "VM-Series", Version: "11.1.4", ReleaseImage: true, ProductCode: "vmseries", VendorDescription: "Palo Alto Networks VM-Series firewall", AvailableSizes: larger},
	{ID: 9, Vendor: "Aruba", Product: "EdgeConnect SD-WAN", Version: "9.3.2.0", ReleaseImage: true, ProductCode: "aruba-ec", VendorDescription: "HPE Aruba EdgeConnect SD-WAN", AvailableSizes: small},
	{ID: 10, Vendor: "Aruba", Product: "EdgeConnect SD-WAN", Version: "9.4.1.0", ReleaseImage: false, ProductCode: "aruba-ec", VendorDescription: "HPE Aruba EdgeConnect SD-WAN (early access)", AvailableSizes: small},
	{ID: 11, Vendor: "Versa", Product: "FlexVNF", Version: "21.2.3", ReleaseImage: true, ProductCode: "versa-flexvnf", VendorDescription: "Versa Networks FlexVNF SD-WAN", AvailableSizes: small},
	{ID: 12, Vendor: "Versa", Product: "FlexVNF", Version: "22.1.4", ReleaseImage: true, ProductCode: "versa-flexvnf", VendorDescription: "Versa Networks FlexVNF SD-WAN", AvailableSizes: all},
	{ID: 13, Vendor: "Juniper", Product: "vSRX", Version: "23.4R1", ReleaseImage: true, ProductCode: "vsrx", VendorDescription: "Juniper vSRX virtual firewall", AvailableSizes: larger},
	// 14 and 15 are the Cisco FTDv and Aviatrix images upstream's v1.13
	// configurations look up by ID (issue 39 item 9); the FTDv's product
	// names the firewall, as staging's does.
	{ID: 14, Vendor: "Cisco", Product: "Secure Firewall Threat Defense Virtual", Version: "7.4.2", ReleaseImage: true, ProductCode: "ftdv", VendorDescription: "Cisco Secure Firewall Threat Defense Virtual (FTDv)", AvailableSizes: larger},
	{ID: 15, Vendor: "Aviatrix", Product: "Edge", Version: "7.2.0", ReleaseImage: true, ProductCode: "aviatrix-edge", VendorDescription: "Aviatrix Edge gateway", AvailableSizes: small},
	{ID: 16, Vendor: "6WIND", Product: "VSR", Version: "3.8.1", ReleaseImage: true, ProductCode: "6wind-vsr", VendorDescription: "6WIND Virtual Service Router", AvailableSizes: all},
	{ID: 17, Vendor: "6WIND", Product: "VSR", Version: "3.9.0", ReleaseImage: false, ProductCode: "6wind-vsr", VendorDescription: "6WIND Virtual Service Router (early access)", AvailableSizes: all},
	{ID: 18, Vendor: "Meraki", Product: "vMX", Version: "18.107", ReleaseImage: true, ProductCode: "meraki-vmx", VendorDescription: "Cisco Meraki vMX", AvailableSizes: small},
	{ID: 19, Vendor: "Prisma", Product: "ION 7108v", Version: "6.2.3", ReleaseImage: true, ProductCode: "prisma-ion", VendorDescription: "Prisma SD-WAN virtual ION", AvailableSizes: small},
	// IDs 20, 23, 70 and 152 are those upstream's examples and tests name
	// (Versa 20, Aruba 23 and 152, Aviatrix 70), so that they find an image
	// here too.
	{ID: 20, Vendor: "Versa", Product: "FlexVNF", Version: "22.1.7", ReleaseImage: true, ProductCode: "versa-flexvnf", VendorDescription: "Versa Networks FlexVNF SD-WAN", AvailableSizes: all},
	{ID: 23, Vendor: "Aruba", Product: "EdgeConnect SD-WAN", Version: "9.4.2.0", ReleaseImage: true, ProductCode: "aruba-ec", VendorDescription: "HPE Aruba EdgeConnect SD-WAN", AvailableSizes: small},
	{ID: 70, Vendor: "Aviatrix", Product: "Edge", Version: "7.1.4", ReleaseImage: true, ProductCode: "aviatrix-edge", VendorDescription: "Aviatrix Edge gateway", AvailableSizes: small},
	// 24 was 15 until issue 39 gave 15 to Aviatrix; 25 is the Fortinet
	// version upstream's Fortinet example asks for.
	{ID: 24, Vendor: "VMware", Product: "SD-WAN Edge", Version: "5.2.3", ReleaseImage: true, ProductCode: "velocloud-edge", VendorDescription: "VMware SD-WAN by VeloCloud Edge", AvailableSizes: small},
	{ID: 25, Vendor: "Fortinet", Product: "FortiGate-VM", Version: "7.6.3", ReleaseImage: true, ProductCode: "fortigate", VendorDescription: "FortiGate next-generation firewall", AvailableSizes: all},
	// 152: the Aruba image of upstream's VXC tests (MVEArubaImageID).
	{ID: 152, Vendor: "Aruba", Product: "EdgeConnect SD-WAN", Version: "9.5.1.0", ReleaseImage: true, ProductCode: "aruba-ec", VendorDescription: "HPE Aruba EdgeConnect SD-WAN", AvailableSizes: small},
}

var mveSizes = []api.MVESize{
	{Size: "SMALL", Label: "MVE 2/8", CPUCoreCount: 2, RAMGB: 8},
	{Size: "MEDIUM", Label: "MVE 4/16", CPUCoreCount: 4, RAMGB: 16},
	{Size: "LARGE", Label: "MVE 8/32", CPUCoreCount: 8, RAMGB: 32},
	{Size: "X_LARGE_12", Label: "MVE 12/48", CPUCoreCount: 12, RAMGB: 48},
}

// seed writes every catalogue entry the store does not have yet, in one
// transaction. Entries already there (a rotated partner port, say) are kept.
func (s *server) seed(ctx context.Context) error {
	return s.tx(ctx, func(tx *store.Tx) error {
		putMissing := func(kind, id string, v any) error {
			var raw map[string]any
			found, err := tx.Get(kind, id, &raw)
			if err != nil || found {
				return err
			}
			return tx.Put(kind, id, "", v)
		}
		for _, l := range s.locations() {
			if err := putMissing(kindLocation, strconv.FormatInt(l.ID, 10), l); err != nil {
				return err
			}
		}
		for _, p := range partnerPorts() {
			var existing partnerPortRecord
			found, err := tx.Get(kindPartnerPort, p.Key, &existing)
			if err != nil {
				return err
			}
			if found {
				continue
			}
			if err := tx.Put(kindPartnerPort, p.Key, "", p); err != nil {
				return err
			}
			if err := tx.Put(kindPartnerPortUID, p.ProductUID, "", p.Key); err != nil {
				return err
			}
		}
		for _, m := range mveImages {
			if err := putMissing(kindMVEImage, strconv.FormatInt(m.ID, 10), m); err != nil {
				return err
			}
		}
		for _, m := range mveSizes {
			if err := putMissing(kindMVESize, m.Size, m); err != nil {
				return err
			}
		}
		for _, p := range s.natSessionPairings() {
			if err := putMissing(kindNATSessions, strconv.FormatInt(p.Speed, 10), p); err != nil {
				return err
			}
		}
		return nil
	})
}

func getLocation(tx *store.Tx, id int64) (*api.Location, error) {
	var l api.Location
	found, err := tx.Get(kindLocation, strconv.FormatInt(id, 10), &l)
	if err != nil || !found {
		return nil, err
	}
	return &l, nil
}

// findPartnerPort returns the partner port with that UID, or nil.
func findPartnerPort(tx *store.Tx, uid string) (*partnerPortRecord, error) {
	var key string
	found, err := tx.Get(kindPartnerPortUID, uid, &key)
	if err != nil || !found {
		return nil, err
	}
	var p partnerPortRecord
	found, err = tx.Get(kindPartnerPort, key, &p)
	if err != nil || !found {
		return nil, err
	}
	return &p, nil
}

// locations are the locations seeded: the configured ones or ours.
func (s *server) locations() []api.Location {
	if len(s.cfg.Locations) > 0 {
		return s.cfg.Locations
	}
	return locations()
}

// natSessionPairings is the matrix seeded: the configured one or ours.
func (s *server) natSessionPairings() []api.NATSessionPairing {
	if len(s.cfg.NATSessionPairings) > 0 {
		return s.cfg.NATSessionPairings
	}
	return natSessionPairings
}

// natSpeeds are the speeds of the stored matrix, ascending.
func natSpeeds(tx *store.Tx) ([]int64, error) {
	all, err := store.List[api.NATSessionPairing](tx, kindNATSessions, "")
	if err != nil {
		return nil, err
	}
	speeds := make([]int64, 0, len(all))
	for _, p := range all {
		speeds = append(speeds, p.Speed)
	}
	slices.Sort(speeds)
	return speeds, nil
}

func getNATSessions(tx *store.Tx, speed int64) ([]int64, error) {
	var p api.NATSessionPairing
	found, err := tx.Get(kindNATSessions, strconv.FormatInt(speed, 10), &p)
	if err != nil || !found {
		return nil, err
	}
	return p.SessionCounts, nil
}

// listAll answers {"data": [every document of kind]}, sorted by less.
func listAll[T any](s *server, kind string, less func(a, b T) int) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var out []T
		err := s.tx(r.Context(), func(tx *store.Tx) error {
			var err error
			out, err = store.List[T](tx, kind, "")
			return err
		})
		if err != nil {
			return err
		}
		if less != nil {
			slices.SortStableFunc(out, less)
		}
		writeData(w, http.StatusOK, nonNil(out))
		return nil
	}
}

func nonNil[T any](v []T) []T {
	if v == nil {
		return []T{}
	}
	return v
}

func (s *server) listLocations(w http.ResponseWriter, r *http.Request) error {
	return listAll(s, kindLocation, func(a, b api.Location) int { return cmp.Compare(a.ID, b.ID) })(w, r)
}

func (s *server) getLocation(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		return invalid("id", "must be an integer location ID, got %q", r.PathValue("id"))
	}
	var l *api.Location
	if err := s.tx(r.Context(), func(tx *store.Tx) error {
		l, err = getLocation(tx, id)
		return err
	}); err != nil {
		return err
	}
	if l == nil {
		return notFound("location %d not found", id)
	}
	writeData(w, http.StatusOK, l)
	return nil
}

func (s *server) listPartnerPorts(w http.ResponseWriter, r *http.Request) error {
	var recs []partnerPortRecord
	if err := s.tx(r.Context(), func(tx *store.Tx) error {
		var err error
		recs, err = store.List[partnerPortRecord](tx, kindPartnerPort, "")
		return err
	}); err != nil {
		return err
	}
	out := make([]api.PartnerPort, len(recs))
	for i, p := range recs {
		out[i] = p.PartnerPort
	}
	writeData(w, http.StatusOK, out)
	return nil
}

func (s *server) getPartnerPort(w http.ResponseWriter, r *http.Request) error {
	uid := r.PathValue("productUid")
	var p *partnerPortRecord
	if err := s.tx(r.Context(), func(tx *store.Tx) error {
		var err error
		p, err = findPartnerPort(tx, uid)
		return err
	}); err != nil {
		return err
	}
	if p == nil {
		return notFound("partner port %s not found", uid)
	}
	writeData(w, http.StatusOK, p.PartnerPort)
	return nil
}

func (s *server) listMVEImages(w http.ResponseWriter, r *http.Request) error {
	return listAll(s, kindMVEImage, func(a, b api.MVEImage) int { return cmp.Compare(a.ID, b.ID) })(w, r)
}

func (s *server) listMVESizes(w http.ResponseWriter, r *http.Request) error {
	return listAll[api.MVESize](s, kindMVESize, nil)(w, r)
}

func (s *server) listNATSessions(w http.ResponseWriter, r *http.Request) error {
	return listAll(s, kindNATSessions, func(a, b api.NATSessionPairing) int { return cmp.Compare(a.Speed, b.Speed) })(w, r)
}

// rotatePartnerPort gives a partner port a new UID, as the vendor does when
// it rotates ports; the old UID is forgotten. Cross-connects ordered against
// the old UID keep it.
func (s *server) rotatePartnerPort(w http.ResponseWriter, r *http.Request) error {
	old := r.PathValue("productUid")
	var out api.PartnerPortRotation
	err := s.tx(r.Context(), func(tx *store.Tx) error {
		p, err := findPartnerPort(tx, old)
		if err != nil {
			return err
		}
		if p == nil {
			return notFound("partner port %s not found", old)
		}
		p.ProductUID = uuid.NewString()
		if _, err := tx.Delete(kindPartnerPortUID, old); err != nil {
			return err
		}
		if err := tx.Put(kindPartnerPortUID, p.ProductUID, "", p.Key); err != nil {
			return err
		}
		out = api.PartnerPortRotation{OldProductUID: old, NewProductUID: p.ProductUID}
		return tx.Put(kindPartnerPort, p.Key, "", p)
	})
	if err != nil {
		return err
	}
	writeData(w, http.StatusOK, out)
	return nil
}
