package fwmgr

import (
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"time"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// showHandlers answers every command of api.Commands (New checks that none
// is missing).
func showHandlers() map[string]showFunc {
	return map[string]showFunc{
		"show-api-versions": handle(func(c *call, _ *api.ApiVersionsRequest) (any, error) {
			return api.ApiVersionsResponse{CurrentVersion: api.CurrentVersion, SupportedVersions: slices.Clone(api.SupportedVersions)}, nil
		}),
		"show-asset": handle(func(c *call, _ *api.AssetRequest) (any, error) { return c.node.Asset, nil }),
		"show-serial-number": handle(func(c *call, _ *api.SerialNumberRequest) (any, error) {
			return api.SerialNumberResponse{SerialNumber: c.node.SerialNumber}, nil
		}),
		"show-version": handle(func(c *call, _ *api.VersionRequest) (any, error) { return c.dev.Version, nil }),
		"show-cluster-members": handle(func(c *call, _ *api.ClusterMembersRequest) (any, error) {
			return api.ClusterMembersResponse{Members: c.dev.Members, PendingGateways: c.dev.PendingGateways}, nil
		}),
		"show-cluster-state": handle(func(c *call, _ *api.ClusterStateRequest) (any, error) { return c.node.ClusterState, nil }),

		// Interfaces.
		"show-interfaces": handle(func(c *call, r *api.InterfacesRequest) (any, error) {
			all := c.ifaces().All
			if len(r.Names) == 0 {
				return api.InterfacesResponse{Objects: all}, nil
			}
			out := []api.InterfaceInfo{}
			for _, name := range r.Names {
				x, ok := c.ifaces().Interface(name)
				if !ok {
					return nil, unknownInterface(c, name)
				}
				out = append(out, x)
			}
			return api.InterfacesResponse{Objects: out}, nil
		}),
		"show-interface": handle(func(c *call, r *api.InterfaceRequest) (any, error) {
			x, ok := c.ifaces().Interface(r.Name)
			if !ok {
				return nil, unknownInterface(c, r.Name)
			}
			return api.InterfaceResponse{IPv4Address: x.IPv4Address, IPv4MaskLength: x.IPv4MaskLength, Enabled: x.Enabled, IPv6Autoconfig: x.IPv6Autoconfig,
				Comments: x.Comments, IPv6Address: x.IPv6Address, IPv6MaskLength: x.IPv6MaskLength, IPv6LocalLinkAddress: x.IPv6LocalLinkAddress, Type: x.Type}, nil
		}),
		"show-interfaces-by-type": handle(func(c *call, _ *api.InterfacesByTypeRequest) (any, error) {
			s := c.ifaces()
			return api.InterfacesByTypeResponse{PhysicalInterfaces: s.Physical, BondInterfaces: s.Bond, AliasInterfaces: s.Alias, VLANInterfaces: s.Vlan,
				VXLANInterfaces: s.Vxlan, GREInterfaces: s.Gre, BridgeInterfaces: s.Bridge, LoopbackInterfaces: s.Loopback}, nil
		}),
		"show-physical-interfaces": handle(func(c *call, _ *api.PhysicalInterfacesRequest) (any, error) {
			return api.PhysicalInterfacesResponse{Objects: c.ifaces().Physical}, nil
		}),
		"show-alias-interfaces": handle(func(c *call, r *api.AliasInterfacesRequest) (any, error) {
			if r.Parent != "" {
				if _, ok := c.ifaces().Interface(r.Parent); !ok {
					return nil, unknownInterface(c, r.Parent)
				}
			}
			return api.AliasInterfacesResponse{Objects: filter(c.ifaces().Alias, func(x api.AliasInterface) bool { return r.Parent == "" || x.Parent == r.Parent })}, nil
		}),
		"show-vlan-interfaces": handle(func(c *call, r *api.VlanInterfacesRequest) (any, error) {
			if r.Parent != "" {
				if _, ok := c.ifaces().Interface(r.Parent); !ok {
					return nil, unknownInterface(c, r.Parent)
				}
			}
			return api.VlanInterfacesResponse{Objects: filter(c.ifaces().Vlan, func(x api.VlanInterface) bool { return r.Parent == "" || x.Parent == r.Parent })}, nil
		}),
		"show-bond-interfaces": handle(func(c *call, _ *api.BondInterfacesRequest) (any, error) {
			return api.BondInterfacesResponse{Objects: c.ifaces().Bond}, nil
		}),
		"show-bridge-interfaces": handle(func(c *call, _ *api.BridgeInterfacesRequest) (any, error) {
			return api.BridgeInterfacesResponse{Objects: c.ifaces().Bridge}, nil
		}),
		"show-gre-interfaces": handle(func(c *call, _ *api.GreInterfacesRequest) (any, error) {
			return api.GreInterfacesResponse{Objects: c.ifaces().Gre}, nil
		}),
		"show-loopback-interfaces": handle(func(c *call, _ *api.LoopbackInterfacesRequest) (any, error) {
			return api.LoopbackInterfacesResponse{Objects: c.ifaces().Loopback}, nil
		}),
		"show-vxlan-interfaces": handle(func(c *call, _ *api.VxlanInterfacesRequest) (any, error) {
			return api.VxlanInterfacesResponse{Objects: c.ifaces().Vxlan}, nil
		}),
		"show-virtual-systems": handle(func(c *call, _ *api.VirtualSystemsRequest) (any, error) {
			all := make([]api.VirtualSystem, 0, len(c.dev.VirtualSystems))
			for _, vs := range c.dev.VirtualSystems {
				all = append(all, vs.Info)
			}
			var r api.VirtualSystemsResponse
			r.From, r.To, r.Total, r.Objects = pageOf(c.page, all)
			return r, nil
		}),

		// BGP.
		"show-bgp-summary":       handle(func(c *call, _ *api.BgpSummaryRequest) (any, error) { return c.dev.BgpSummary, nil }),
		"show-configuration-bgp": handle(func(c *call, _ *api.ConfigurationBgpRequest) (any, error) { return c.dev.BgpConfiguration, nil }),
		"show-bgp-peers": handle(func(c *call, r *api.BgpPeersRequest) (any, error) {
			peers := c.node.BgpPeers
			if r.Filter != "" {
				peers = filter(peers, func(p api.BgpPeer) bool {
					return strings.Contains(p.Peer, r.Filter) || strings.Contains(p.AS, r.Filter) || strings.Contains(p.State, r.Filter)
				})
			}
			var out api.BgpPeersResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, peers)
			return out, nil
		}),
		"show-bgp-peer": handle(func(c *call, r *api.BgpPeerRequest) (any, error) {
			i := slices.IndexFunc(c.node.BgpPeers, func(p api.BgpPeer) bool { return p.Peer == r.Peer })
			if i < 0 {
				return nil, unknownObject("BGP peer", "peer", r.Peer)
			}
			p := c.node.BgpPeers[i]
			return api.BgpPeerResponse{Type: p.Type, AS: p.AS, State: p.State, Uptime: p.Uptime, RemoteAS: p.RemoteAS, LocalAS: p.LocalAS,
				PeerCapabilitiesList: p.PeerCapabilitiesList, OurCapabilitiesList: p.OurCapabilitiesList, Authtype: p.Authtype, AuthFailures: p.AuthFailures,
				EnableMultihop: p.EnableMultihop, MultihopTTL: p.MultihopTTL, ReachabilityDetection: p.ReachabilityDetection,
				GracefulRestart: p.GracefulRestart, Keepalives: p.Keepalives, Received: p.Received, Sent: p.Sent}, nil
		}),
		"show-bgp-errors": handle(func(c *call, _ *api.BgpErrorsRequest) (any, error) {
			var out api.BgpErrorsResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, c.node.BgpErrors)
			return out, nil
		}),
		"show-bgp-groups": handle(func(c *call, _ *api.BgpGroupsRequest) (any, error) {
			var out api.BgpGroupsResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, c.dev.BgpGroups)
			return out, nil
		}),
		"show-bgp-paths": handle(func(c *call, _ *api.BgpPathsRequest) (any, error) {
			var out api.BgpPathsResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, c.dev.BgpPaths)
			return out, nil
		}),
		"show-bgp-stats": handle(func(c *call, _ *api.BgpStatsRequest) (any, error) {
			var out api.BgpStatsResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, c.node.BgpStats)
			return out, nil
		}),
		"show-bgp-routemaps": handle(func(c *call, _ *api.BgpRoutemapsRequest) (any, error) {
			var out api.BgpRoutemapsResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, c.dev.BgpRoutemaps)
			return out, nil
		}),
		"show-bgp-routes-in": handle(func(c *call, r *api.BgpRoutesInRequest) (any, error) {
			routes, err := c.routesOfPeer(c.node.RoutesIn, r.Peer)
			if err != nil {
				return nil, err
			}
			var out api.BgpRoutesInResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, routes)
			return out, nil
		}),
		"show-bgp-routes-out": handle(func(c *call, r *api.BgpRoutesOutRequest) (any, error) {
			routes, err := c.routesOfPeer(c.node.RoutesOut, r.Peer)
			if err != nil {
				return nil, err
			}
			var out api.BgpRoutesOutResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, routes)
			return out, nil
		}),
		"show-bgp-route-in": handle(func(c *call, r *api.BgpRouteInRequest) (any, error) {
			routes, err := routesOfPrefix(c.node.RoutesIn, r.Address, r.MaskLength, "received")
			if err != nil {
				return nil, err
			}
			return api.BgpRouteInResponse{Object: routes}, nil
		}),
		"show-bgp-route-out": handle(func(c *call, r *api.BgpRouteOutRequest) (any, error) {
			routes, err := routesOfPrefix(c.node.RoutesOut, r.Address, r.MaskLength, "advertised")
			if err != nil {
				return nil, err
			}
			return api.BgpRouteOutResponse{Object: routes}, nil
		}),
		"show-routemaps": handle(func(c *call, _ *api.RoutemapsRequest) (any, error) {
			var out api.RoutemapsResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, c.dev.Routemaps)
			return out, nil
		}),

		// Routing table, static routes, OSPF, RIP.
		"show-routes": handle(func(c *call, r *api.RoutesRequest) (any, error) {
			return c.routes(r.AddressFamily, "")
		}),
		"show-routes-static": handle(func(c *call, r *api.RoutesStaticRequest) (any, error) { return c.routes(r.AddressFamily, "static") }),
		"show-routes-rip":    handle(func(c *call, r *api.RoutesRipRequest) (any, error) { return c.routes(r.AddressFamily, "rip") }),
		"show-routes-ospf":   handle(func(c *call, r *api.RoutesOspfRequest) (any, error) { return c.routes(r.AddressFamily, "ospf") }),
		"show-routes-direct": handle(func(c *call, r *api.RoutesDirectRequest) (any, error) { return c.routes(r.AddressFamily, "direct") }),
		"show-static-routes": handle(func(c *call, _ *api.StaticRoutesRequest) (any, error) {
			routes := []api.StaticRoute{}
			if c.vs.ID == 0 {
				for _, s := range c.dev.StaticRoutes {
					s.MemberID = c.node.MemberID
					routes = append(routes, s)
				}
			}
			var out api.StaticRoutesResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, routes)
			return out, nil
		}),
		"show-ospf-interfaces": handle(func(c *call, r *api.OspfInterfacesRequest) (any, error) {
			if err := protocolInstance(r.ProtocolInstance); err != nil {
				return nil, err
			}
			var out api.OspfInterfacesResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, c.node.OspfInterfaces)
			return out, nil
		}),
		"show-ospf-neighbors": handle(func(c *call, r *api.OspfNeighborsRequest) (any, error) {
			if err := protocolInstance(r.ProtocolInstance); err != nil {
				return nil, err
			}
			var out api.OspfNeighborsResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, c.node.OspfNeighbors)
			return out, nil
		}),
		"show-ospf-summary": handle(func(c *call, r *api.OspfSummaryRequest) (any, error) {
			if err := protocolInstance(r.ProtocolInstance); err != nil {
				return nil, err
			}
			return c.node.OspfSummary, nil
		}),

		// Multicast: PIM, IGMP; IS-IS.
		"show-configuration-pim":      handle(func(c *call, _ *api.ConfigurationPimRequest) (any, error) { return c.dev.Pim, nil }),
		"show-configuration-ipv6-pim": handle(func(c *call, _ *api.ConfigurationIpv6PimRequest) (any, error) { return c.dev.Ipv6Pim, nil }),
		"show-configuration-isis":     handle(func(c *call, _ *api.ConfigurationIsisRequest) (any, error) { return c.dev.Isis, nil }),
		"show-pim-interfaces": handle(func(c *call, _ *api.PimInterfacesRequest) (any, error) {
			var out api.PimInterfacesResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, c.node.PimInterfaces)
			return out, nil
		}),
		"show-pim-neighbors": handle(func(c *call, _ *api.PimNeighborsRequest) (any, error) {
			var out api.PimNeighborsResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, c.node.PimNeighbors)
			return out, nil
		}),
		"show-isis-interfaces": handle(func(c *call, r *api.IsisInterfacesRequest) (any, error) {
			if err := protocolInstance(r.ProtocolInstance); err != nil {
				return nil, err
			}
			var out api.IsisInterfacesResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, c.node.IsisInterfaces)
			return out, nil
		}),
		"show-isis-neighbors": handle(func(c *call, r *api.IsisNeighborsRequest) (any, error) {
			if err := protocolInstance(r.ProtocolInstance); err != nil {
				return nil, err
			}
			var out api.IsisNeighborsResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, c.node.IsisNeighbors)
			return out, nil
		}),
		"show-igmp-summary": handle(func(c *call, _ *api.IgmpSummaryRequest) (any, error) { return c.node.IgmpSummary, nil }),
		"show-igmp-interfaces": handle(func(c *call, _ *api.IgmpInterfacesRequest) (any, error) {
			var out api.IgmpInterfacesResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, c.node.IgmpInterfaces)
			return out, nil
		}),
		"show-igmp-groups": handle(func(c *call, r *api.IgmpGroupsRequest) (any, error) {
			if err := oneOf("type", r.Type, "static", "local", "dynamic"); err != nil {
				return nil, err
			}
			if r.Interface != "" && !slices.Contains(igmpInterfaces, r.Interface) {
				return nil, notFound("interface %q does not run IGMP (IGMP interfaces: %s)", r.Interface, strings.Join(igmpInterfaces, ", "))
			}
			groups := filter(c.node.IgmpGroups, func(g api.IgmpGroup) bool {
				return (r.Type == "" || g.Type == r.Type) && (r.Interface == "" || g.Interface == r.Interface)
			})
			var out api.IgmpGroupsResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, groups)
			return out, nil
		}),
		"show-igmp-interfaces-stats": handle(func(c *call, _ *api.IgmpInterfacesStatsRequest) (any, error) {
			var out api.IgmpInterfacesStatsResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, c.node.IgmpInterfacesStats)
			return out, nil
		}),
		"show-igmp-interface-stats": handle(func(c *call, r *api.IgmpInterfaceStatsRequest) (any, error) {
			i := slices.IndexFunc(c.node.IgmpInterfacesStats, func(s api.IgmpInterfaceStats) bool { return s.Interface == r.Interface })
			if i < 0 {
				return nil, notFound("interface %q does not run IGMP (IGMP interfaces: %s)", r.Interface, strings.Join(igmpInterfaces, ", "))
			}
			s := c.node.IgmpInterfacesStats[i]
			return api.IgmpInterfaceStatsResponse{Receive: s.Receive, Transmit: s.Transmit}, nil
		}),
		"show-igmp-stats": handle(func(c *call, r *api.IgmpStatsRequest) (any, error) {
			if err := oneOf("type", r.Type, "receive", "transmit", "error"); err != nil {
				return nil, err
			}
			s := c.node.IgmpStats
			switch r.Type {
			case "receive":
				return api.IgmpStatsResponse{Receive: s.Receive}, nil
			case "transmit":
				return api.IgmpStatsResponse{Transmit: s.Transmit}, nil
			case "error":
				return api.IgmpStatsResponse{Error: s.Error}, nil
			}
			return s, nil
		}),

		// BOOTP relay.
		"show-bootp-interfaces": handle(func(c *call, _ *api.BootpInterfacesRequest) (any, error) {
			var out api.BootpInterfacesResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, c.node.BootpInterfaces)
			return out, nil
		}),
		"show-bootp-interface": handle(func(c *call, r *api.BootpInterfaceRequest) (any, error) {
			i := slices.IndexFunc(c.node.BootpInterfaces, func(b api.BootpInterface) bool { return b.Name == r.Name })
			if i < 0 {
				return nil, notFound("interface %q has no BOOTP relay configured", r.Name)
			}
			b := c.node.BootpInterfaces[i]
			return api.BootpInterfaceResponse{MaxHopcount: b.MaxHopcount, WaitTime: b.WaitTime, Primary: b.Primary, GatewayAddress: b.GatewayAddress,
				RelayTo: b.RelayTo, Option82Enabled: b.Option82Enabled, CircuitID: b.CircuitID, RemoteID: b.RemoteID, Status: b.Status}, nil
		}),
		"show-bootp-stats": handle(func(c *call, r *api.BootpStatsRequest) (any, error) {
			if err := oneOf("summary", r.Summary, "receive", "request", "reply"); err != nil {
				return nil, err
			}
			s := c.node.BootpStats
			switch r.Summary {
			case "receive":
				return api.BootpStatsResponse{ReceiveSummary: s.ReceiveSummary}, nil
			case "request":
				return api.BootpStatsResponse{RequestSummary: s.RequestSummary}, nil
			case "reply":
				return api.BootpStatsResponse{ReplySummary: s.ReplySummary}, nil
			}
			return s, nil
		}),

		// Connections, diagnostics.
		"show-connections-presets": handle(func(c *call, _ *api.ConnectionsPresetsRequest) (any, error) {
			out := []api.ConnectionsPreset{}
			for _, p := range c.dev.ConnectionsPreset {
				out = append(out, p.Preset)
			}
			return api.ConnectionsPresetsResponse{Presets: out}, nil
		}),
		"show-connections": handle(showConnections),
		"show-diagnostics-topics": handle(func(c *call, _ *api.DiagnosticsTopicsRequest) (any, error) {
			return api.DiagnosticsTopicsResponse{OS: c.dev.diagnosticsText()}, nil
		}),
		"show-diagnostics": handle(func(c *call, r *api.DiagnosticsRequest) (any, error) {
			topics, ok := c.node.Diagnostics[r.Category]
			if !ok {
				return nil, notFound("Invalid parameter [category]: no diagnostics category %q (categories: %s)", r.Category, strings.Join(c.dev.DiagnosticsCategories, ", "))
			}
			entries, ok := topics[r.Topic]
			if !ok {
				return nil, notFound("Invalid parameter [topic]: category %q has no topic %q (topics: %s)", r.Category, r.Topic, strings.Join(c.dev.DiagnosticsTopics[r.Category], ", "))
			}
			var out api.DiagnosticsResponse
			out.From, out.To, out.Total, out.Objects = pageOf(paging{limit: len(entries)}, entries)
			return out, nil
		}),

		// Policy and threat prevention.
		"show-dynamic-layers": handle(func(c *call, r *api.DynamicLayersRequest) (any, error) {
			vs := dynamicLayerVS(r.VirtualSystemID)
			out := []api.DynamicLayerSummary{}
			for _, l := range c.dev.DynamicLayers {
				if l.VirtualSystemID == vs {
					out = append(out, l.Summary)
				}
			}
			return api.DynamicLayersResponse{Layers: out}, nil
		}),
		"show-dynamic-layer": handle(func(c *call, r *api.DynamicLayerRequest) (any, error) {
			vs := dynamicLayerVS(r.VirtualSystemID)
			for _, l := range c.dev.DynamicLayers {
				if l.VirtualSystemID == vs && l.Summary.Name == r.Name {
					return l.Layer, nil
				}
			}
			return nil, notFound("no dynamic layer named %q in virtual system %s", r.Name, vs)
		}),
		"show-custom-intelligence-feeds": handle(func(c *call, _ *api.CustomIntelligenceFeedsRequest) (any, error) {
			return api.CustomIntelligenceFeedsResponse{Objects: c.dev.IntelFeeds}, nil
		}),
		"show-nat-pools": handle(func(c *call, _ *api.NatPoolsRequest) (any, error) {
			var out api.NatPoolsResponse
			out.From, out.To, out.Total, out.Objects = pageOf(c.page, c.dev.NatPools)
			return out, nil
		}),

		// System administration.
		"show-extended-commands": handle(func(c *call, _ *api.ExtendedCommandsRequest) (any, error) {
			return api.ExtendedCommandsResponse{ExtendedCommands: c.dev.ExtendedCommands}, nil
		}),
		"show-features": handle(func(c *call, _ *api.FeaturesRequest) (any, error) {
			return api.FeaturesResponse{Features: c.dev.Features}, nil
		}),
		"show-roles": handle(func(c *call, _ *api.RolesRequest) (any, error) { return api.RolesResponse{Roles: c.dev.Roles}, nil }),
		"show-timezones": handle(func(c *call, _ *api.TimezonesRequest) (any, error) {
			return api.TimezonesResponse{Timezones: c.dev.Timezones}, nil
		}),
		"show-remote-syslogs": handle(func(c *call, _ *api.RemoteSyslogsRequest) (any, error) {
			return api.RemoteSyslogsResponse{Objects: c.dev.RemoteSyslogs}, nil
		}),
		"show-users": handle(func(c *call, _ *api.UsersRequest) (any, error) {
			users := slices.Clone(c.dev.Users)
			for i := range users {
				users[i].MemberID = c.node.MemberID
			}
			return api.UsersResponse{Objects: users}, nil
		}),

		"show-hostname": handle(func(c *call, _ *api.HostnameRequest) (any, error) {
			return api.HostnameResponse{Name: c.node.Hostname}, nil
		}),
		"show-ntp": handle(func(c *call, _ *api.NtpRequest) (any, error) { return c.dev.NTP, nil }),
		"show-dns": handle(func(c *call, _ *api.DnsRequest) (any, error) {
			if c.vs.ID != 0 {
				// Virtual systems resolve through the default one's DNS proxy.
				return api.DnsResponse{Primary: c.dev.DNS.Primary, Secondary: c.dev.DNS.Secondary, Suffix: c.dev.DNS.Suffix,
					ForwardingDomains: []api.DNSForwardingDomain{}, ListeningInterfaces: []string{}}, nil
			}
			return c.dev.DNS, nil
		}),
		"show-time-and-date": handle(func(c *call, _ *api.TimeAndDateRequest) (any, error) {
			loc, err := time.LoadLocation(strings.ReplaceAll(c.dev.Timezone, " / ", "/"))
			if err != nil {
				loc = time.UTC // a system without time zone data
			}
			t := c.now.In(loc)
			return api.TimeAndDateResponse{Date: t.Format("2006-01-02"), Time: t.Format("15:04:05"), Timezone: c.dev.Timezone,
				ISO8601: t.Format("2006-01-02T15:04:05-0700"), Posix: t.Unix()}, nil
		}),

		// IP conflicts.
		"show-ip-conflicts": handle(func(c *call, r *api.IpConflictsRequest) (any, error) {
			if r.Limit < 1 || r.Limit > api.MaxLimit {
				return nil, invalid("limit", "must be between 1 and %d, got %d", api.MaxLimit, r.Limit)
			}
			n := int(r.Limit)
			return api.IpConflictsResponse{FlipFlop: c.dev.FlipFlops[:min(n, len(c.dev.FlipFlops))],
				ReusedOldEthernetAddress: c.dev.ReusedAddresses[:min(n, len(c.dev.ReusedAddresses))]}, nil
		}),
		"show-ip-conflicts-configuration": handle(func(c *call, _ *api.ConfigurationIpConflictsRequest) (any, error) {
			return api.ConfigurationIpConflictsResponse{Objects: c.dev.IPConflictsConfig}, nil
		}),
	}
}

func (c *call) ifaces() *InterfaceSet { return c.node.Interfaces[c.vs.ID] }

func unknownInterface(c *call, name string) error {
	return notFound("no interface %q in virtual system %d", name, c.vs.ID)
}

func filter[T any](items []T, keep func(T) bool) []T {
	out := []T{}
	for _, x := range items {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

func (c *call) routesOfPeer(routes []api.BgpRoute, peer string) ([]api.BgpRoute, error) {
	if peer == "" {
		return routes, nil
	}
	if !slices.ContainsFunc(c.node.BgpPeers, func(p api.BgpPeer) bool { return p.Peer == peer }) {
		return nil, unknownObject("BGP peer", "peer", peer)
	}
	return filter(routes, func(r api.BgpRoute) bool { return r.Peer == peer }), nil
}

func routesOfPrefix(routes []api.BgpRoute, address string, maskLength int64, verb string) ([]api.BgpRoute, error) {
	a, err := netip.ParseAddr(address)
	if err != nil {
		return nil, invalid("address", "must be an IP address, got %q", address)
	}
	if maskLength < 0 || int(maskLength) > a.BitLen() {
		return nil, invalid("mask-length", "must be between 0 and %d, got %d", a.BitLen(), maskLength)
	}
	p := netip.PrefixFrom(a, int(maskLength)).Masked().String()
	out := filter(routes, func(r api.BgpRoute) bool { return r.Route == p })
	if len(out) == 0 {
		return nil, notFound("no BGP route %s %s", p, verb)
	}
	return out, nil
}

func (c *call) routes(family, protocol string) (any, error) {
	if err := oneOf("address-family", family, "inet", "inet6"); err != nil {
		return nil, err
	}
	if family == "" {
		family = "inet"
	}
	all := []api.Route{}
	if c.vs.ID == 0 {
		all = c.node.Routes[family]
	}
	if protocol != "" {
		all = filter(all, func(r api.Route) bool { return r.Protocol == protocol })
	}
	from, to, total, objects := pageOf(c.page, all)
	switch protocol {
	case "static":
		return api.RoutesStaticResponse{From: from, To: to, Total: total, Objects: objects}, nil
	case "rip":
		return api.RoutesRipResponse{From: from, To: to, Total: total, Objects: objects}, nil
	case "ospf":
		return api.RoutesOspfResponse{From: from, To: to, Total: total, Objects: objects}, nil
	case "direct":
		return api.RoutesDirectResponse{From: from, To: to, Total: total, Objects: objects}, nil
	}
	return api.RoutesResponse{From: from, To: to, Total: total, Objects: objects}, nil
}

func protocolInstance(v string) error {
	if v == "" || v == "default" || v == "0" {
		return nil
	}
	return notFound("Invalid parameter [protocol-instance]: no protocol instance %q (the device runs the default instance only)", v)
}

func dynamicLayerVS(v string) string {
	if v == "" {
		return "0"
	}
	return v
}

func (d *Device) diagnosticsText() string {
	var b strings.Builder
	for _, cat := range d.DiagnosticsCategories {
		fmt.Fprintf(&b, "%s: %s\n", cat, strings.Join(d.DiagnosticsTopics[cat], ", "))
	}
	return b.String()
}
