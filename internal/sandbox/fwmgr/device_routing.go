package fwmgr

import (
	"cmp"
	"fmt"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// staticRouteSpecs are the configured static routes of virtual system 0.
var staticRouteSpecs = []struct {
	prefix, typ, comment string
	hops                 []string
}{
	{"0.0.0.0/0", "gateway", "default route", []string{"10.1.1.254", "10.1.4.254"}},
	{"192.0.2.0/24", "blackhole", "documentation block", nil},
	{"203.0.113.0/24", "gateway", "branch tunnels", []string{"10.1.4.254"}},
	{"10.250.0.0/16", "reject", "decommissioned lab", nil},
	{"172.18.0.0/16", "gateway", "partner network via bond0", []string{"10.2.0.254"}},
	{"172.19.0.0/16", "gateway", "partner network via eth2", []string{"10.1.2.254"}},
	{"2001:db8:ffff::/48", "gateway", "IPv6 partner", []string{"2001:db8:1::fe"}},
	{"::/0", "gateway", "IPv6 default route", []string{"2001:db8:1::fe"}},
}

func prefixFamily(p string) string {
	if strings.Contains(p, ":") {
		return "inet6"
	}
	return "inet"
}

func splitPrefix(p string) (string, int64) {
	pp := netip.MustParsePrefix(p)
	return pp.Addr().String(), int64(pp.Bits())
}

// ifaceForGateway finds the interface whose network holds gw.
func ifaceForGateway(gw string, i int) string {
	a := netip.MustParseAddr(gw)
	for _, sp := range interfaceSpecs {
		if sp.vs != 0 {
			continue
		}
		if a4, l4 := sp.addr4(i); a4 != "" && a.Is4() {
			n, _ := strconv.Atoi(l4)
			if netip.PrefixFrom(netip.MustParseAddr(a4), n).Masked().Contains(a) && n < 32 {
				return sp.name
			}
		}
		if a6, l6 := sp.addr6(i); a6 != "" && a.Is6() {
			n, _ := strconv.Atoi(l6)
			if netip.PrefixFrom(netip.MustParseAddr(a6), n).Masked().Contains(a) && n < 128 {
				return sp.name
			}
		}
	}
	return ""
}

func seedRoutingConfig(d *Device) {
	for _, s := range staticRouteSpecs {
		addr, ml := splitPrefix(s.prefix)
		hops := []api.StaticRouteNextHop{}
		for p, h := range s.hops {
			hops = append(hops, api.StaticRouteNextHop{Gateway: h, Priority: strconv.Itoa(p + 1)})
		}
		d.StaticRoutes = append(d.StaticRoutes, api.StaticRoute{Address: addr, MaskLength: ml, Type: s.typ, NextHop: hops,
			Ping: len(s.hops) > 1, Rank: "0", Comment: s.comment, MemberID: "", VirtualSystemID: "0"})
	}
	slices.SortFunc(d.StaticRoutes, func(a, b api.StaticRoute) int {
		return comparePrefix(fmt.Sprintf("%s/%d", a.Address, a.MaskLength), fmt.Sprintf("%s/%d", b.Address, b.MaskLength))
	})
}

// seedRouting builds the member's routing table (direct, static, OSPF, RIP
// and the best BGP routes) and its OSPF, PIM and IS-IS state.
func seedRouting(n *Node, i int) {
	n.Routes = map[string][]api.Route{"inet": {}, "inet6": {}}
	add := func(prefix, proto, gw, ifName, cost string, age int64) {
		addr, ml := splitPrefix(prefix)
		nh := api.RouteNextHop{Gateways: []api.RouteGateway{}, Interface: ifName}
		if gw != "" {
			nh.Gateways = append(nh.Gateways, api.RouteGateway{Address: gw, Interface: ifName})
		}
		fam := prefixFamily(prefix)
		n.Routes[fam] = append(n.Routes[fam], api.Route{Address: addr, MaskLength: ml, Protocol: proto, NextHop: nh,
			Age: age, ActiveAge: age, Cost: cost, Tag: "0", ProtocolInstance: 0})
	}
	age := func(x int) int64 { return int64(3600*(24-i*12) + x*13) }
	for x, sp := range interfaceSpecs {
		if sp.vs != 0 || !sp.enabled {
			continue
		}
		if a4, l4 := sp.addr4(i); a4 != "" {
			ml, _ := strconv.Atoi(l4)
			add(netip.PrefixFrom(netip.MustParseAddr(a4), ml).Masked().String(), "direct", "", sp.name, "0", age(x))
		}
		if a6, l6 := sp.addr6(i); a6 != "" {
			ml, _ := strconv.Atoi(l6)
			add(netip.PrefixFrom(netip.MustParseAddr(a6), ml).Masked().String(), "direct", "", sp.name, "0", age(x))
		}
	}
	for x, s := range staticRouteSpecs {
		if s.typ != "gateway" {
			continue
		}
		add(s.prefix, "static", s.hops[0], ifaceForGateway(s.hops[0], i), "0", age(x))
	}
	for x := range 20 {
		add(fmt.Sprintf("10.40.%d.0/24", x), "ospf", fmt.Sprintf("10.1.2.%d", 10+x%2), "eth2", strconv.Itoa(10+x), age(x))
	}
	for x := range 10 {
		add(fmt.Sprintf("10.45.%d.0/24", x), "rip", "10.200.0.10", "eth1.200", strconv.Itoa(1+x%5), age(x))
	}
	best := map[string]bool{}
	for _, r := range n.RoutesIn {
		if best[r.Route] {
			continue
		}
		best[r.Route] = true
		add(r.Route, "bgp", r.Nexthop, ifaceForGateway(r.Nexthop, i), r.MED, age(len(best)))
	}
	for fam := range n.Routes {
		slices.SortFunc(n.Routes[fam], func(a, b api.Route) int {
			return cmp.Or(netip.MustParseAddr(a.Address).Compare(netip.MustParseAddr(b.Address)), cmp.Compare(a.MaskLength, b.MaskLength))
		})
	}

	// OSPF on eth2 (area 0) and eth1.100 (area 1).
	routerID, _ := interfaceSpecs[slices.IndexFunc(interfaceSpecs, func(s ifSpec) bool { return s.name == "loop00" })].addr4(i)
	n.OspfInterfaces = []api.OspfInterface{
		{Address: ifAddr("eth1.100", i), AreaID: "0.0.0.1", DR: ifAddr("eth1.100", 0), BDR: ifAddr("eth1.100", 1), Errors: int64(i), Name: "eth1.100", NeighborCount: 1, State: map[bool]string{true: "DR", false: "BDR"}[i == 0], MemberID: n.MemberID},
		{Address: ifAddr("eth2", i), AreaID: "0.0.0.0", DR: "10.1.2.10", BDR: ifAddr("eth2", 0), Errors: 0, Name: "eth2", NeighborCount: 2, State: map[bool]string{true: "BDR", false: "DROther"}[i == 0], MemberID: n.MemberID},
	}
	n.OspfNeighbors = []api.OspfNeighbor{
		{Address: "10.1.2.10", AreaID: "0.0.0.0", Dead: int64(33 + i), Interface: "eth2", Priority: 1, RouterID: "10.255.9.10", State: "Full"},
		{Address: "10.1.2.11", AreaID: "0.0.0.0", Dead: int64(35 - i), Interface: "eth2", Priority: 1, RouterID: "10.255.9.11", State: "Full"},
		{Address: "10.100.0.20", AreaID: "0.0.0.1", Dead: int64(31 + 2*i), Interface: "eth1.100", Priority: 0, RouterID: "10.255.9.20", State: "2Way"},
	}
	slices.SortFunc(n.OspfNeighbors, func(a, b api.OspfNeighbor) int { return compareAddr(a.RouterID, b.RouterID) })
	n.OspfSummary = api.OspfSummaryResponse{
		SPFScheduleDelay: 2, SPFHoldTime: 5, NumAreas: 2, NumNormalAreas: 1, NumStubAreas: 1, NumNssaAreas: 0,
		RFC1583Compatibility: false, ABR: true, ASBR: true, GracefulRestartCapable: true, GracePeriod: 120,
		GracefulRestartStatus: "Not restarting", LastGracefulRestartExitStatus: "None", VirtualLinks: 0,
		InterfaceUp: 2, InterfaceDown: 0, ASECost: 1, ASEType: 2,
		Areas: []api.OspfArea{
			{Area: "0.0.0.0", Interfaces: 1, State: "Up", NumABRs: 1, NumASBRs: 2, SPFRuns: int64(41 + 17*i),
				Ranges: []api.OspfAreaRange{{Range: "10.40.0.0/16", Status: "Advertise", Type: "Summary"}}, Stubnets: []api.OspfStubnet{}},
			{Area: "0.0.0.1", Interfaces: 1, State: "Up", DefaultRouteCost: 10, DefaultMetricType: 1, NumABRs: 1, NumASBRs: 0, SPFRuns: int64(12 + 5*i),
				Ranges: []api.OspfAreaRange{}, Stubnets: []api.OspfStubnet{{Stubnet: routerID + "/32", Cost: 1}}},
		},
	}

	// PIM runs on the multicast interfaces.
	for _, name := range []string{"eth1.100", "eth2", "bond0.300"} {
		n.PimInterfaces = append(n.PimInterfaces, api.PimInterface{Name: name, DRPriority: "1", DRAddress: ifAddr(name, 0), Mode: "sparse",
			NeighborAmount: 1, State: map[bool]string{true: "DR", false: "NotDR"}[i == 0], Status: "Up", MemberID: n.MemberID})
	}
	slices.SortFunc(n.PimInterfaces, func(a, b api.PimInterface) int { return strings.Compare(a.Name, b.Name) })
	slices.SortFunc(n.OspfInterfaces, func(a, b api.OspfInterface) int { return strings.Compare(a.Name, b.Name) })
	n.PimNeighbors = []api.PimNeighbor{
		{Address: "10.1.2.10", DRPriority: 1, Expires: strconv.Itoa(90 - 7*i), GenID: 1_551_000_123, Holdtime: "105", Interface: "eth2", MemberID: n.MemberID},
		{Address: "10.100.0.20", DRPriority: 1, Expires: strconv.Itoa(80 - 3*i), GenID: 2_002_114_871, Holdtime: "105", Interface: "eth1.100", MemberID: n.MemberID},
		{Address: "10.30.0.10", DRPriority: 10, Expires: strconv.Itoa(95 - i), GenID: 871_623_004, Holdtime: "105", Interface: "bond0.300", MemberID: n.MemberID},
	}
	slices.SortFunc(n.PimNeighbors, func(a, b api.PimNeighbor) int { return compareAddr(a.Address, b.Address) })

	// IS-IS on bond0 and bond0.300.
	for x, name := range []string{"bond0", "bond0.300"} {
		lvl := api.IsisInterfaceLevel{Metric: 10, IPv6Metric: 10, HelloInterval: 10, HoldTime: 30, NextLanHello: int64(3 + i + x),
			CircuitID: fmt.Sprintf("%s.%02d", strings.ReplaceAll(isisSystemID(i), ".", ""), x+1), Priority: 64, Dis: isisSystemID(0), NextCsnp: 7,
			NeighborCount: 1, NeighborUpCount: 1, Authentication: "none"}
		n.IsisInterfaces = append(n.IsisInterfaces, api.IsisInterface{Name: name, LocalCircuit: strconv.Itoa(x + 1), MACAddress: mac(i, 100+x),
			State: "Up", CircuitType: "level-2", IPv4Address: ifAddr(name, i), IPv6LinkLocal: linkLocal(i, 100+x), IPv6Global: "",
			NetworkType: "broadcast", ExtendedCircuit: strconv.Itoa(x + 1), P2pNeighborState: "", Level1: api.IsisInterfaceLevel{}, Level2: lvl})
	}
	n.IsisNeighbors = []api.IsisNeighbor{
		{SystemID: "0100.0000.0011", Interface: "bond0", HoldTime: int64(27 - i), LastStateChange: int64(5400 - 1200*i), Level: "2", State: "Up",
			RestartCapable: true, CircuitID: "0100.0000.0011.01", IsDis: false, Priority: "64", IPv4Address: "10.2.0.11", MACAddress: "00:1c:7f:90:00:11",
			AreaList: []string{"49.0001"}, MtidList: []string{"0"}, BfdSupportList: []string{"ipv4"}, BfdSessionsList: []api.BfdSessionsList{{Topology: "ipv4", State: "Up"}}},
		{SystemID: "0100.0000.0012", Interface: "bond0.300", HoldTime: int64(25 + i), LastStateChange: int64(7200 - 1200*i), Level: "2", State: "Up",
			RestartCapable: false, CircuitID: "0100.0000.0012.02", IsDis: true, Priority: "100", IPv4Address: "10.30.0.12", MACAddress: "00:1c:7f:90:00:12",
			AreaList: []string{"49.0001"}, MtidList: []string{"0"}, BfdSupportList: []string{}, BfdSessionsList: []api.BfdSessionsList{}},
	}
}

func isisSystemID(i int) string { return fmt.Sprintf("0100.0000.000%d", i+1) }

// ifAddr is the IPv4 address of interface name on member i.
func ifAddr(name string, i int) string {
	for _, sp := range interfaceSpecs {
		if sp.name == name {
			a, _ := sp.addr4(i)
			return a
		}
	}
	return ""
}
