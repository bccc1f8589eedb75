package fwmgr

import (
	"cmp"
	"fmt"
	"net/netip"
	"slices"
	"strconv"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// LocalAS is the device's autonomous system.
const LocalAS = "65000"

// bgpPeerSpec is a configured BGP peer.
type bgpPeerSpec struct {
	addr    string
	as      string
	typ     string // external, internal, confederation
	state   string // Established when routes flow
	unique  int    // prefixes only this peer sends
	ifName  string // interface the peer is reached through
	authMD5 bool
}

// bgpPeerSpecs: 12 external ASes with 4 peers each on eth1, 6 internal peers
// on bond0, 4 confederation peers on bond0.300; six are not established.
func bgpPeerSpecs() []bgpPeerSpec {
	var out []bgpPeerSpec
	down := map[int]string{5: "Active", 18: "Idle", 31: "Connect", 44: "OpenSent"}
	for k := range 12 {
		for j := range 4 {
			idx := k*4 + j
			st := "Established"
			if s, ok := down[idx]; ok {
				st = s
			}
			out = append(out, bgpPeerSpec{
				addr: fmt.Sprintf("10.1.1.%d", 20+idx), as: strconv.Itoa(64601 + k), typ: "external",
				state: st, unique: 40, ifName: "eth1", authMD5: k%3 == 0,
			})
		}
	}
	for p := range 6 {
		out = append(out, bgpPeerSpec{addr: fmt.Sprintf("10.2.0.%d", 10+p), as: LocalAS, typ: "internal", state: "Established", unique: 20, ifName: "bond0"})
	}
	for p := range 4 {
		st := "Established"
		if p == 3 {
			st = "Active"
		}
		out = append(out, bgpPeerSpec{addr: fmt.Sprintf("10.30.0.%d", 10+p), as: "65010", typ: "confederation", state: st, unique: 10, ifName: "bond0.300"})
	}
	return out
}

// sharedPrefixes are sent by every established external peer, so that
// show-bgp-route-in lists one route per peer for them.
var sharedPrefixes = []string{"198.18.0.0/24", "198.18.1.0/24", "198.18.2.0/24", "198.18.3.0/24"}

// advertisedPrefixes are the device's own prefixes, sent to every
// established external peer.
func advertisedPrefixes() []string {
	var out []string
	for x := range 48 {
		out = append(out, fmt.Sprintf("172.20.%d.0/24", x))
	}
	return out
}

// maxExtraRoutesPerPeer is the most extra host routes one peer can send:
// 100.<64+k>.<192+j>.0/24 holds 256 (k the AS, j the peer within it).
const maxExtraRoutesPerPeer = 256

// establishedExternalPeers counts the peers that extra routes come from.
func establishedExternalPeers() int {
	n := 0
	for _, sp := range bgpPeerSpecs() {
		if sp.typ == "external" && sp.state == "Established" {
			n++
		}
	}
	return n
}

func peerPrefixes(idx int, sp bgpPeerSpec, extra int) []string {
	var out []string
	switch sp.typ {
	case "external":
		k, j := idx/4, idx%4
		for r := range sp.unique {
			out = append(out, fmt.Sprintf("100.%d.%d.0/24", 64+k, j*48+r))
		}
		out = append(out, sharedPrefixes...)
		// The seeded /24s use third octets below 192; the extra host
		// routes lie above them.
		if sp.state == "Established" {
			for h := range extra {
				out = append(out, fmt.Sprintf("100.%d.%d.%d/32", 64+k, 192+j, h))
			}
		}
	case "internal":
		for r := range sp.unique {
			out = append(out, fmt.Sprintf("10.%d.%d.0/24", 150+idx-48, r))
		}
	case "confederation":
		for r := range sp.unique {
			out = append(out, fmt.Sprintf("10.%d.%d.0/24", 170+idx-54, r))
		}
	}
	return out
}

func comparePrefix(a, b string) int {
	pa, pb := netip.MustParsePrefix(a), netip.MustParsePrefix(b)
	if c := pa.Addr().Compare(pb.Addr()); c != 0 {
		return c
	}
	return cmp.Compare(pa.Bits(), pb.Bits())
}

func compareAddr(a, b string) int {
	return netip.MustParseAddr(a).Compare(netip.MustParseAddr(b))
}

func compareAS(a, b string) int {
	x, _ := strconv.Atoi(a)
	y, _ := strconv.Atoi(b)
	return cmp.Compare(x, y)
}

var bgpTypeOrder = map[string]int{"confederation": 0, "external": 1, "internal": 2}

func seedBgpConfig(d *Device, extraPerPeer int) {
	d.BgpSummary = api.BgpSummaryResponse{
		Enabled: true, ConfederationID: "65500", RoutingDomainID: LocalAS, AS: LocalAS,
		DefaultWeight: 0, IPv4RouteRank: 170, IPv6RouteRank: 170, DefaultMED: 0,
		EnableECMP: true, EnableSynchronization: false,
	}
	d.BgpConfiguration = api.ConfigurationBgpResponse{
		AS: LocalAS, ClusterID: "10.255.0.1", EnableCommunities: true,
		Confederation: api.BgpConfederation{AspathLoopsPermitted: "1", Identifier: "65500"},
		Dampening: api.BgpDampening{Enabled: true, KeepHistory: "1800", MaxFlap: "16", ReachableDecay: "300",
			ReuseBelow: "2", SuppressAbove: "3", UnreachableDecay: "900"},
		DefaultMED: "0", DefaultRouteGateway: "10.1.1.254", EnableECMP: true,
		GracefulRestart: api.BgpGracefulRestartConfig{RestartTime: "360", SelectionDeferralTime: "360"},
		Ping:            api.BgpPing{Count: "3", Interval: "10"},
		RoutingDomain:   api.BgpRoutingDomain{AspathLoopsPermitted: "1", Identifier: LocalAS},
	}

	specs := bgpPeerSpecs()
	type key struct{ typ, as string }
	groups := map[key]*api.BgpGroup{}
	var order []key
	for _, sp := range specs {
		k := key{sp.typ, sp.as}
		g := groups[k]
		if g == nil {
			rr := ""
			if sp.typ == "internal" {
				rr = "10.255.0.1"
			}
			g = &api.BgpGroup{Type: sp.typ, AS: sp.as, ProtocolList: []string{"inet"}, RouteReflector: rr}
			groups[k] = g
			order = append(order, k)
		}
		g.NumPeers++
		if sp.state == "Established" {
			g.NumPeersEst++
		}
	}
	for _, k := range order {
		d.BgpGroups = append(d.BgpGroups, *groups[k])
	}
	slices.SortFunc(d.BgpGroups, func(a, b api.BgpGroup) int {
		return cmp.Or(compareAS(a.AS, b.AS), cmp.Compare(bgpTypeOrder[a.Type], bgpTypeOrder[b.Type]))
	})

	// One AS path per established peer, numbered in peer order.
	id := 0
	for i, sp := range specs {
		if sp.state != "Established" {
			continue
		}
		id++
		segs := int64(1)
		asNum := int64(2)
		if sp.typ != "external" {
			asNum = 1
		}
		d.BgpPaths = append(d.BgpPaths, api.BgpPath{
			PathName: strconv.Itoa(id), Nexthop: sp.addr, LocalAS: LocalAS, NeighborAS: sp.as,
			ReferenceCount: int64(len(peerPrefixes(i, sp, extraPerPeer))), ASNum: asNum, Segments: segs, Overhead: 48 + 4*asNum,
			AggregatorID: "", AggregatorAS: "",
		})
	}

	// Route maps: each group has default import and export maps; every
	// fourth peer has its own import map.
	for _, k := range order {
		g := api.BgpRoutemapGroup{ASType: k.typ, AS: k.as,
			Default: api.BgpRoutemapPeer{
				ImportRoutemapList: api.BgpRoutemapRef{Name: "rm-in-" + k.as, Preference: 1, Family: "inet", ConditionalRoutemap: []string{}},
				ExportRoutemapList: api.BgpRoutemapRef{Name: "rm-out-" + k.typ, Preference: 1, Family: "inet", ConditionalRoutemap: []string{}},
			},
			PeerList: []api.BgpRoutemapPeer{},
		}
		for i, sp := range specs {
			if sp.typ == k.typ && sp.as == k.as && i%4 == 0 {
				g.PeerList = append(g.PeerList, api.BgpRoutemapPeer{Peer: sp.addr,
					ImportRoutemapList: api.BgpRoutemapRef{Name: "rm-in-peer", Preference: 2, Family: "inet", ConditionalRoutemap: []string{}},
					ExportRoutemapList: api.BgpRoutemapRef{Name: "rm-out-" + k.typ, Preference: 1, Family: "inet", ConditionalRoutemap: []string{"rm-cond-default"}},
				})
			}
		}
		d.BgpRoutemaps = append(d.BgpRoutemaps, g)
	}
	slices.SortFunc(d.BgpRoutemaps, func(a, b api.BgpRoutemapGroup) int {
		return cmp.Or(cmp.Compare(bgpTypeOrder[a.ASType], bgpTypeOrder[b.ASType]), compareAS(a.AS, b.AS))
	})
}

func seedBgp(n *Node, i int, extraPerPeer int) {
	specs := bgpPeerSpecs()
	nexthopOf := func(ifName string) string {
		for _, sp := range interfaceSpecs {
			if sp.name == ifName {
				a, _ := sp.addr4(i)
				return a
			}
		}
		return ""
	}
	for idx, sp := range specs {
		est := sp.state == "Established"
		in := peerPrefixes(idx, sp, extraPerPeer)
		var out []string
		if est {
			switch sp.typ {
			case "external":
				out = advertisedPrefixes()
			default:
				// Internal and confederation peers get the device's
				// aggregates only.
				for x := range 10 {
					out = append(out, fmt.Sprintf("172.21.%d.0/24", x))
				}
			}
		} else {
			in = nil
		}
		// The shared prefixes are active (best) from the first peer of each
		// AS only.
		active := int64(len(in))
		if est && sp.typ == "external" && idx%4 != 0 {
			active -= int64(len(sharedPrefixes))
		}
		// Member-specific runtime: the standby member (i == 1) came up later.
		uptime := int64(0)
		if est {
			uptime = int64(86400*(3+idx%5) + idx*37)
			if i == 1 {
				uptime = uptime/2 + 11
			}
		}
		auth := "none"
		if sp.authMD5 {
			auth = "md5"
		}
		notif := []api.BgpNotification{}
		if !est {
			notif = append(notif, api.BgpNotification{Code: "4", SubCode: "0", Time: fmt.Sprintf("2026-11-%02dT0%d:1%d:00Z", 10+i, idx%10, i)})
		}
		peer := api.BgpPeer{Peer: sp.addr, MemberID: n.MemberID, BgpPeerResponse: api.BgpPeerResponse{
			Type: sp.typ, AS: sp.as, State: sp.state, Uptime: uptime,
			RemoteAS: sp.as, LocalAS: LocalAS,
			PeerCapabilitiesList: []string{"IPv4 Unicast", "Route Refresh", "4-Byte AS"},
			OurCapabilitiesList:  []string{"IPv4 Unicast", "IPv6 Unicast", "Route Refresh", "Graceful Restart", "4-Byte AS"},
			Authtype:             auth, AuthFailures: int64((idx * (i + 1)) % 3),
			EnableMultihop: sp.typ == "internal", MultihopTTL: map[bool]int64{true: 64, false: 1}[sp.typ == "internal"],
			ReachabilityDetection: api.BgpReachabilityDetection{Type: "bfd", Monitoring: est, MonitoringDescription: map[bool]string{true: "monitored", false: "not monitored"}[est],
				Reachable: est, ReachableDescription: map[bool]string{true: "reachable", false: "unreachable"}[est], LastReceived: int64(idx%7 + i)},
			GracefulRestart: api.BgpPeerGracefulRestart{Enabled: true, EnabledDescription: "enabled", State: map[bool]string{true: "Not restarting", false: "Down"}[est],
				RestartTimeAdvertised: 360, RestartTimeReceived: 120, StalepathTime: 360},
			Keepalives: api.BgpKeepalives{LastReceived: int64((idx + i) % 30), LastSent: int64((idx + 2*i) % 30), Interval: 30, Holdtime: 90},
			Received: api.BgpPeerReceived{RoutesReceived: int64(len(in)), RoutesReceivedActive: active,
				NotificationsList: notif},
			Sent: api.BgpPeerSent{RoutesSent: int64(len(out)), NotificationsList: []api.BgpNotification{}},
		}}
		n.BgpPeers = append(n.BgpPeers, peer)

		e := api.BgpError{Peer: sp.addr, LastState: "OpenConfirm", LastEvent: "RecvKeepAlive", LastError: "None"}
		if !est {
			e = api.BgpError{Peer: sp.addr, LastState: sp.state, LastEvent: "ConnectRetry", LastError: "Hold Timer Expired"}
			if i == 1 {
				e.LastEvent = "Start"
			}
		}
		n.BgpErrors = append(n.BgpErrors, e)

		scale := int64(1 + (1-i)*9) // the active member has exchanged ten times more
		upd := int64(len(in)+len(out)) * scale
		n.BgpStats = append(n.BgpStats, api.BgpPeerStats{Peer: sp.addr,
			Received: api.BgpMessageCounters{Opens: 1 + int64(idx%3), Notifications: int64(len(notif)), Updates: upd, Keepalives: uptime / 30, RouteRefresh: int64(idx % 2)},
			Sent:     api.BgpMessageCounters{Opens: 1 + int64(idx%3), Notifications: 0, Updates: upd / 2, Keepalives: uptime/30 + 1, RouteRefresh: 0},
		})

		for r, p := range in {
			route := api.BgpRoute{Route: p, Peer: sp.addr, PeerType: sp.typ, PeerAS: sp.as, Nexthop: sp.addr,
				LocalPreference: "100", MED: strconv.Itoa((r % 5) * 10), Origin: "IGP", Communities: sp.as + ":100",
				ExtendedCommunities: []api.BgpExtendedCommunity{}}
			switch sp.typ {
			case "external":
				route.ASPath = sp.as + " " + strconv.Itoa(64900+r%50)
				if r%10 == 0 {
					route.ExtendedCommunities = append(route.ExtendedCommunities, api.BgpExtendedCommunity{Value: sp.as + ":" + strconv.Itoa(r), Type: "0x00", SubType: "0x02", SubTypeDescription: "Route Target"})
				}
			case "internal":
				route.ASPath = ""
				route.LocalPreference = "200"
				route.OriginatorID = sp.addr
			case "confederation":
				route.ASPath = "(" + sp.as + ")"
				route.Origin = "Incomplete"
			}
			n.RoutesIn = append(n.RoutesIn, route)
		}
		for _, p := range out {
			n.RoutesOut = append(n.RoutesOut, api.BgpRoute{Route: p, Peer: sp.addr, PeerType: sp.typ, PeerAS: sp.as,
				Nexthop: nexthopOf(sp.ifName), ASPath: LocalAS, LocalPreference: "100", MED: "0", Origin: "IGP",
				Communities: LocalAS + ":1", ExtendedCommunities: []api.BgpExtendedCommunity{}})
		}
	}
	byPeer := func(asA, asB, pa, pb string) int { return cmp.Or(compareAS(asA, asB), compareAddr(pa, pb)) }
	slices.SortFunc(n.BgpPeers, func(a, b api.BgpPeer) int { return byPeer(a.AS, b.AS, a.Peer, b.Peer) })
	slices.SortFunc(n.BgpErrors, func(a, b api.BgpError) int { return compareAddr(a.Peer, b.Peer) })
	asOf := map[string]string{}
	for _, sp := range specs {
		asOf[sp.addr] = sp.as
	}
	slices.SortFunc(n.BgpStats, func(a, b api.BgpPeerStats) int { return byPeer(asOf[a.Peer], asOf[b.Peer], a.Peer, b.Peer) })
	routeOrder := func(a, b api.BgpRoute) int {
		return cmp.Or(byPeer(a.PeerAS, b.PeerAS, a.Peer, b.Peer), comparePrefix(a.Route, b.Route))
	}
	slices.SortFunc(n.RoutesIn, routeOrder)
	slices.SortFunc(n.RoutesOut, routeOrder)
}
