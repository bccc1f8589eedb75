package fwmgr

import (
	"reflect"
	"slices"
	"strings"
)

// Command describes one show command of the OS API. The provider builds one
// data source (getOsShow<Function>) from each entry, the sandbox routes and
// validates requests with it, and the contract's command table is written
// from it: one list, three users.
type Command struct {
	// Name is the command of the path, for example "show-bgp-peers".
	Name string
	// Function names the data source: getOsShow<Function>.
	Function string
	// Description says what the command shows, in one sentence.
	Description string
	// Paged commands take limit, offset and order and answer from, to, total
	// and objects: those with a Sort.
	Paged bool
	// Sort is the order of a paged list for order ASC; DESC reverses it.
	Sort string
	// MemberRouting: the command takes member-id and runs on that cluster
	// member (its request type has the field).
	MemberRouting bool
	// VirtualSystem: the command takes virtual-system-id (its request type
	// has the field).
	VirtualSystem bool
	// Required lists the inputs (JSON names) that must be given.
	Required []string
	// Request and Response are the Go types of the body and the answer
	// (structs with JSON tags).
	Request, Response reflect.Type
	// Shows is set on the entries of Sets only: the show command of
	// Commands whose answer reflects the change. A set command answers what
	// that show command answers afterwards (Response is the show's).
	Shows string
}

// show completes the entry of a command whose body is Req and whose answer
// is Resp: the types, and the flags they and Sort imply.
func show[Req, Resp any](c Command) Command {
	c.Request, c.Response = reflect.TypeFor[Req](), reflect.TypeFor[Resp]()
	inputs := map[string]bool{}
	for _, f := range reflect.VisibleFields(c.Request) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		inputs[name] = true
	}
	c.Paged, c.MemberRouting, c.VirtualSystem = c.Sort != "", inputs["member-id"], inputs["virtual-system-id"]
	return c
}

// Commands lists every show command of the OS API: the single source of the
// provider's data sources (fwmgr_os_show_<snake case of Function>), the
// sandbox's handlers (keyed by Name; a missing one stops the sandbox at
// start-up) and the command table of docs/api/fwmgr.md (go generate). Adding
// a command is an entry here, with its request and response types (shared
// ones where the inputs or the answer's shape are those of another command),
// and its handler in the sandbox.
//
//go:generate go run ./gendoc -doc ../../../docs/api/fwmgr.md
var Commands = []Command{
	show[ParentInterfaceRequest, List[AliasInterface]](Command{Name: "show-alias-interfaces", Function: "AliasInterfaces", Description: "Alias interfaces (additional IPv4 addresses on an interface), optionally of one parent interface."}),
	show[Member, ApiVersionsResponse](Command{Name: "show-api-versions", Function: "ApiVersions", Description: "The current API version of the server and the versions it supports."}),
	show[Member, AssetResponse](Command{Name: "show-asset", Function: "Asset", Description: "Hardware asset inventory of the device: system, disks, memory, network cards, power supplies, LOM, TPM and accelerator cards, as key/value lists."}),
	show[PagedRequest, Page[BgpError]](Command{Name: "show-bgp-errors", Function: "BgpErrors", Description: "The last BGP state, event and error of every peer.", Sort: "by peer ID (address)"}),
	show[PagedRequest, Page[BgpGroup]](Command{Name: "show-bgp-groups", Function: "BgpGroups", Description: "BGP peer groups with their peer counts and protocols.", Sort: "by AS number, then by group type"}),
	show[PagedRequest, Page[BgpPath]](Command{Name: "show-bgp-paths", Function: "BgpPaths", Description: "BGP AS paths known to the routing daemon.", Sort: "by path ID"}),
	show[BgpPeerRequest, BgpPeerResponse](Command{Name: "show-bgp-peer", Function: "BgpPeer", Description: "State, capabilities, timers and counters of one BGP peer.", Required: []string{"peer"}}),
	show[BgpPeersRequest, Page[BgpPeer]](Command{Name: "show-bgp-peers", Function: "BgpPeers", Description: "All BGP peers with their state, capabilities, timers and counters.", Sort: "by AS number, then by peer ID (address)"}),
	show[BgpRouteRequest, BgpRouteResponse](Command{Name: "show-bgp-route-in", Function: "BgpRouteIn", Description: "The routes received for one prefix, from every peer that sent it.", Required: []string{"address", "mask-length"}}),
	show[BgpRouteRequest, BgpRouteResponse](Command{Name: "show-bgp-route-out", Function: "BgpRouteOut", Description: "The routes advertised for one prefix, to every peer it was sent to.", Required: []string{"address", "mask-length"}}),
	show[PagedRequest, Page[BgpRoutemapGroup]](Command{Name: "show-bgp-routemaps", Function: "BgpRoutemaps", Description: "The import and export route maps of every BGP group and peer.", Sort: "by group type (confederation, external, internal), then by AS number"}),
	show[BgpRoutesRequest, Page[BgpRoute]](Command{Name: "show-bgp-routes-in", Function: "BgpRoutesIn", Description: "Routes received from BGP peers, optionally from one peer.", Sort: "by the peer's AS number, then by peer ID (address), then by route prefix"}),
	show[BgpRoutesRequest, Page[BgpRoute]](Command{Name: "show-bgp-routes-out", Function: "BgpRoutesOut", Description: "Routes advertised to BGP peers, optionally to one peer.", Sort: "by the peer's AS number, then by peer ID (address), then by route prefix"}),
	show[PagedRequest, Page[BgpPeerStats]](Command{Name: "show-bgp-stats", Function: "BgpStats", Description: "BGP message counters (opens, updates, keepalives, notifications, route refreshes) per peer.", Sort: "by AS number, then by peer ID (address)"}),
	show[Member, BgpSummaryResponse](Command{Name: "show-bgp-summary", Function: "BgpSummary", Description: "BGP routing summary: AS, confederation, routing domain, route ranks and defaults."}),
	show[VirtualSystemRequest, List[BondInterface]](Command{Name: "show-bond-interfaces", Function: "BondInterfaces", Description: "Bond (link aggregation) interfaces with their members and bonding settings."}),
	show[BootpInterfaceRequest, BootpInterfaceResponse](Command{Name: "show-bootp-interface", Function: "BootpInterface", Description: "BOOTP/DHCP relay settings of one interface.", Required: []string{"name"}}),
	show[PagedRequest, Page[BootpInterface]](Command{Name: "show-bootp-interfaces", Function: "BootpInterfaces", Description: "Interfaces with BOOTP/DHCP relay configured.", Sort: "by interface name"}),
	show[BootpStatsRequest, BootpStatsResponse](Command{Name: "show-bootp-stats", Function: "BootpStats", Description: "BOOTP/DHCP relay counters of received, relayed and dropped requests and replies."}),
	show[VirtualSystemRequest, List[BridgeInterface]](Command{Name: "show-bridge-interfaces", Function: "BridgeInterfaces", Description: "Bridge interfaces with their member interfaces."}),
	show[EmptyRequest, ClusterMembersResponse](Command{Name: "show-cluster-members", Function: "ClusterMembers", Description: "Members of the cluster and gateways pending to join it."}),
	show[Member, ClusterStateResponse](Command{Name: "show-cluster-state", Function: "ClusterState", Description: "High-availability state of the cluster as this member sees it."}),
	show[Member, ConfigurationPimResponse](Command{Name: "show-configuration-ipv6-pim", Function: "ConfigurationIpv6Pim", Description: "IPv6 PIM configuration: mode, timers, ranks, bootstrap and candidate RPs, static RPs, SSM prefixes, SPT thresholds."}),
	show[Member, ConfigurationIsisResponse](Command{Name: "show-configuration-isis", Function: "ConfigurationIsis", Description: "IS-IS configuration: system ID, type, areas, metrics, timers and authentication."}),
	show[Member, ConfigurationPimResponse](Command{Name: "show-configuration-pim", Function: "ConfigurationPim", Description: "IPv4 PIM configuration: mode, timers, ranks, bootstrap and candidate RPs, static RPs, SSM prefixes, SPT thresholds."}),
	show[ConnectionsRequest, ConnectionsResponse](Command{Name: "show-connections", Function: "Connections", Description: "Connections of the connections table, filtered, optionally starting from presets; the answer is the table as text."}),
	show[Member, ConnectionsPresetsResponse](Command{Name: "show-connections-presets", Function: "ConnectionsPresets", Description: "The presets (pre-configured requests) of show-connections."}),
	show[Member, List[CustomIntelligenceFeed]](Command{Name: "show-custom-intelligence-feeds", Function: "CustomIntelligenceFeeds", Description: "Custom threat-intelligence feeds the device downloads."}),
	show[DiagnosticsRequest, DiagnosticsResponse](Command{Name: "show-diagnostics", Function: "Diagnostics", Description: "One diagnostics topic of a category (for example disk or memory usage).", Required: []string{"category", "topic"}}),
	show[Member, DiagnosticsTopicsResponse](Command{Name: "show-diagnostics-topics", Function: "DiagnosticsTopics", Description: "The diagnostics categories and topics, as text."}),
	show[DynamicLayerRequest, DynamicLayerResponse](Command{Name: "show-dynamic-layer", Function: "DynamicLayer", Description: "One dynamic access layer: its objects and rulebase.", Required: []string{"name"}}),
	show[DynamicLayersRequest, DynamicLayersResponse](Command{Name: "show-dynamic-layers", Function: "DynamicLayers", Description: "The dynamic access layers of a virtual system."}),
	show[Member, ExtendedCommandsResponse](Command{Name: "show-extended-commands", Function: "ExtendedCommands", Description: "Extended commands (expert-mode commands made available to roles)."}),
	show[Member, FeaturesResponse](Command{Name: "show-features", Function: "Features", Description: "The features that roles grant access to."}),
	show[VirtualSystemRequest, List[GreInterface]](Command{Name: "show-gre-interfaces", Function: "GreInterfaces", Description: "GRE tunnel interfaces."}),
	show[IgmpGroupsRequest, Page[IgmpGroup]](Command{Name: "show-igmp-groups", Function: "IgmpGroups", Description: "IGMP group memberships per interface.", Sort: "by interface name, then by group address"}),
	show[IgmpInterfaceStatsRequest, IgmpInterfaceStatsResponse](Command{Name: "show-igmp-interface-stats", Function: "IgmpInterfaceStats", Description: "IGMP message counters of one interface.", Required: []string{"interface"}}),
	show[PagedRequest, Page[IgmpInterface]](Command{Name: "show-igmp-interfaces", Function: "IgmpInterfaces", Description: "Interfaces running IGMP with their timers and counters.", Sort: "by interface name"}),
	show[PagedRequest, Page[IgmpInterfaceStats]](Command{Name: "show-igmp-interfaces-stats", Function: "IgmpInterfacesStats", Description: "IGMP message counters of every interface.", Sort: "by interface name"}),
	show[IgmpStatsRequest, IgmpStatsResponse](Command{Name: "show-igmp-stats", Function: "IgmpStats", Description: "Global IGMP message and error counters."}),
	show[Member, IgmpSummaryResponse](Command{Name: "show-igmp-summary", Function: "IgmpSummary", Description: "IGMP summary: enabled interfaces and the next group age."}),
	show[InterfaceRequest, InterfaceResponse](Command{Name: "show-interface", Function: "Interface", Description: "One interface of any type.", Required: []string{"name"}}),
	show[InterfacesRequest, List[InterfaceInfo]](Command{Name: "show-interfaces", Function: "Interfaces", Description: "Interfaces of every type, optionally only those named."}),
	show[VirtualSystemRequest, InterfacesByTypeResponse](Command{Name: "show-interfaces-by-type", Function: "InterfacesByType", Description: "Interfaces of every type, grouped by type."}),
	show[IpConflictsRequest, IpConflictsResponse](Command{Name: "show-ip-conflicts", Function: "IpConflicts", Description: "Detected IPv4 address conflicts (flip-flops and reused Ethernet addresses).", Required: []string{"limit"}}),
	show[Member, ConfigurationBgpResponse](Command{Name: "show-configuration-bgp", Function: "ConfigurationBgp", Description: "Global BGP configuration: AS, cluster ID, confederation, routing domain, dampening, graceful restart, ping."}),
	show[Member, List[IPConflictsInterface]](Command{Name: "show-ip-conflicts-configuration", Function: "ConfigurationIpConflicts", Description: "IP conflict detection setting of every interface."}),
	show[VirtualSystemRequest, List[PhysicalInterface]](Command{Name: "show-physical-interfaces", Function: "PhysicalInterfaces", Description: "Physical interfaces with link, speed, ring sizes and counters."}),
	show[ParentInterfaceRequest, List[VlanInterface]](Command{Name: "show-vlan-interfaces", Function: "VlanInterfaces", Description: "VLAN interfaces, optionally of one parent interface."}),
	show[VirtualSystemRequest, List[VxlanInterface]](Command{Name: "show-vxlan-interfaces", Function: "VxlanInterfaces", Description: "VXLAN interfaces with their VNI, remote and port."}),
	show[VirtualSystemRequest, List[LoopbackInterface]](Command{Name: "show-loopback-interfaces", Function: "LoopbackInterfaces", Description: "Loopback interfaces."}),
	show[PagedRequest, Page[VirtualSystem]](Command{Name: "show-virtual-systems", Function: "VirtualSystems", Description: "Virtual systems with their interfaces, virtual switches and firewall instances.", Sort: "by virtual system ID"}),
	show[Member, VersionResponse](Command{Name: "show-version", Function: "Version", Description: "Product version, build, kernel and edition of the OS."}),
	show[RoutesRequest, Page[Route]](Command{Name: "show-routes", Function: "Routes", Description: "The routing table (all protocols).", Sort: "by prefix (address, then mask length)"}),
	show[RoutesRequest, Page[Route]](Command{Name: "show-routes-static", Function: "RoutesStatic", Description: "Static routes of the routing table.", Sort: "by prefix (address, then mask length)"}),
	show[StaticRoutesRequest, Page[StaticRoute]](Command{Name: "show-static-routes", Function: "StaticRoutes", Description: "Configured static routes with their next hops.", Sort: "by prefix (address, then mask length)"}),
	show[RoutesRequest, Page[Route]](Command{Name: "show-routes-rip", Function: "RoutesRip", Description: "RIP routes of the routing table.", Sort: "by prefix (address, then mask length)"}),
	show[RoutesRequest, Page[Route]](Command{Name: "show-routes-ospf", Function: "RoutesOspf", Description: "OSPF routes of the routing table.", Sort: "by prefix (address, then mask length)"}),
	show[RoutesDirectRequest, Page[Route]](Command{Name: "show-routes-direct", Function: "RoutesDirect", Description: "Directly connected routes of the routing table.", Sort: "by prefix (address, then mask length)"}),
	show[InstancePagedRequest, Page[OspfInterface]](Command{Name: "show-ospf-interfaces", Function: "OspfInterfaces", Description: "Interfaces running OSPF with their area, designated routers and neighbor counts.", Sort: "by interface name"}),
	show[InstancePagedRequest, Page[OspfNeighbor]](Command{Name: "show-ospf-neighbors", Function: "OspfNeighbors", Description: "OSPF neighbors with their state and priority.", Sort: "by router ID"}),
	show[OspfSummaryRequest, OspfSummaryResponse](Command{Name: "show-ospf-summary", Function: "OspfSummary", Description: "OSPF summary: SPF timers, areas, ABR/ASBR status, graceful restart."}),
	show[PagedRequest, Page[PimInterface]](Command{Name: "show-pim-interfaces", Function: "PimInterfaces", Description: "Interfaces running PIM with their designated router and neighbors.", Sort: "by interface name"}),
	show[PagedRequest, Page[PimNeighbor]](Command{Name: "show-pim-neighbors", Function: "PimNeighbors", Description: "PIM neighbors.", Sort: "by neighbor address"}),
	show[InstancePagedRequest, Page[IsisInterface]](Command{Name: "show-isis-interfaces", Function: "IsisInterfaces", Description: "Interfaces running IS-IS with their circuits and levels.", Sort: "by interface name"}),
	show[InstancePagedRequest, Page[IsisNeighbor]](Command{Name: "show-isis-neighbors", Function: "IsisNeighbors", Description: "IS-IS neighbors (adjacencies).", Sort: "by system ID"}),
	show[Member, List[RemoteSyslog]](Command{Name: "show-remote-syslogs", Function: "RemoteSyslogs", Description: "Remote syslog servers the OS logs to."}),
	show[Member, SerialNumberResponse](Command{Name: "show-serial-number", Function: "SerialNumber", Description: "Serial number of the device."}),
	show[Member, TimezonesResponse](Command{Name: "show-timezones", Function: "Timezones", Description: "Time zones the OS knows."}),
	show[Member, List[User]](Command{Name: "show-users", Function: "Users", Description: "Local OS users with their roles and access."}),
	show[Member, RolesResponse](Command{Name: "show-roles", Function: "Roles", Description: "Roles with their features and extended commands."}),
	show[PagedRequest, Page[NatPool]](Command{Name: "show-nat-pools", Function: "NatPools", Description: "NAT pools.", Sort: "by prefix"}),
	show[PagedRequest, Page[Routemap]](Command{Name: "show-routemaps", Function: "Routemaps", Description: "Route maps with their match conditions and actions.", Sort: "by route map name"}),
	show[VirtualSystemRequest, DnsResponse](Command{Name: "show-dns", Function: "Dns", Description: "DNS resolvers, search suffix, forwarding domains and the interfaces the DNS proxy listens on."}),
	show[Member, NtpResponse](Command{Name: "show-ntp", Function: "Ntp", Description: "NTP state and time servers."}),
	show[Member, TimeAndDateResponse](Command{Name: "show-time-and-date", Function: "TimeAndDate", Description: "The member's clock: date, time and time zone."}),
	show[Member, HostnameResponse](Command{Name: "show-hostname", Function: "Hostname", Description: "The member's host name."}),
	show[Member, LoginMessageResponse](Command{Name: "show-banner", Function: "Banner", Description: "The banner shown before login (web, SSH and serial), and whether it is shown."}),
	show[Member, LoginMessageResponse](Command{Name: "show-message-of-the-day", Function: "MessageOfTheDay", Description: "The message of the day shown after login (web, SSH and serial), and whether it is shown."}),
	show[Member, AllowedClientsResponse](Command{Name: "show-allowed-clients", Function: "AllowedClients", Description: "The hosts and networks that may connect to the OS's web, API and SSH interfaces, or any host."}),
	show[Member, PasswordPolicyResponse](Command{Name: "show-password-policy", Function: "PasswordPolicy", Description: "The password policy of local users: strength, history, expiration and lockout, and whether every user must use two-factor authentication."}),
	show[Member, ProxyResponse](Command{Name: "show-proxy", Function: "Proxy", Description: "The HTTP proxy the OS reaches the internet through (address \"\" and port 0 when none is configured)."}),
	show[Member, SyslogResponse](Command{Name: "show-syslog", Function: "Syslog", Description: "The local syslog: the file it writes, the audit log, Check Point logs, sending to the management server, and the log files it forwards."}),
	show[Member, SnmpResponse](Command{Name: "show-snmp", Function: "Snmp", Description: "The SNMP agent: enabled, version, trap user, contact, location and the interfaces it listens on (never its communities)."}),
	show[Member, List[SnmpTrapReceiver]](Command{Name: "show-snmp-trap-receivers", Function: "SnmpTrapReceivers", Description: "The receivers the SNMP agent sends traps to, with their version (never their community strings)."}),
}

// set completes the entry of a set command whose body is Req and whose
// change show (of Commands) then answers: the types (the answer is the
// show's) and the flags the request implies.
func set[Req any](c Command) Command {
	shown, ok := LookupCommand(c.Shows)
	if !ok {
		panic("fwmgr: set command " + c.Name + " names " + c.Shows + ", which is not a show command of Commands")
	}
	c = show[Req, struct{}](c)
	c.Response = shown.Response
	return c
}

// Sets lists the set commands of the OS API: the configuration side of the
// same table. Each names in Shows the show command of Commands that answers
// what it set, takes member-id (the set applies to every cluster member
// without it, to that member alone with it) and answers what its show
// command answers afterwards. The sandbox has one handler per entry (a
// missing one stops it at start-up, as for Commands) and the contract's set
// table is written from it (go generate). The provider reads Commands only:
// a set command is no data source.
var Sets = []Command{
	set[SetHostnameRequest](Command{Name: "set-hostname", Shows: "show-hostname", Required: []string{"name"},
		Description: "Sets the host name (an RFC 1123 name of letters, digits and hyphens, not an IP address)."}),
	set[SetDnsRequest](Command{Name: "set-dns", Shows: "show-dns",
		Description: "Sets the resolvers, the search suffix, the forwarding domains and the interfaces the DNS proxy listens on, of one virtual system; inputs left out keep their values."}),
	set[SetNtpRequest](Command{Name: "set-ntp", Shows: "show-ntp",
		Description: "Enables or disables NTP and sets its servers and the preferred one; inputs left out keep their values."}),
	set[SetTimeAndDateRequest](Command{Name: "set-time-and-date", Shows: "show-time-and-date", Required: []string{"timezone"},
		Description: "Sets the time zone of the clock, one of show-timezones."}),
	set[SetLoginMessageRequest](Command{Name: "set-banner", Shows: "show-banner",
		Description: "Sets the banner shown before login and whether it is shown; a message \"\" puts back the default one; inputs left out keep their values."}),
	set[SetLoginMessageRequest](Command{Name: "set-message-of-the-day", Shows: "show-message-of-the-day",
		Description: "Sets the message of the day shown after login and whether it is shown; a message \"\" puts back the default one; inputs left out keep their values."}),
	set[SetProxyRequest](Command{Name: "set-proxy", Shows: "show-proxy",
		Description: "Sets the HTTP proxy's address and port (both, when none is configured); address \"\" removes the proxy; inputs left out keep their values."}),
	set[SetAllowedClientsRequest](Command{Name: "set-allowed-clients", Shows: "show-allowed-clients",
		Description: "Sets whether any host may connect to the OS's web, API and SSH interfaces, and which hosts and networks may; each list replaces the one shown; inputs left out keep their values."}),
	set[SetPasswordPolicyRequest](Command{Name: "set-password-policy", Shows: "show-password-policy",
		Description: "Sets the password policy's strength, history, expiration and lockout settings and whether every user must use two-factor authentication; inputs left out, at every level, keep their values."}),
	set[SetStaticRouteRequest](Command{Name: "set-static-route", Shows: "show-static-routes", Required: []string{"address", "mask-length"},
		Description: "Adds the static route of address/mask-length, or changes it when it exists (type, next-hop gateways, ping, rank, scope, comment); inputs left out keep their values."}),
	set[DeleteStaticRouteRequest](Command{Name: "delete-static-route", Shows: "show-static-routes", Required: []string{"address", "mask-length"},
		Description: "Deletes the static route of address/mask-length (404 when there is none)."}),
	set[AddVlanInterfaceRequest](Command{Name: "add-vlan-interface", Shows: "show-vlan-interfaces", Required: []string{"parent", "id"},
		Description: "Adds the VLAN interface <parent>.<id> on a physical or bond interface, with its addresses, state, comments and MTU."}),
	set[SetVlanInterfaceRequest](Command{Name: "set-vlan-interface", Shows: "show-vlan-interfaces", Required: []string{"name"},
		Description: "Changes a VLAN interface's addresses, state, comments or MTU; inputs left out keep their values."}),
	set[DeleteVlanInterfaceRequest](Command{Name: "delete-vlan-interface", Shows: "show-vlan-interfaces", Required: []string{"name"},
		Description: "Deletes a VLAN interface (404 when there is none)."}),
	set[SetSyslogRequest](Command{Name: "set-syslog", Shows: "show-syslog",
		Description: "Sets the syslog's file, the audit log, Check Point logs, sending to the management server and the forwarded log files (the list replaces the one shown); inputs left out keep their values."}),
	set[AddRemoteSyslogRequest](Command{Name: "add-remote-syslog", Shows: "show-remote-syslogs", Required: []string{"server-ip", "level"},
		Description: "Adds a remote syslog server with its level, port, protocol and queuing (400 when it exists)."}),
	set[SetRemoteSyslogRequest](Command{Name: "set-remote-syslog", Shows: "show-remote-syslogs", Required: []string{"server-ip"},
		Description: "Changes a remote syslog server (404 when there is none); inputs left out keep their values."}),
	set[DeleteRemoteSyslogRequest](Command{Name: "delete-remote-syslog", Shows: "show-remote-syslogs", Required: []string{"server-ip"},
		Description: "Deletes a remote syslog server (404 when there is none)."}),
	set[SetSnmpRequest](Command{Name: "set-snmp", Shows: "show-snmp",
		Description: "Sets the SNMP agent: enabled, version, trap user, contact, location, communities (secrets: set, never shown) and listening interfaces; inputs left out keep their values."}),
	set[AddSnmpTrapReceiverRequest](Command{Name: "add-snmp-trap-receiver", Shows: "show-snmp-trap-receivers", Required: []string{"address", "version"},
		Description: "Adds an SNMP trap receiver with its version and community string (a secret, required for v1 and v2; 400 when the receiver exists)."}),
	set[SetSnmpTrapReceiverRequest](Command{Name: "set-snmp-trap-receiver", Shows: "show-snmp-trap-receivers", Required: []string{"address"},
		Description: "Changes an SNMP trap receiver's version or community string (404 when there is none); inputs left out keep their values."}),
	set[DeleteSnmpTrapReceiverRequest](Command{Name: "delete-snmp-trap-receiver", Shows: "show-snmp-trap-receivers", Required: []string{"address"},
		Description: "Deletes an SNMP trap receiver (404 when there is none)."}),
}

// LookupSet returns the set command with the given name.
func LookupSet(name string) (Command, bool) {
	i := slices.IndexFunc(Sets, func(c Command) bool { return c.Name == name })
	if i < 0 {
		return Command{}, false
	}
	return Sets[i], true
}

// LookupCommand returns the command with the given name.
func LookupCommand(name string) (Command, bool) {
	i := slices.IndexFunc(Commands, func(c Command) bool { return c.Name == name })
	if i < 0 {
		return Command{}, false
	}
	return Commands[i], true
}
