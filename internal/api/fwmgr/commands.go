package fwmgr

import (
	"reflect"
	"slices"
)

// Command describes one show command of the OS API. The provider builds one
// data source (getOsShow<Function>) from each entry, the sandbox routes and
// validates requests with it: one list, two users.
type Command struct {
	// Name is the command of the path, for example "show-bgp-peers".
	Name string
	// Function names the data source: getOsShow<Function>.
	Function string
	// Description says what the command shows, in one sentence.
	Description string
	// Paged commands take limit, offset and order and answer from, to, total
	// and objects.
	Paged bool
	// Sort is the order of a paged list for order ASC; DESC reverses it.
	Sort string
	// MemberRouting: the command takes member-id and runs on that cluster
	// member.
	MemberRouting bool
	// VirtualSystem: the command takes virtual-system-id.
	VirtualSystem bool
	// Required lists the inputs (JSON names) that must be given.
	Required []string
	// Seed marks the commands of the specification's table; the others are the
	// further OS show commands the device models.
	Seed bool
	// Request and Response are the Go types of the body and the answer
	// (structs with JSON tags).
	Request, Response reflect.Type
}

// Commands lists every show command of the OS API.
var Commands = []Command{
	{Name: "show-alias-interfaces", Function: "AliasInterfaces", Description: "Alias interfaces (additional IPv4 addresses on an interface), optionally of one parent interface.", MemberRouting: true, VirtualSystem: true, Seed: true, Request: reflect.TypeFor[AliasInterfacesRequest](), Response: reflect.TypeFor[AliasInterfacesResponse]()},
	{Name: "show-api-versions", Function: "ApiVersions", Description: "The current API version of the server and the versions it supports.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[ApiVersionsRequest](), Response: reflect.TypeFor[ApiVersionsResponse]()},
	{Name: "show-asset", Function: "Asset", Description: "Hardware asset inventory of the device: system, disks, memory, network cards, power supplies, LOM, TPM and accelerator cards, as key/value lists.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[AssetRequest](), Response: reflect.TypeFor[AssetResponse]()},
	{Name: "show-bgp-errors", Function: "BgpErrors", Description: "The last BGP state, event and error of every peer.", Paged: true, Sort: "by peer ID (address)", MemberRouting: true, Seed: true, Request: reflect.TypeFor[BgpErrorsRequest](), Response: reflect.TypeFor[BgpErrorsResponse]()},
	{Name: "show-bgp-groups", Function: "BgpGroups", Description: "BGP peer groups with their peer counts and protocols.", Paged: true, Sort: "by AS number, then by group type", MemberRouting: true, Seed: true, Request: reflect.TypeFor[BgpGroupsRequest](), Response: reflect.TypeFor[BgpGroupsResponse]()},
	{Name: "show-bgp-paths", Function: "BgpPaths", Description: "BGP AS paths known to the routing daemon.", Paged: true, Sort: "by path ID", MemberRouting: true, Seed: true, Request: reflect.TypeFor[BgpPathsRequest](), Response: reflect.TypeFor[BgpPathsResponse]()},
	{Name: "show-bgp-peer", Function: "BgpPeer", Description: "State, capabilities, timers and counters of one BGP peer.", MemberRouting: true, Required: []string{"peer"}, Seed: true, Request: reflect.TypeFor[BgpPeerRequest](), Response: reflect.TypeFor[BgpPeerResponse]()},
	{Name: "show-bgp-peers", Function: "BgpPeers", Description: "All BGP peers with their state, capabilities, timers and counters.", Paged: true, Sort: "by AS number, then by peer ID (address)", MemberRouting: true, Seed: true, Request: reflect.TypeFor[BgpPeersRequest](), Response: reflect.TypeFor[BgpPeersResponse]()},
	{Name: "show-bgp-route-in", Function: "BgpRouteIn", Description: "The routes received for one prefix, from every peer that sent it.", MemberRouting: true, Required: []string{"address", "mask-length"}, Seed: true, Request: reflect.TypeFor[BgpRouteInRequest](), Response: reflect.TypeFor[BgpRouteInResponse]()},
	{Name: "show-bgp-route-out", Function: "BgpRouteOut", Description: "The routes advertised for one prefix, to every peer it was sent to.", MemberRouting: true, Required: []string{"address", "mask-length"}, Seed: true, Request: reflect.TypeFor[BgpRouteOutRequest](), Response: reflect.TypeFor[BgpRouteOutResponse]()},
	{Name: "show-bgp-routemaps", Function: "BgpRoutemaps", Description: "The import and export route maps of every BGP group and peer.", Paged: true, Sort: "by group type (confederation, external, internal), then by AS number", MemberRouting: true, Seed: true, Request: reflect.TypeFor[BgpRoutemapsRequest](), Response: reflect.TypeFor[BgpRoutemapsResponse]()},
	{Name: "show-bgp-routes-in", Function: "BgpRoutesIn", Description: "Routes received from BGP peers, optionally from one peer.", Paged: true, Sort: "by the peer's AS number, then by peer ID (address), then by route prefix", MemberRouting: true, Seed: true, Request: reflect.TypeFor[BgpRoutesInRequest](), Response: reflect.TypeFor[BgpRoutesInResponse]()},
	{Name: "show-bgp-routes-out", Function: "BgpRoutesOut", Description: "Routes advertised to BGP peers, optionally to one peer.", Paged: true, Sort: "by the peer's AS number, then by peer ID (address), then by route prefix", MemberRouting: true, Seed: true, Request: reflect.TypeFor[BgpRoutesOutRequest](), Response: reflect.TypeFor[BgpRoutesOutResponse]()},
	{Name: "show-bgp-stats", Function: "BgpStats", Description: "BGP message counters (opens, updates, keepalives, notifications, route refreshes) per peer.", Paged: true, Sort: "by AS number, then by peer ID (address)", MemberRouting: true, Seed: true, Request: reflect.TypeFor[BgpStatsRequest](), Response: reflect.TypeFor[BgpStatsResponse]()},
	{Name: "show-bgp-summary", Function: "BgpSummary", Description: "BGP routing summary: AS, confederation, routing domain, route ranks and defaults.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[BgpSummaryRequest](), Response: reflect.TypeFor[BgpSummaryResponse]()},
	{Name: "show-bond-interfaces", Function: "BondInterfaces", Description: "Bond (link aggregation) interfaces with their members and bonding settings.", MemberRouting: true, VirtualSystem: true, Seed: true, Request: reflect.TypeFor[BondInterfacesRequest](), Response: reflect.TypeFor[BondInterfacesResponse]()},
	{Name: "show-bootp-interface", Function: "BootpInterface", Description: "BOOTP/DHCP relay settings of one interface.", MemberRouting: true, Required: []string{"name"}, Seed: true, Request: reflect.TypeFor[BootpInterfaceRequest](), Response: reflect.TypeFor[BootpInterfaceResponse]()},
	{Name: "show-bootp-interfaces", Function: "BootpInterfaces", Description: "Interfaces with BOOTP/DHCP relay configured.", Paged: true, Sort: "by interface name", MemberRouting: true, Seed: true, Request: reflect.TypeFor[BootpInterfacesRequest](), Response: reflect.TypeFor[BootpInterfacesResponse]()},
	{Name: "show-bootp-stats", Function: "BootpStats", Description: "BOOTP/DHCP relay counters of received, relayed and dropped requests and replies.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[BootpStatsRequest](), Response: reflect.TypeFor[BootpStatsResponse]()},
	{Name: "show-bridge-interfaces", Function: "BridgeInterfaces", Description: "Bridge interfaces with their member interfaces.", MemberRouting: true, VirtualSystem: true, Seed: true, Request: reflect.TypeFor[BridgeInterfacesRequest](), Response: reflect.TypeFor[BridgeInterfacesResponse]()},
	{Name: "show-cluster-members", Function: "ClusterMembers", Description: "Members of the cluster and gateways pending to join it.", Seed: true, Request: reflect.TypeFor[ClusterMembersRequest](), Response: reflect.TypeFor[ClusterMembersResponse]()},
	{Name: "show-cluster-state", Function: "ClusterState", Description: "High-availability state of the cluster as this member sees it.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[ClusterStateRequest](), Response: reflect.TypeFor[ClusterStateResponse]()},
	{Name: "show-configuration-ipv6-pim", Function: "ConfigurationIpv6Pim", Description: "IPv6 PIM configuration: mode, timers, ranks, bootstrap and candidate RPs, static RPs, SSM prefixes, SPT thresholds.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[ConfigurationIpv6PimRequest](), Response: reflect.TypeFor[ConfigurationIpv6PimResponse]()},
	{Name: "show-configuration-isis", Function: "ConfigurationIsis", Description: "IS-IS configuration: system ID, type, areas, metrics, timers and authentication.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[ConfigurationIsisRequest](), Response: reflect.TypeFor[ConfigurationIsisResponse]()},
	{Name: "show-configuration-pim", Function: "ConfigurationPim", Description: "IPv4 PIM configuration: mode, timers, ranks, bootstrap and candidate RPs, static RPs, SSM prefixes, SPT thresholds.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[ConfigurationPimRequest](), Response: reflect.TypeFor[ConfigurationPimResponse]()},
	{Name: "show-connections", Function: "Connections", Description: "Connections of the connections table, filtered, optionally starting from presets; the answer is the table as text.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[ConnectionsRequest](), Response: reflect.TypeFor[ConnectionsResponse]()},
	{Name: "show-connections-presets", Function: "ConnectionsPresets", Description: "The presets (pre-configured requests) of show-connections.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[ConnectionsPresetsRequest](), Response: reflect.TypeFor[ConnectionsPresetsResponse]()},
	{Name: "show-custom-intelligence-feeds", Function: "CustomIntelligenceFeeds", Description: "Custom threat-intelligence feeds the device downloads.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[CustomIntelligenceFeedsRequest](), Response: reflect.TypeFor[CustomIntelligenceFeedsResponse]()},
	{Name: "show-diagnostics", Function: "Diagnostics", Description: "One diagnostics topic of a category (for example disk or memory usage).", MemberRouting: true, Required: []string{"category", "topic"}, Seed: true, Request: reflect.TypeFor[DiagnosticsRequest](), Response: reflect.TypeFor[DiagnosticsResponse]()},
	{Name: "show-diagnostics-topics", Function: "DiagnosticsTopics", Description: "The diagnostics categories and topics, as text.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[DiagnosticsTopicsRequest](), Response: reflect.TypeFor[DiagnosticsTopicsResponse]()},
	{Name: "show-dynamic-layer", Function: "DynamicLayer", Description: "One dynamic access layer: its objects and rulebase.", MemberRouting: true, VirtualSystem: true, Required: []string{"name"}, Seed: true, Request: reflect.TypeFor[DynamicLayerRequest](), Response: reflect.TypeFor[DynamicLayerResponse]()},
	{Name: "show-dynamic-layers", Function: "DynamicLayers", Description: "The dynamic access layers of a virtual system.", MemberRouting: true, VirtualSystem: true, Seed: true, Request: reflect.TypeFor[DynamicLayersRequest](), Response: reflect.TypeFor[DynamicLayersResponse]()},
	{Name: "show-extended-commands", Function: "ExtendedCommands", Description: "Extended commands (expert-mode commands made available to roles).", MemberRouting: true, Seed: true, Request: reflect.TypeFor[ExtendedCommandsRequest](), Response: reflect.TypeFor[ExtendedCommandsResponse]()},
	{Name: "show-features", Function: "Features", Description: "The features that roles grant access to.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[FeaturesRequest](), Response: reflect.TypeFor[FeaturesResponse]()},
	{Name: "show-gre-interfaces", Function: "GreInterfaces", Description: "GRE tunnel interfaces.", MemberRouting: true, VirtualSystem: true, Seed: true, Request: reflect.TypeFor[GreInterfacesRequest](), Response: reflect.TypeFor[GreInterfacesResponse]()},
	{Name: "show-igmp-groups", Function: "IgmpGroups", Description: "IGMP group memberships per interface.", Paged: true, Sort: "by interface name, then by group address", MemberRouting: true, Seed: true, Request: reflect.TypeFor[IgmpGroupsRequest](), Response: reflect.TypeFor[IgmpGroupsResponse]()},
	{Name: "show-igmp-interface-stats", Function: "IgmpInterfaceStats", Description: "IGMP message counters of one interface.", MemberRouting: true, Required: []string{"interface"}, Seed: true, Request: reflect.TypeFor[IgmpInterfaceStatsRequest](), Response: reflect.TypeFor[IgmpInterfaceStatsResponse]()},
	{Name: "show-igmp-interfaces", Function: "IgmpInterfaces", Description: "Interfaces running IGMP with their timers and counters.", Paged: true, Sort: "by interface name", MemberRouting: true, Seed: true, Request: reflect.TypeFor[IgmpInterfacesRequest](), Response: reflect.TypeFor[IgmpInterfacesResponse]()},
	{Name: "show-igmp-interfaces-stats", Function: "IgmpInterfacesStats", Description: "IGMP message counters of every interface.", Paged: true, Sort: "by interface name", MemberRouting: true, Seed: true, Request: reflect.TypeFor[IgmpInterfacesStatsRequest](), Response: reflect.TypeFor[IgmpInterfacesStatsResponse]()},
	{Name: "show-igmp-stats", Function: "IgmpStats", Description: "Global IGMP message and error counters.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[IgmpStatsRequest](), Response: reflect.TypeFor[IgmpStatsResponse]()},
	{Name: "show-igmp-summary", Function: "IgmpSummary", Description: "IGMP summary: enabled interfaces and the next group age.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[IgmpSummaryRequest](), Response: reflect.TypeFor[IgmpSummaryResponse]()},
	{Name: "show-interface", Function: "Interface", Description: "One interface of any type.", MemberRouting: true, VirtualSystem: true, Required: []string{"name"}, Seed: true, Request: reflect.TypeFor[InterfaceRequest](), Response: reflect.TypeFor[InterfaceResponse]()},
	{Name: "show-interfaces", Function: "Interfaces", Description: "Interfaces of every type, optionally only those named.", MemberRouting: true, VirtualSystem: true, Seed: true, Request: reflect.TypeFor[InterfacesRequest](), Response: reflect.TypeFor[InterfacesResponse]()},
	{Name: "show-interfaces-by-type", Function: "InterfacesByType", Description: "Interfaces of every type, grouped by type.", MemberRouting: true, VirtualSystem: true, Seed: true, Request: reflect.TypeFor[InterfacesByTypeRequest](), Response: reflect.TypeFor[InterfacesByTypeResponse]()},
	{Name: "show-ip-conflicts", Function: "IpConflicts", Description: "Detected IPv4 address conflicts (flip-flops and reused Ethernet addresses).", MemberRouting: true, Required: []string{"limit"}, Seed: true, Request: reflect.TypeFor[IpConflictsRequest](), Response: reflect.TypeFor[IpConflictsResponse]()},
	{Name: "show-configuration-bgp", Function: "ConfigurationBgp", Description: "Global BGP configuration: AS, cluster ID, confederation, routing domain, dampening, graceful restart, ping.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[ConfigurationBgpRequest](), Response: reflect.TypeFor[ConfigurationBgpResponse]()},
	{Name: "show-ip-conflicts-configuration", Function: "ConfigurationIpConflicts", Description: "IP conflict detection setting of every interface.", MemberRouting: true, Seed: true, Request: reflect.TypeFor[ConfigurationIpConflictsRequest](), Response: reflect.TypeFor[ConfigurationIpConflictsResponse]()},
	{Name: "show-physical-interfaces", Function: "PhysicalInterfaces", Description: "Physical interfaces with link, speed, ring sizes and counters.", MemberRouting: true, VirtualSystem: true, Request: reflect.TypeFor[PhysicalInterfacesRequest](), Response: reflect.TypeFor[PhysicalInterfacesResponse]()},
	{Name: "show-vlan-interfaces", Function: "VlanInterfaces", Description: "VLAN interfaces, optionally of one parent interface.", MemberRouting: true, VirtualSystem: true, Request: reflect.TypeFor[VlanInterfacesRequest](), Response: reflect.TypeFor[VlanInterfacesResponse]()},
	{Name: "show-vxlan-interfaces", Function: "VxlanInterfaces", Description: "VXLAN interfaces with their VNI, remote and port.", MemberRouting: true, VirtualSystem: true, Request: reflect.TypeFor[VxlanInterfacesRequest](), Response: reflect.TypeFor[VxlanInterfacesResponse]()},
	{Name: "show-loopback-interfaces", Function: "LoopbackInterfaces", Description: "Loopback interfaces.", MemberRouting: true, VirtualSystem: true, Request: reflect.TypeFor[LoopbackInterfacesRequest](), Response: reflect.TypeFor[LoopbackInterfacesResponse]()},
	{Name: "show-virtual-systems", Function: "VirtualSystems", Description: "Virtual systems with their interfaces, virtual switches and firewall instances.", Paged: true, Sort: "by virtual system ID", MemberRouting: true, Request: reflect.TypeFor[VirtualSystemsRequest](), Response: reflect.TypeFor[VirtualSystemsResponse]()},
	{Name: "show-version", Function: "Version", Description: "Product version, build, kernel and edition of the OS.", MemberRouting: true, Request: reflect.TypeFor[VersionRequest](), Response: reflect.TypeFor[VersionResponse]()},
	{Name: "show-routes", Function: "Routes", Description: "The routing table (all protocols).", Paged: true, Sort: "by prefix (address, then mask length)", MemberRouting: true, VirtualSystem: true, Request: reflect.TypeFor[RoutesRequest](), Response: reflect.TypeFor[RoutesResponse]()},
	{Name: "show-routes-static", Function: "RoutesStatic", Description: "Static routes of the routing table.", Paged: true, Sort: "by prefix (address, then mask length)", MemberRouting: true, VirtualSystem: true, Request: reflect.TypeFor[RoutesStaticRequest](), Response: reflect.TypeFor[RoutesStaticResponse]()},
	{Name: "show-static-routes", Function: "StaticRoutes", Description: "Configured static routes with their next hops.", Paged: true, Sort: "by prefix (address, then mask length)", MemberRouting: true, VirtualSystem: true, Request: reflect.TypeFor[StaticRoutesRequest](), Response: reflect.TypeFor[StaticRoutesResponse]()},
	{Name: "show-routes-rip", Function: "RoutesRip", Description: "RIP routes of the routing table.", Paged: true, Sort: "by prefix (address, then mask length)", MemberRouting: true, VirtualSystem: true, Request: reflect.TypeFor[RoutesRipRequest](), Response: reflect.TypeFor[RoutesRipResponse]()},
	{Name: "show-routes-ospf", Function: "RoutesOspf", Description: "OSPF routes of the routing table.", Paged: true, Sort: "by prefix (address, then mask length)", MemberRouting: true, VirtualSystem: true, Request: reflect.TypeFor[RoutesOspfRequest](), Response: reflect.TypeFor[RoutesOspfResponse]()},
	{Name: "show-routes-direct", Function: "RoutesDirect", Description: "Directly connected routes of the routing table.", Paged: true, Sort: "by prefix (address, then mask length)", MemberRouting: true, Request: reflect.TypeFor[RoutesDirectRequest](), Response: reflect.TypeFor[RoutesDirectResponse]()},
	{Name: "show-ospf-interfaces", Function: "OspfInterfaces", Description: "Interfaces running OSPF with their area, designated routers and neighbor counts.", Paged: true, Sort: "by interface name", MemberRouting: true, Request: reflect.TypeFor[OspfInterfacesRequest](), Response: reflect.TypeFor[OspfInterfacesResponse]()},
	{Name: "show-ospf-neighbors", Function: "OspfNeighbors", Description: "OSPF neighbors with their state and priority.", Paged: true, Sort: "by router ID", MemberRouting: true, Request: reflect.TypeFor[OspfNeighborsRequest](), Response: reflect.TypeFor[OspfNeighborsResponse]()},
	{Name: "show-ospf-summary", Function: "OspfSummary", Description: "OSPF summary: SPF timers, areas, ABR/ASBR status, graceful restart.", MemberRouting: true, Request: reflect.TypeFor[OspfSummaryRequest](), Response: reflect.TypeFor[OspfSummaryResponse]()},
	{Name: "show-pim-interfaces", Function: "PimInterfaces", Description: "Interfaces running PIM with their designated router and neighbors.", Paged: true, Sort: "by interface name", MemberRouting: true, Request: reflect.TypeFor[PimInterfacesRequest](), Response: reflect.TypeFor[PimInterfacesResponse]()},
	{Name: "show-pim-neighbors", Function: "PimNeighbors", Description: "PIM neighbors.", Paged: true, Sort: "by neighbor address", MemberRouting: true, Request: reflect.TypeFor[PimNeighborsRequest](), Response: reflect.TypeFor[PimNeighborsResponse]()},
	{Name: "show-isis-interfaces", Function: "IsisInterfaces", Description: "Interfaces running IS-IS with their circuits and levels.", Paged: true, Sort: "by interface name", MemberRouting: true, Request: reflect.TypeFor[IsisInterfacesRequest](), Response: reflect.TypeFor[IsisInterfacesResponse]()},
	{Name: "show-isis-neighbors", Function: "IsisNeighbors", Description: "IS-IS neighbors (adjacencies).", Paged: true, Sort: "by system ID", MemberRouting: true, Request: reflect.TypeFor[IsisNeighborsRequest](), Response: reflect.TypeFor[IsisNeighborsResponse]()},
	{Name: "show-remote-syslogs", Function: "RemoteSyslogs", Description: "Remote syslog servers the OS logs to.", MemberRouting: true, Request: reflect.TypeFor[RemoteSyslogsRequest](), Response: reflect.TypeFor[RemoteSyslogsResponse]()},
	{Name: "show-serial-number", Function: "SerialNumber", Description: "Serial number of the device.", MemberRouting: true, Request: reflect.TypeFor[SerialNumberRequest](), Response: reflect.TypeFor[SerialNumberResponse]()},
	{Name: "show-timezones", Function: "Timezones", Description: "Time zones the OS knows.", MemberRouting: true, Request: reflect.TypeFor[TimezonesRequest](), Response: reflect.TypeFor[TimezonesResponse]()},
	{Name: "show-users", Function: "Users", Description: "Local OS users with their roles and access.", MemberRouting: true, Request: reflect.TypeFor[UsersRequest](), Response: reflect.TypeFor[UsersResponse]()},
	{Name: "show-roles", Function: "Roles", Description: "Roles with their features and extended commands.", MemberRouting: true, Request: reflect.TypeFor[RolesRequest](), Response: reflect.TypeFor[RolesResponse]()},
	{Name: "show-nat-pools", Function: "NatPools", Description: "NAT pools.", Paged: true, Sort: "by prefix", MemberRouting: true, Request: reflect.TypeFor[NatPoolsRequest](), Response: reflect.TypeFor[NatPoolsResponse]()},
	{Name: "show-routemaps", Function: "Routemaps", Description: "Route maps with their match conditions and actions.", Paged: true, Sort: "by route map name", MemberRouting: true, Request: reflect.TypeFor[RoutemapsRequest](), Response: reflect.TypeFor[RoutemapsResponse]()},
	{Name: "show-dns", Function: "Dns", Description: "DNS resolvers, search suffix, forwarding domains and the interfaces the DNS proxy listens on.", MemberRouting: true, VirtualSystem: true, Request: reflect.TypeFor[DnsRequest](), Response: reflect.TypeFor[DnsResponse]()},
	{Name: "show-ntp", Function: "Ntp", Description: "NTP state and time servers.", MemberRouting: true, Request: reflect.TypeFor[NtpRequest](), Response: reflect.TypeFor[NtpResponse]()},
	{Name: "show-time-and-date", Function: "TimeAndDate", Description: "The member's clock: date, time and time zone.", MemberRouting: true, Request: reflect.TypeFor[TimeAndDateRequest](), Response: reflect.TypeFor[TimeAndDateResponse]()},
	{Name: "show-hostname", Function: "Hostname", Description: "The member's host name.", MemberRouting: true, Request: reflect.TypeFor[HostnameRequest](), Response: reflect.TypeFor[HostnameResponse]()},
}

// LookupCommand returns the command with the given name.
func LookupCommand(name string) (Command, bool) {
	i := slices.IndexFunc(Commands, func(c Command) bool { return c.Name == name })
	if i < 0 {
		return Command{}, false
	}
	return Commands[i], true
}

// LookupFunction returns the command whose Function is fn.
func LookupFunction(fn string) (Command, bool) {
	i := slices.IndexFunc(Commands, func(c Command) bool { return c.Function == fn })
	if i < 0 {
		return Command{}, false
	}
	return Commands[i], true
}
