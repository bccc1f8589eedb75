package fwmgr

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

func seedMulticastConfig(d *Device) {
	d.Pim = api.ConfigurationPimResponse{
		AssertInterval: "180",
		AssertRank: []api.PimAssertRank{
			{Protocol: "direct", Rank: "0"}, {Protocol: "static", Rank: "1"}, {Protocol: "ospf", Rank: "10"},
			{Protocol: "bgp", Rank: "170"}, {Protocol: "rip", Rank: "100"},
		},
		BootstrapCandidate: api.PimBootstrapCandidate{LocalAddress: "10.255.0.1", Priority: "10", Enable: true},
		CandidateRP: api.PimCandidateRP{AdvertiseInterval: 60, LocalAddress: "10.255.0.1", Enable: true, Priority: 100,
			MulticastGroup: api.PimMulticastGroup{Address: "239.0.0.0/8"}},
		DataInterval: "210", HelloInterval: "30", JPDelayInterval: "5", JPInterval: "60", Mode: "sparse",
		RegisterSuppressInterval: "60", EnableStateRefresh: false, StateRefreshInterval: "60", StateRefreshTTL: "16",
		StaticRP: []api.PimStaticRP{
			{RPAddress: "10.2.0.10", Enable: true, MulticastGroup: api.PimMulticastGroup{Address: "239.1.0.0/16"}},
			{RPAddress: "10.30.0.10", Enable: false, MulticastGroup: api.PimMulticastGroup{Address: "239.2.0.0/16"}},
		},
		CustomSSMPrefix: []api.PimSSMPrefix{{Address: "232.1.0.0/16"}},
		SPTThreshold:    []api.PimSPTThreshold{{MulticastGroup: "239.1.0.0/16", Threshold: "infinity"}, {MulticastGroup: "224.0.0.0/4", Threshold: "0"}},
	}
	d.Ipv6Pim = api.ConfigurationPimResponse{
		AssertInterval: "180",
		AssertRank: []api.PimAssertRank{
			{Protocol: "direct", Rank: "0"}, {Protocol: "static", Rank: "1"}, {Protocol: "ospf3", Rank: "10"}, {Protocol: "bgp", Rank: "170"},
		},
		BootstrapCandidate: api.PimBootstrapCandidate{LocalAddress: "2001:db8:ff::1", Priority: "20", Enable: true},
		CandidateRP: api.PimCandidateRP{AdvertiseInterval: 60, LocalAddress: "2001:db8:ff::1", Enable: true, Priority: 50,
			MulticastGroup: api.PimMulticastGroup{Address: "ff0e::/16"}},
		DataInterval: "210", HelloInterval: "30", JPDelayInterval: "5", JPInterval: "60", Mode: "sparse",
		RegisterSuppressInterval: "60", EnableStateRefresh: false, StateRefreshInterval: "60", StateRefreshTTL: "16",
		StaticRP:        []api.PimStaticRP{{RPAddress: "2001:db8:20::10", Enable: true, MulticastGroup: api.PimMulticastGroup{Address: "ff0e:1::/32"}}},
		CustomSSMPrefix: []api.PimSSMPrefix{{Address: "ff3e::/32"}},
		SPTThreshold:    []api.PimSPTThreshold{{MulticastGroup: "ff0e::/16", Threshold: "0"}},
	}
	intervals := func() []api.IsisInterval {
		return []api.IsisInterval{
			{Level: "1", MaxInterval: "5000", InitialOffset: "50", SecondOffset: "200"},
			{Level: "2", MaxInterval: "5000", InitialOffset: "50", SecondOffset: "200"},
		}
	}
	metrics := []api.IsisDefaultMetric{{Level: "1", Metric: "10"}, {Level: "2", Metric: "10"}}
	d.Isis = api.ConfigurationIsisResponse{
		AdjacencyCheck: true,
		AreaList:       []api.IsisAreaList{{Type: []string{"level-2"}, Object: []api.IsisAreaChange{{Add: []string{"49.0001"}, Remove: []string{}}}}},
		DefaultMetric:  metrics, IsType: "level-2", MaxAreas: "3", OverloadBit: false, SystemID: isisSystemID(0),
		IgnoreAttachedBit: false,
		IPv6:              api.IsisIPv6{MultiTopology: true, PRCInterval: intervals(), SPF: intervals(), DefaultMetric: metrics},
		DynamicHostname:   true,
		Hello:             api.IsisHello{InterfacePointToPoint: "10", InterfaceBroadcast: "10"},
		MetricType:        []api.IsisMetricType{{Type: "wide", Level: "1"}, {Type: "wide", Level: "2"}},
		LSP:               api.IsisLSP{Lifetime: "1200", MTU: "1492", RefreshInterval: "900", GenInterval: intervals()},
		SPF:               intervals(),
		PRCInterval:       intervals(),
		AuthenticationIgnore: []api.IsisAuthenticationIgnore{
			{IgnoreNone: true, Level: "1"}, {IgnoreHello: true, IgnoreCsnp: true, Level: "2"},
		},
		// The API shows secrets only in their encrypted form.
		Authentication: []api.IsisAuthentication{
			{Type: "md5", Level: "2", EncryptedSecret: "7a1f0c9e3b55d2aa", Secret: "",
				Keys: []api.IsisAuthenticationKey{{EncryptedSecret: "7a1f0c9e3b55d2aa", ResourceID: 1, Algorithm: "md5"}}, ActiveKey: "1"},
		},
	}
}

// igmpInterfaces run IGMP.
var igmpInterfaces = []string{"bond0.300", "eth1.100", "eth2"}

func seedMulticast(n *Node, i int) {
	scale := int64(1 + 4*(1-i)) // the active member answers five times more
	for x, name := range igmpInterfaces {
		n.IgmpInterfaces = append(n.IgmpInterfaces, api.IgmpInterface{
			Name: name, Flags: map[bool]string{true: "Querier", false: "Non-Querier"}[i == 0], IGMPVersion: 3, LossRobustness: 2,
			QueryInterval: 125, QueryResponseInterval: 10, LastMemberQueryInterval: 1,
			NumGroupJoins: int64(12*(x+1)) * scale, NumGroupActive: int64(2 + x), NextMembershipQuery: int64(40 + x + 9*i),
			QuerierUpTime: int64(86400 - 3600*x - 40000*i), AdvertiseAddress: ifAddr(name, i), MulticastProtocol: "PIM",
		})
		for g := range 2 + x {
			typ := []string{"dynamic", "static", "local"}[g%3]
			n.IgmpGroups = append(n.IgmpGroups, api.IgmpGroup{Address: fmt.Sprintf("239.%d.%d.%d", x+1, g, 10+g), Interface: name, Type: typ,
				Age: int64(300*(g+1) + 11*i), Expire: map[bool]int64{true: 0, false: int64(260 - 10*g)}[typ != "dynamic"]})
		}
		rx := api.IgmpInterfaceReceive{MembershipQuery: 40 * scale, MembershipReport: int64(120*(x+1)) * scale, NumV3Report: int64(90*(x+1)) * scale,
			GroupLeave: int64(7*(x+1)) * scale, VersionMismatch: int64(x * i)}
		tx := api.IgmpInterfaceTransmit{MembershipQuery: 700 * scale, Truncated: 0}
		n.IgmpInterfacesStats = append(n.IgmpInterfacesStats, api.IgmpInterfaceStats{Interface: name, IgmpInterfaceStatsResponse: api.IgmpInterfaceStatsResponse{Receive: rx, Transmit: tx}})
	}
	slices.SortFunc(n.IgmpGroups, func(a, b api.IgmpGroup) int {
		return cmp.Or(strings.Compare(a.Interface, b.Interface), compareAddr(a.Address, b.Address))
	})
	var rx api.IgmpReceive
	var tx api.IgmpTransmit
	for _, s := range n.IgmpInterfacesStats {
		rx.MembershipQuery += s.Receive.MembershipQuery
		rx.MembershipReport += s.Receive.MembershipReport
		rx.NumV3Report += s.Receive.NumV3Report
		rx.GroupLeave += s.Receive.GroupLeave
		tx.MembershipQuery += s.Transmit.MembershipQuery
	}
	rx.Total = rx.MembershipQuery + rx.MembershipReport + rx.GroupLeave
	tx.Total = tx.MembershipQuery
	n.IgmpStats = api.IgmpStatsResponse{Receive: rx, Transmit: tx,
		Error: api.IgmpErrors{Checksum: int64(3 * (1 + i)), BadTTL: int64(i), UnsupportedVersion: 2, NoIGMP: 1, VersionMismatch: int64(i)}}
	n.IgmpSummary = api.IgmpSummaryResponse{NextGroupAge: fmt.Sprintf("%ds", 37+13*i), InterfacesEnabled: int64(len(igmpInterfaces))}

	// BOOTP/DHCP relay on the user and server VLANs and eth2.
	relays := []struct {
		name    string
		servers []string
		opt82   bool
	}{
		{"eth1.100", []string{"10.1.2.50", "10.1.2.51"}, true},
		{"eth1.200", []string{"10.1.2.50"}, false},
		{"eth2", []string{"10.200.0.50"}, false},
	}
	for x, r := range relays {
		to := []api.BootpRelayTo{}
		for _, s := range r.servers {
			to = append(to, api.BootpRelayTo{Address: s, Status: "reachable"})
		}
		bi := api.BootpInterface{Name: r.name, BootpInterfaceResponse: api.BootpInterfaceResponse{MaxHopcount: 4, WaitTime: int64(x * 2),
			Primary: ifAddr(r.name, i), GatewayAddress: ifAddr(r.name, i), RelayTo: to, Option82Enabled: r.opt82, Status: "up"}}
		if r.opt82 {
			bi.CircuitID, bi.RemoteID = r.name, "fw-cluster"
		}
		n.BootpInterfaces = append(n.BootpInterfaces, bi)
	}
	slices.SortFunc(n.BootpInterfaces, func(a, b api.BootpInterface) int { return strings.Compare(a.Name, b.Name) })
	req := 1800 * scale
	n.BootpStats = api.BootpStatsResponse{
		ReceiveSummary: api.BootpReceiveSummary{Total: 2*req + 12, Truncated: 2, Request: req + 5, Reply: req, Unknown: 5 + int64(i)},
		RequestSummary: api.BootpRequestSummary{Dropped: api.BootpRequestDropped{NoBootpOnInterface: 3, WaitTimePolicy: 1 + int64(i), MaxHopsPolicy: 1},
			Relayed: api.BootpRequestRelayed{Requests: req, Packets: req + req/2}},
		ReplySummary: api.BootpReplySummary{Dropped: api.BootpReplyDropped{NonLocalClient: 1, BadClientIP: int64(i)},
			Relayed: api.BootpReplyRelayed{Unicast: req - req/10, Broadcast: req / 10}},
	}
}
