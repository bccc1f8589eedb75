package fwmgr

import (
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"time"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// checkHandlers reports a command of the table without a handler, and a
// handler of no command, so that the sandbox does not start with either:
// the tables (api.Commands, api.Sets) are what the provider and the
// contract offer. list names the function of the handlers (showHandlers,
// setHandlers).
func checkHandlers[F any](commands []api.Command, handlers map[string]F, list string) error {
	var errs []error
	known := map[string]bool{}
	for _, c := range commands {
		known[c.Name] = true
		if _, ok := handlers[c.Name]; !ok {
			errs = append(errs, fmt.Errorf("fwmgr: no handler for %s (add it to %s)", c.Name, list))
		}
	}
	for name := range handlers {
		if !known[name] {
			errs = append(errs, fmt.Errorf("fwmgr: a handler for %s, which is not a command of api.Commands", name))
		}
	}
	slices.SortFunc(errs, func(a, b error) int { return strings.Compare(a.Error(), b.Error()) })
	return errors.Join(errs...)
}

// showHandlers answers every command of api.Commands, by its name (New
// refuses to start when one is missing or names no command). Most are one
// line: a list of the device (page, list) or an object of it (answer); the
// others check their inputs first.
func showHandlers() map[string]showFunc {
	return map[string]showFunc{
		"show-api-versions": answer(func(*call) api.ApiVersionsResponse {
			return api.ApiVersionsResponse{CurrentVersion: api.CurrentVersion, SupportedVersions: slices.Clone(api.SupportedVersions)}
		}),
		"show-asset": answer(func(c *call) api.AssetResponse {
			a := c.node.Asset
			a.System = slices.Clone(a.System)
			for i := range a.System {
				if a.System[i].Key == "Hostname" {
					a.System[i].Value = c.ms.Hostname
				}
			}
			return a
		}),
		"show-serial-number": answer(func(c *call) api.SerialNumberResponse {
			return api.SerialNumberResponse{SerialNumber: c.node.SerialNumber}
		}),
		"show-version": answer(func(c *call) api.VersionResponse { return c.dev.Version }),
		"show-cluster-members": answer(func(c *call) api.ClusterMembersResponse {
			members := slices.Clone(c.dev.Members)
			for i := range members {
				members[i].Hostname = c.hostnames[strconv.FormatInt(members[i].MemberID, 10)]
			}
			return api.ClusterMembersResponse{Members: members, PendingGateways: c.dev.PendingGateways}
		}),
		"show-cluster-state": answer(func(c *call) api.ClusterStateResponse {
			s := c.node.ClusterState
			s.ThisClusterMember.Name = c.hostnames[strconv.FormatInt(s.ThisClusterMember.Peerid, 10)]
			s.OtherClusterMembers = slices.Clone(s.OtherClusterMembers)
			for i := range s.OtherClusterMembers {
				s.OtherClusterMembers[i].Name = c.hostnames[strconv.FormatInt(s.OtherClusterMembers[i].Peerid, 10)]
			}
			return s
		}),

		// Interfaces.
		"show-interfaces": handle(func(c *call, r *api.InterfacesRequest) (any, error) {
			all := c.ifaces().All
			if len(r.Names) == 0 {
				return api.List[api.InterfaceInfo]{Objects: all}, nil
			}
			out := []api.InterfaceInfo{}
			for _, name := range r.Names {
				x, ok := c.ifaces().Interface(name)
				if !ok {
					return nil, unknownInterface(c, name)
				}
				out = append(out, x)
			}
			return api.List[api.InterfaceInfo]{Objects: out}, nil
		}),
		"show-interface": handle(func(c *call, r *api.InterfaceRequest) (any, error) {
			x, ok := c.ifaces().Interface(r.Name)
			if !ok {
				return nil, unknownInterface(c, r.Name)
			}
			return api.InterfaceResponse{IPv4Address: x.IPv4Address, IPv4MaskLength: x.IPv4MaskLength, InterfaceSettings: x.InterfaceSettings, Type: x.Type}, nil
		}),
		"show-interfaces-by-type": answer(func(c *call) api.InterfacesByTypeResponse {
			s := c.ifaces()
			return api.InterfacesByTypeResponse{PhysicalInterfaces: s.Physical, BondInterfaces: s.Bond, AliasInterfaces: s.Alias, VLANInterfaces: s.Vlan,
				VXLANInterfaces: s.Vxlan, GREInterfaces: s.Gre, BridgeInterfaces: s.Bridge, LoopbackInterfaces: s.Loopback}
		}),
		"show-physical-interfaces": list(func(c *call) []api.PhysicalInterface { return c.ifaces().Physical }),
		"show-alias-interfaces": handle(func(c *call, r *api.ParentInterfaceRequest) (any, error) {
			return ofParent(c, r.Parent, c.ifaces().Alias, func(x api.AliasInterface) string { return x.Parent })
		}),
		"show-vlan-interfaces": handle(func(c *call, r *api.ParentInterfaceRequest) (any, error) {
			return ofParent(c, r.Parent, c.ifaces().Vlan, func(x api.VlanInterface) string { return x.Parent })
		}),
		"show-bond-interfaces":     list(func(c *call) []api.BondInterface { return c.ifaces().Bond }),
		"show-bridge-interfaces":   list(func(c *call) []api.BridgeInterface { return c.ifaces().Bridge }),
		"show-gre-interfaces":      list(func(c *call) []api.GreInterface { return c.ifaces().Gre }),
		"show-loopback-interfaces": list(func(c *call) []api.LoopbackInterface { return c.ifaces().Loopback }),
		"show-vxlan-interfaces":    list(func(c *call) []api.VxlanInterface { return c.ifaces().Vxlan }),
		"show-virtual-systems": page(func(c *call) []api.VirtualSystem {
			all := make([]api.VirtualSystem, 0, len(c.dev.VirtualSystems))
			for _, vs := range c.dev.VirtualSystems {
				all = append(all, vs.Info)
			}
			return all
		}),

		// BGP.
		"show-bgp-summary":       answer(func(c *call) api.BgpSummaryResponse { return c.dev.BgpSummary }),
		"show-configuration-bgp": answer(func(c *call) api.ConfigurationBgpResponse { return c.dev.BgpConfiguration }),
		"show-bgp-peers": handle(func(c *call, r *api.BgpPeersRequest) (any, error) {
			peers := c.node.BgpPeers
			if r.Filter != "" {
				peers = filter(peers, func(p api.BgpPeer) bool {
					return strings.Contains(p.Peer, r.Filter) || strings.Contains(p.AS, r.Filter) || strings.Contains(p.State, r.Filter)
				})
			}
			return pageOf(c.page, peers), nil
		}),
		"show-bgp-peer": handle(func(c *call, r *api.BgpPeerRequest) (any, error) {
			i := slices.IndexFunc(c.node.BgpPeers, func(p api.BgpPeer) bool { return p.Peer == r.Peer })
			if i < 0 {
				return nil, unknownObject("BGP peer", "peer", r.Peer)
			}
			return c.node.BgpPeers[i].BgpPeerResponse, nil
		}),
		"show-bgp-errors":    page(func(c *call) []api.BgpError { return c.node.BgpErrors }),
		"show-bgp-groups":    page(func(c *call) []api.BgpGroup { return c.dev.BgpGroups }),
		"show-bgp-paths":     page(func(c *call) []api.BgpPath { return c.dev.BgpPaths }),
		"show-bgp-stats":     page(func(c *call) []api.BgpPeerStats { return c.node.BgpStats }),
		"show-bgp-routemaps": page(func(c *call) []api.BgpRoutemapGroup { return c.dev.BgpRoutemaps }),
		"show-bgp-routes-in": handle(func(c *call, r *api.BgpRoutesRequest) (any, error) {
			return c.routesOfPeer(c.node.RoutesIn, r.Peer)
		}),
		"show-bgp-routes-out": handle(func(c *call, r *api.BgpRoutesRequest) (any, error) {
			return c.routesOfPeer(c.node.RoutesOut, r.Peer)
		}),
		"show-bgp-route-in": handle(func(c *call, r *api.BgpRouteRequest) (any, error) {
			return routesOfPrefix(c.node.RoutesIn, r.Address, r.MaskLength, "received")
		}),
		"show-bgp-route-out": handle(func(c *call, r *api.BgpRouteRequest) (any, error) {
			return routesOfPrefix(c.node.RoutesOut, r.Address, r.MaskLength, "advertised")
		}),
		"show-routemaps": page(func(c *call) []api.Routemap { return c.dev.Routemaps }),

		// Routing table, static routes, OSPF, RIP.
		"show-routes":        handle(func(c *call, r *api.RoutesRequest) (any, error) { return c.routes(r.AddressFamily, "") }),
		"show-routes-static": handle(func(c *call, r *api.RoutesRequest) (any, error) { return c.routes(r.AddressFamily, "static") }),
		"show-routes-rip":    handle(func(c *call, r *api.RoutesRequest) (any, error) { return c.routes(r.AddressFamily, "rip") }),
		"show-routes-ospf":   handle(func(c *call, r *api.RoutesRequest) (any, error) { return c.routes(r.AddressFamily, "ospf") }),
		"show-routes-direct": handle(func(c *call, r *api.RoutesDirectRequest) (any, error) { return c.routes(r.AddressFamily, "direct") }),
		"show-static-routes": page(func(c *call) []api.StaticRoute {
			routes := []api.StaticRoute{}
			if c.vs.ID == 0 {
				for _, s := range c.ms.StaticRoutes {
					s.MemberID = c.node.MemberID
					routes = append(routes, s)
				}
			}
			return routes
		}),
		"show-ospf-interfaces": instancePage(func(c *call) []api.OspfInterface { return c.node.OspfInterfaces }),
		"show-ospf-neighbors":  instancePage(func(c *call) []api.OspfNeighbor { return c.node.OspfNeighbors }),
		"show-ospf-summary": handle(func(c *call, r *api.OspfSummaryRequest) (any, error) {
			if err := protocolInstance(r.ProtocolInstance); err != nil {
				return nil, err
			}
			return c.node.OspfSummary, nil
		}),

		// Multicast: PIM, IGMP; IS-IS.
		"show-configuration-pim":      answer(func(c *call) api.ConfigurationPimResponse { return c.dev.Pim }),
		"show-configuration-ipv6-pim": answer(func(c *call) api.ConfigurationPimResponse { return c.dev.Ipv6Pim }),
		"show-configuration-isis":     answer(func(c *call) api.ConfigurationIsisResponse { return c.dev.Isis }),
		"show-pim-interfaces":         page(func(c *call) []api.PimInterface { return c.node.PimInterfaces }),
		"show-pim-neighbors":          page(func(c *call) []api.PimNeighbor { return c.node.PimNeighbors }),
		"show-isis-interfaces":        instancePage(func(c *call) []api.IsisInterface { return c.node.IsisInterfaces }),
		"show-isis-neighbors":         instancePage(func(c *call) []api.IsisNeighbor { return c.node.IsisNeighbors }),
		"show-igmp-summary":           answer(func(c *call) api.IgmpSummaryResponse { return c.node.IgmpSummary }),
		"show-igmp-interfaces":        page(func(c *call) []api.IgmpInterface { return c.node.IgmpInterfaces }),
		"show-igmp-groups": handle(func(c *call, r *api.IgmpGroupsRequest) (any, error) {
			if err := oneOf("type", r.Type, "static", "local", "dynamic"); err != nil {
				return nil, err
			}
			// "all" (as the OS API's own examples write it) is every interface.
			allInterfaces := r.Interface == "" || r.Interface == api.All
			if !allInterfaces && !slices.Contains(igmpInterfaces, r.Interface) {
				return nil, notFound("interface %q does not run IGMP (IGMP interfaces: %s)", r.Interface, strings.Join(igmpInterfaces, ", "))
			}
			return pageOf(c.page, filter(c.node.IgmpGroups, func(g api.IgmpGroup) bool {
				return (r.Type == "" || g.Type == r.Type) && (allInterfaces || g.Interface == r.Interface)
			})), nil
		}),
		"show-igmp-interfaces-stats": page(func(c *call) []api.IgmpInterfaceStats { return c.node.IgmpInterfacesStats }),
		"show-igmp-interface-stats": handle(func(c *call, r *api.IgmpInterfaceStatsRequest) (any, error) {
			i := slices.IndexFunc(c.node.IgmpInterfacesStats, func(s api.IgmpInterfaceStats) bool { return s.Interface == r.Interface })
			if i < 0 {
				return nil, notFound("interface %q does not run IGMP (IGMP interfaces: %s)", r.Interface, strings.Join(igmpInterfaces, ", "))
			}
			return c.node.IgmpInterfacesStats[i].IgmpInterfaceStatsResponse, nil
		}),
		"show-igmp-stats": handle(func(c *call, r *api.IgmpStatsRequest) (any, error) {
			if err := oneOf("type", r.Type, "receive", "transmit", "error", api.All); err != nil {
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
		"show-bootp-interfaces": page(func(c *call) []api.BootpInterface { return c.node.BootpInterfaces }),
		"show-bootp-interface": handle(func(c *call, r *api.BootpInterfaceRequest) (any, error) {
			i := slices.IndexFunc(c.node.BootpInterfaces, func(b api.BootpInterface) bool { return b.Name == r.Name })
			if i < 0 {
				return nil, notFound("interface %q has no BOOTP relay configured", r.Name)
			}
			return c.node.BootpInterfaces[i].BootpInterfaceResponse, nil
		}),
		"show-bootp-stats": handle(func(c *call, r *api.BootpStatsRequest) (any, error) {
			if err := oneOf("summary", r.Summary, "receive", "request", "reply", api.All); err != nil {
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
		"show-connections-presets": answer(func(c *call) api.ConnectionsPresetsResponse {
			out := []api.ConnectionsPreset{}
			for _, p := range c.dev.ConnectionsPreset {
				out = append(out, p.Preset)
			}
			return api.ConnectionsPresetsResponse{Presets: out}
		}),
		"show-connections": handle(showConnections),
		"show-diagnostics-topics": answer(func(c *call) api.DiagnosticsTopicsResponse {
			return api.DiagnosticsTopicsResponse{OS: c.dev.diagnosticsText()}
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
			p := pageOf(paging{limit: len(entries)}, entries)
			return api.DiagnosticsResponse{Total: p.Total, From: p.From, To: p.To, Objects: p.Objects}, nil
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
		"show-custom-intelligence-feeds": list(func(c *call) []api.CustomIntelligenceFeed { return c.dev.IntelFeeds }),
		"show-nat-pools":                 page(func(c *call) []api.NatPool { return c.dev.NatPools }),

		// System administration.
		"show-extended-commands": answer(func(c *call) api.ExtendedCommandsResponse {
			return api.ExtendedCommandsResponse{ExtendedCommands: c.dev.ExtendedCommands}
		}),
		"show-features":  answer(func(c *call) api.FeaturesResponse { return api.FeaturesResponse{Features: c.dev.Features} }),
		"show-roles":     answer(func(c *call) api.RolesResponse { return api.RolesResponse{Roles: c.dev.Roles} }),
		"show-timezones": answer(func(c *call) api.TimezonesResponse { return api.TimezonesResponse{Timezones: c.dev.Timezones} }),
		"show-users": list(func(c *call) []api.User {
			users := slices.Clone(c.dev.Users)
			for i := range users {
				users[i].MemberID = c.node.MemberID
			}
			return users
		}),

		// The settings of api.Sets: the member's, as set (device_settings.go).
		"show-hostname":            answer(func(c *call) api.HostnameResponse { return api.HostnameResponse{Name: c.ms.Hostname} }),
		"show-ntp":                 answer(func(c *call) api.NtpResponse { return c.ms.NTP }),
		"show-dns":                 answer(func(c *call) api.DnsResponse { return c.ms.DNS[strconv.FormatInt(c.vs.ID, 10)] }),
		"show-banner":              answer(func(c *call) api.LoginMessageResponse { return c.ms.Banner }),
		"show-message-of-the-day":  answer(func(c *call) api.LoginMessageResponse { return c.ms.MessageOfTheDay }),
		"show-proxy":               answer(func(c *call) api.ProxyResponse { return c.ms.Proxy }),
		"show-allowed-clients":     answer(func(c *call) api.AllowedClientsResponse { return c.ms.AllowedClients }),
		"show-syslog":              answer(func(c *call) api.SyslogResponse { return c.ms.Syslog }),
		"show-remote-syslogs":      list(func(c *call) []api.RemoteSyslog { return c.ms.RemoteSyslogs }),
		"show-snmp":                answer(func(c *call) api.SnmpResponse { return c.ms.SNMP.SnmpResponse }),
		"show-snmp-trap-receivers": list(func(c *call) []api.SnmpTrapReceiver { return trapReceivers(c.ms.SnmpTrapReceivers) }),
		"show-password-policy":     answer(func(c *call) api.PasswordPolicyResponse { return c.ms.PasswordPolicy }),
		"show-time-and-date": answer(func(c *call) api.TimeAndDateResponse {
			loc, err := time.LoadLocation(strings.ReplaceAll(c.ms.Timezone, " / ", "/"))
			if err != nil {
				loc = time.UTC // a system without time zone data
			}
			t := c.now.In(loc)
			return api.TimeAndDateResponse{Date: t.Format("2006-01-02"), Time: t.Format("15:04:05"), Timezone: c.ms.Timezone,
				ISO8601: t.Format("2006-01-02T15:04:05-0700"), Posix: t.Unix()}
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
		"show-ip-conflicts-configuration": list(func(c *call) []api.IPConflictsInterface { return c.dev.IPConflictsConfig }),
	}
}

// answer answers a command with an object of the device; the request has
// nothing but what show already applied (member, virtual system).
func answer[T any](f func(c *call) T) showFunc {
	return func(c *call, _ any) (any, error) { return f(c), nil }
}

// list answers a command with a whole list of the device.
func list[T any](items func(c *call) []T) showFunc {
	return func(c *call, _ any) (any, error) { return api.List[T]{Objects: items(c)}, nil }
}

// page answers a paged command with its page of a list of the device.
func page[T any](items func(c *call) []T) showFunc {
	return func(c *call, _ any) (any, error) { return pageOf(c.page, items(c)), nil }
}

// instancePage is page for the OSPF and IS-IS commands, which name the
// protocol instance.
func instancePage[T any](items func(c *call) []T) showFunc {
	return handle(func(c *call, r *api.InstancePagedRequest) (any, error) {
		if err := protocolInstance(r.ProtocolInstance); err != nil {
			return nil, err
		}
		return pageOf(c.page, items(c)), nil
	})
}

// ofParent answers the interfaces of items whose parent is parent, all of
// them when parent is empty.
func ofParent[T any](c *call, parent string, items []T, parentOf func(T) string) (any, error) {
	if parent != "" {
		if _, ok := c.ifaces().Interface(parent); !ok {
			return nil, unknownInterface(c, parent)
		}
	}
	return api.List[T]{Objects: filter(items, func(x T) bool { return parent == "" || parentOf(x) == parent })}, nil
}

func (c *call) ifaces() *InterfaceSet {
	if c.vs.ID != 0 {
		return c.node.Interfaces[c.vs.ID]
	}
	if c.ifs == nil {
		// Virtual system 0's VLANs are the member's settings.
		c.ifs = withVLANs(c.node.Interfaces[0], c.ms.VLANs, c.node.MemberID)
	}
	return c.ifs
}

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

// routesOfPeer answers the page of routes of peer, of every peer when peer
// is empty.
func (c *call) routesOfPeer(routes []api.BgpRoute, peer string) (any, error) {
	if peer == "" {
		return pageOf(c.page, routes), nil
	}
	if !slices.ContainsFunc(c.node.BgpPeers, func(p api.BgpPeer) bool { return p.Peer == peer }) {
		return nil, unknownObject("BGP peer", "peer", peer)
	}
	return pageOf(c.page, filter(routes, func(r api.BgpRoute) bool { return r.Peer == peer })), nil
}

func routesOfPrefix(routes []api.BgpRoute, address string, maskLength int64, verb string) (any, error) {
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
	return api.BgpRouteResponse{Object: out}, nil
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
	return pageOf(c.page, all), nil
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
	return strings.Join(d.DiagnosticsTopics[api.DiagnosticsCategoryOS], ", ")
}
