package fwmgr

import (
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// PrimaryMemberID is the cluster member that runs the show commands of a
// session that names no member.
const PrimaryMemberID = "1"

// PendingMemberID is the gateway waiting to join the cluster.
const PendingMemberID = "3"

// Device is the seeded device: the configuration every member shares and
// the state of each member (Nodes). Seed builds it deterministically.
type Device struct {
	Hostname        string
	Members         []api.ClusterMember
	PendingGateways []api.ClusterMember
	VirtualSystems  []*VirtualSystemData
	// Nodes holds the state of members 1 and 2, by member-id.
	Nodes map[string]*Node

	Version           api.VersionResponse
	BgpSummary        api.BgpSummaryResponse
	BgpConfiguration  api.ConfigurationBgpResponse
	BgpGroups         []api.BgpGroup         // sorted as show-bgp-groups sorts
	BgpPaths          []api.BgpPath          // sorted by path ID
	BgpRoutemaps      []api.BgpRoutemapGroup // sorted as show-bgp-routemaps sorts
	Pim               api.ConfigurationPimResponse
	Ipv6Pim           api.ConfigurationPimResponse
	Isis              api.ConfigurationIsisResponse
	DynamicLayers     []DynamicLayerData
	ConnectionsPreset []ConnectionsPresetData
	IntelFeeds        []api.CustomIntelligenceFeed
	ExtendedCommands  []api.ExtendedCommand
	Features          []api.Feature
	Users             []api.User
	Roles             []api.Role
	RemoteSyslogs     []api.RemoteSyslog
	Timezones         []string
	// Timezone is the time zone of the members' clocks, as Timezones lists
	// it. Timezone, DNS (of virtual system 0), NTP, Banner,
	// MessageOfTheDay, Proxy, AllowedClients and PasswordPolicy, with each Node's Hostname, are the factory
	// values of the settings the set commands change: a server answers its
	// current ones (device_settings.go).
	Timezone        string
	DNS             api.DnsResponse
	NTP             api.NtpResponse
	Banner          api.LoginMessageResponse
	MessageOfTheDay api.LoginMessageResponse
	Proxy           api.ProxyResponse // none: address "", port 0
	AllowedClients  api.AllowedClientsResponse
	PasswordPolicy  api.PasswordPolicyResponse
	// Syslog, SNMP and SnmpTrapReceivers (and RemoteSyslogs) are factory
	// values of settings too.
	Syslog            api.SyslogResponse
	SNMP              SNMPSettings
	SnmpTrapReceivers []SNMPTrapReceiverData
	NatPools          []api.NatPool  // sorted by prefix
	Routemaps         []api.Routemap // sorted by name
	StaticRoutes      []api.StaticRoute
	IPConflictsConfig []api.IPConflictsInterface
	FlipFlops         []api.IPConflict
	ReusedAddresses   []api.IPConflict
	// DiagnosticsTopics lists the topics of each diagnostics category, in
	// the order show-diagnostics-topics prints them.
	DiagnosticsCategories []string
	DiagnosticsTopics     map[string][]string
}

// VirtualSystemData is one virtual system: its ID and what
// show-virtual-systems says of it.
type VirtualSystemData struct {
	ID   int64
	Info api.VirtualSystem
}

// DynamicLayerData is one dynamic layer with its virtual system.
type DynamicLayerData struct {
	VirtualSystemID string
	Summary         api.DynamicLayerSummary
	Layer           api.DynamicLayerResponse
}

// ConnectionsPresetData is a preset of show-connections with the filter it
// stands for.
type ConnectionsPresetData struct {
	Preset     api.ConnectionsPreset
	Filter     api.ConnectionsFilter
	MaxResults *api.MaxResults
}

// Node is the state of one cluster member.
type Node struct {
	MemberID     string
	Hostname     string
	SerialNumber string
	Asset        api.AssetResponse
	ClusterState api.ClusterStateResponse
	// Interfaces of each virtual system, by its ID.
	Interfaces map[int64]*InterfaceSet

	BgpPeers  []api.BgpPeer      // sorted by AS, then peer address
	BgpErrors []api.BgpError     // sorted by peer address
	BgpStats  []api.BgpPeerStats // sorted by AS, then peer address
	RoutesIn  []api.BgpRoute     // sorted by peer AS, peer address, prefix
	RoutesOut []api.BgpRoute     // sorted by peer AS, peer address, prefix

	// Routes of the routing table by address family ("inet", "inet6"),
	// sorted by prefix; Protocol names the protocol of each.
	Routes map[string][]api.Route

	OspfInterfaces []api.OspfInterface
	OspfNeighbors  []api.OspfNeighbor
	OspfSummary    api.OspfSummaryResponse
	PimInterfaces  []api.PimInterface
	PimNeighbors   []api.PimNeighbor
	IsisInterfaces []api.IsisInterface
	IsisNeighbors  []api.IsisNeighbor

	IgmpInterfaces      []api.IgmpInterface      // sorted by name
	IgmpGroups          []api.IgmpGroup          // sorted by interface, then address
	IgmpInterfacesStats []api.IgmpInterfaceStats // sorted by interface
	IgmpStats           api.IgmpStatsResponse
	IgmpSummary         api.IgmpSummaryResponse

	BootpInterfaces []api.BootpInterface // sorted by name
	BootpStats      api.BootpStatsResponse

	Connections []Connection
	// Diagnostics by category, then topic.
	Diagnostics map[string]map[string][]api.DiagnosticsEntry
}

// InterfaceSet is the interfaces of one virtual system on one member, by
// type, each sorted by name.
type InterfaceSet struct {
	Physical []api.PhysicalInterface
	Alias    []api.AliasInterface
	Bond     []api.BondInterface
	Bridge   []api.BridgeInterface
	Gre      []api.GreInterface
	Loopback []api.LoopbackInterface
	Vlan     []api.VlanInterface
	Vxlan    []api.VxlanInterface
	// All is every interface in the shape of show-interfaces, sorted by name.
	All []api.InterfaceInfo
}

// Connection is one entry of the connections table.
type Connection struct {
	InstanceID      string
	Source          string
	SourcePort      int64
	Destination     string
	DestinationPort int64
	IPProtocol      int64
	IPVersion       string // v4 or v6
	State           string
	Timeout         int64
}

// Seed returns the seeded device. It is built from code, deterministically,
// once per process; callers share it and must not modify it. Tests compare
// the service's answers with it.
func Seed() *Device { return seeded() }

var seeded = sync.OnceValue(Build)

// Build builds a new copy of the seeded device.
func Build() *Device { return build(0) }

// BuildWithRoutesIn builds the seeded device grown so that each member has
// received at least routesIn BGP routes (the seed has 2,086): the extra
// routes are host routes from every established external peer, counted in
// that peer's and its AS path's counters like the seeded ones. It is for
// benchmarks of paged reads (sandbox serve --fwmgr-bgp-routes-in).
func BuildWithRoutesIn(routesIn int) *Device {
	seeded := len(Seed().Node("1").RoutesIn)
	if routesIn <= seeded {
		return Build()
	}
	perPeer := (routesIn - seeded + establishedExternalPeers() - 1) / establishedExternalPeers()
	return build(min(perPeer, maxExtraRoutesPerPeer))
}

// build builds the device with extra host routes from each established
// external peer.
func build(extraPerPeer int) *Device {
	d := &Device{Hostname: "fw-cluster"}
	seedCluster(d)
	seedSystem(d)
	seedBgpConfig(d, extraPerPeer)
	d.Routemaps = seedRoutemaps(d)
	seedRoutingConfig(d)
	seedMulticastConfig(d)
	seedPolicy(d)
	d.Nodes = map[string]*Node{}
	for i, m := range d.Members {
		n := &Node{MemberID: strconv.FormatInt(m.MemberID, 10)}
		seedNodeSystem(d, n, i)
		seedInterfaces(d, n, i)
		seedBgp(n, i, extraPerPeer)
		seedRouting(n, i)
		seedMulticast(n, i)
		seedNodeRuntime(n, i)
		d.Nodes[n.MemberID] = n
	}
	return d
}

// Node returns the state of a cluster member, or nil.
func (d *Device) Node(memberID string) *Node { return d.Nodes[memberID] }

func (d *Device) node(memberID string) (*Node, error) {
	if n := d.Nodes[memberID]; n != nil {
		return n, nil
	}
	for _, p := range d.PendingGateways {
		if strconv.FormatInt(p.MemberID, 10) == memberID {
			return nil, notFound("Invalid parameter [member-id]: %s is a gateway pending to join the cluster, not a cluster member", memberID)
		}
	}
	ids := make([]string, 0, len(d.Nodes))
	for id := range d.Nodes {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return nil, notFound("Invalid parameter [member-id]: no cluster member with member-id %q (members: %v)", memberID, ids)
}

// VirtualSystem returns the virtual system with the ID, or nil.
func (d *Device) VirtualSystem(id int64) *VirtualSystemData {
	for _, vs := range d.VirtualSystems {
		if vs.ID == id {
			return vs
		}
	}
	return nil
}

func seedCluster(d *Device) {
	for i, host := range []string{"fw-member-a", "fw-member-b"} {
		d.Members = append(d.Members, api.ClusterMember{
			Hostname:     host,
			SerialNumber: fmt.Sprintf("CP%08d", 41700000+i*1313),
			RequestID:    "",
			SiteID:       1,
			MemberID:     int64(i + 1),
			Model:        "Quantum 6600",
			Version:      "R82",
			MemberStatus: "active",
			SiteStatus:   "up",
			State:        []string{"ACTIVE", "STANDBY"}[i],
		})
	}
	d.PendingGateways = []api.ClusterMember{{
		Hostname:     "fw-member-c",
		SerialNumber: "CP41702626",
		RequestID:    "b9c0f3e2-2f4a-4d0c-8a51-5d3b6e1f7a90",
		SiteID:       1,
		MemberID:     3,
		Model:        "Quantum 6600",
		Version:      "R82",
		MemberStatus: "pending",
		SiteStatus:   "up",
		State:        "DOWN",
	}}
}

func timeFromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }
