package fwmgr

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// ifSpec is one configured interface; a member's own address is the
// network's host part 2 (member 1) or 3 (member 2), the cluster's virtual
// address being .1.
type ifSpec struct {
	vs       int64
	kind     string // physical, alias, bond, bridge, gre, loopback, vlan, vxlan
	name     string
	v4       string // network prefix "10.1.1" (a /24) or a full address for /32 loopbacks ("10.255.0.%d")
	v4len    int
	v6       string // network prefix "2001:db8:1" (a /64)
	v6len    int
	comments string
	parent   string   // alias, vlan
	members  []string // bond, bridge
	speed    string
	enabled  bool
	mtu      int
	// gre
	greID          int64
	greRemote      string
	grePeer        string
	greLocalParent string
	// vxlan
	vni      int64
	vxRemote string
	memberOf string
}

// interfaceSpecs is the interface configuration of every virtual system.
var interfaceSpecs = []ifSpec{
	{vs: 0, kind: "physical", name: "Mgmt", v4: "192.168.100", v4len: 24, comments: "management", speed: "1000M", enabled: true, mtu: 1500},
	{vs: 0, kind: "physical", name: "eth1", v4: "10.1.1", v4len: 24, v6: "2001:db8:1", v6len: 64, comments: "outside", speed: "10000M", enabled: true, mtu: 1500},
	{vs: 0, kind: "physical", name: "eth2", v4: "10.1.2", v4len: 24, v6: "2001:db8:2", v6len: 64, comments: "inside", speed: "10000M", enabled: true, mtu: 1500},
	{vs: 0, kind: "physical", name: "eth3", comments: "trunk of the virtual systems", speed: "10000M", enabled: true, mtu: 9000},
	{vs: 0, kind: "physical", name: "eth4", v4: "10.1.4", v4len: 24, comments: "transit", speed: "1000M", enabled: true, mtu: 1500},
	{vs: 0, kind: "physical", name: "eth5", comments: "bond0 slave", speed: "10000M", enabled: true, mtu: 1500},
	{vs: 0, kind: "physical", name: "eth6", comments: "bond0 slave", speed: "10000M", enabled: true, mtu: 1500},
	{vs: 0, kind: "physical", name: "eth7", comments: "br0 port", speed: "1000M", enabled: true, mtu: 1500},
	{vs: 0, kind: "physical", name: "eth8", comments: "br0 port", speed: "1000M", enabled: true, mtu: 1500},
	{vs: 0, kind: "physical", name: "eth9", v4: "10.255.255", v4len: 24, comments: "cluster sync", speed: "10000M", enabled: true, mtu: 1500},
	{vs: 0, kind: "physical", name: "eth12", comments: "spare", speed: "1000M", enabled: false, mtu: 1500},
	{vs: 0, kind: "alias", name: "eth1:1", parent: "eth1", v4: "10.1.11", v4len: 24, enabled: true},
	{vs: 0, kind: "alias", name: "eth2:1", parent: "eth2", v4: "10.1.12", v4len: 24, enabled: true},
	{vs: 0, kind: "bond", name: "bond0", members: []string{"eth5", "eth6"}, v4: "10.2.0", v4len: 24, v6: "2001:db8:20", v6len: 64, comments: "core uplink (LACP)", speed: "20000M", enabled: true, mtu: 1500},
	{vs: 0, kind: "bridge", name: "br0", members: []string{"eth7", "eth8"}, v4: "10.3.0", v4len: 24, comments: "lab bridge", speed: "1000M", enabled: true, mtu: 1500},
	{vs: 0, kind: "vlan", name: "eth1.100", parent: "eth1", v4: "10.100.0", v4len: 24, v6: "2001:db8:100", v6len: 64, comments: "users", enabled: true, mtu: 1500},
	{vs: 0, kind: "vlan", name: "eth1.200", parent: "eth1", v4: "10.200.0", v4len: 24, comments: "servers", enabled: true, mtu: 1500},
	{vs: 0, kind: "vlan", name: "bond0.300", parent: "bond0", v4: "10.30.0", v4len: 24, v6: "2001:db8:300", v6len: 64, comments: "storage", enabled: true, mtu: 9000},
	{vs: 0, kind: "gre", name: "gre1", v4: "172.16.254", v4len: 24, greID: 1, greRemote: "203.0.113.10", grePeer: "172.16.254.10", greLocalParent: "eth4", comments: "tunnel to branch A", enabled: true, mtu: 1476},
	{vs: 0, kind: "gre", name: "gre2", v4: "172.16.253", v4len: 24, greID: 2, greRemote: "203.0.113.20", grePeer: "172.16.253.10", greLocalParent: "eth4", comments: "tunnel to branch B", enabled: true, mtu: 1476},
	{vs: 0, kind: "loopback", name: "loop00", v4: "10.255.0.%d", v4len: 32, v6: "2001:db8:ff::%d", v6len: 128, comments: "router ID", enabled: true, mtu: 65536},
	{vs: 0, kind: "loopback", name: "loop01", v6: "2001:db8:fe::%d", v6len: 128, comments: "IPv6 services", enabled: true, mtu: 65536},
	{vs: 0, kind: "vxlan", name: "vxlan100", v4: "10.50.0", v4len: 24, vni: 100, vxRemote: "198.51.100.20", memberOf: "br0", comments: "overlay to DC1", enabled: true, mtu: 1450},
	{vs: 0, kind: "vxlan", name: "vxlan200", v4: "10.60.0", v4len: 24, v6: "2001:db8:60", v6len: 64, vni: 200, vxRemote: "198.51.100.30", comments: "overlay to DC2", enabled: true, mtu: 1450},
	{vs: 1, kind: "physical", name: "eth10", v4: "10.110.1", v4len: 24, comments: "VS1 outside", speed: "10000M", enabled: true, mtu: 1500},
	{vs: 1, kind: "vlan", name: "eth3.10", parent: "eth3", v4: "10.110.0", v4len: 24, v6: "2001:db8:110", v6len: 64, comments: "VS1 inside", enabled: true, mtu: 1500},
	{vs: 1, kind: "loopback", name: "loop10", v4: "10.255.1.%d", v4len: 32, comments: "VS1 router ID", enabled: true, mtu: 65536},
	{vs: 2, kind: "physical", name: "eth11", v4: "10.120.1", v4len: 24, comments: "VS2 outside", speed: "10000M", enabled: true, mtu: 1500},
	{vs: 2, kind: "vlan", name: "eth3.20", parent: "eth3", v4: "10.120.0", v4len: 24, comments: "VS2 inside", enabled: true, mtu: 1500},
	{vs: 2, kind: "loopback", name: "loop20", v4: "10.255.2.%d", v4len: 32, comments: "VS2 router ID", enabled: true, mtu: 65536},
	{vs: 2, kind: "gre", name: "gre20", v4: "172.16.220", v4len: 24, greID: 20, greRemote: "203.0.113.30", grePeer: "172.16.220.10", greLocalParent: "eth11", comments: "VS2 partner tunnel", enabled: true, mtu: 1476},
}

// hostPart of member index i (0, 1): .2 and .3.
func hostPart(i int) int { return i + 2 }

func (sp ifSpec) addr4(i int) (addr, length string) {
	switch {
	case sp.v4 == "":
		return "", ""
	case strings.Contains(sp.v4, "%d"):
		return fmt.Sprintf(sp.v4, i+1), strconv.Itoa(sp.v4len)
	}
	return fmt.Sprintf("%s.%d", sp.v4, hostPart(i)), strconv.Itoa(sp.v4len)
}

func (sp ifSpec) addr6(i int) (addr, length string) {
	switch {
	case sp.v6 == "":
		return "", ""
	case strings.Contains(sp.v6, "%d"):
		return fmt.Sprintf(sp.v6, i+1), strconv.Itoa(sp.v6len)
	}
	return fmt.Sprintf("%s::%d", sp.v6, hostPart(i)), strconv.Itoa(sp.v6len)
}

// mac of interface n on member i: the members' NICs differ.
func mac(i, n int) string {
	return fmt.Sprintf("00:1c:7f:%02x:%02x:%02x", 0x40+i, n/256, n%256)
}

func linkLocal(i, n int) string {
	if n < 0 {
		return ""
	}
	return fmt.Sprintf("fe80::21c:7fff:fe%02x:%x", 0x40+i, n)
}

// counters of interface n on member i: the active member (0) carries the
// traffic, the standby little.
func counters(sp ifSpec, i, n int) api.InterfaceStatus {
	base := int64(n+1) * 7_919_113
	if i == 1 {
		base /= 97
	}
	up := sp.enabled && sp.kind != "alias"
	if !up {
		base = 0
	}
	speed := sp.speed
	if speed == "" {
		speed = "N/A"
	}
	return api.InterfaceStatus{
		LinkState: up,
		Speed:     speed,
		Duplex:    map[bool]string{true: "full", false: "N/A"}[up],
		TxBytes:   base * 1_031,
		TxPackets: base,
		RxBytes:   base * 1_187,
		RxPackets: base + base/3,
	}
}

// virtualStatus is st as tunnels report it at their top level: without
// speed and duplex.
func virtualStatus(st api.InterfaceStatus) api.InterfaceStatus {
	st.Speed, st.Duplex = "N/A", "N/A"
	return st
}

// loopbackStatus is st as loopbacks report it at their top level: always
// up, without speed and duplex.
func loopbackStatus(st api.InterfaceStatus) api.InterfaceStatus {
	st = virtualStatus(st)
	st.LinkState = true
	return st
}

var (
	dhcpOff  = api.InterfaceDHCP{Enabled: false, ServerTimeout: "60", Retry: "300", Leasetime: "86400", ReacquireTimeout: "10"}
	dhcp6Off = api.InterfaceDHCP6{Enabled: false, ServerTimeout: "60", Retry: "300", Leasetime: "86400", ReacquireTimeout: "10", Using: "stateful"}
	sdwanOff = api.InterfaceSDWan{NAT: api.SDWanNAT{}, Bandwidth: api.SDWanBandwidth{UploadSpeed: "0", DownloadSpeed: "0"}, LinkType: "ethernet"}
)

// ipConflictsEnabled: IP conflict detection is on for the interfaces that
// face networks (addressed physical, bond and VLAN interfaces).
func ipConflictsEnabled(sp ifSpec) bool {
	return sp.v4 != "" && (sp.kind == "physical" || sp.kind == "bond" || sp.kind == "vlan") && sp.name != "eth9"
}

func seedInterfaces(d *Device, n *Node, i int) {
	n.Interfaces = map[int64]*InterfaceSet{}
	for _, vs := range d.VirtualSystems {
		n.Interfaces[vs.ID] = &InterfaceSet{}
	}
	for idx, sp := range interfaceSpecs {
		set := n.Interfaces[sp.vs]
		a4, l4 := sp.addr4(i)
		a6, l6 := sp.addr6(i)
		ll := ""
		if a6 != "" && sp.kind != "loopback" {
			ll = linkLocal(i, idx)
		}
		st := counters(sp, i, idx)
		settings := api.InterfaceSettings{Enabled: sp.enabled, Comments: sp.comments, IPv6Address: a6, IPv6MaskLength: l6, IPv6LocalLinkAddress: ll}
		vsID := strconv.FormatInt(sp.vs, 10)
		mtu := strconv.Itoa(sp.mtu)
		switch sp.kind {
		case "physical":
			set.Physical = append(set.Physical, api.PhysicalInterface{
				SDWan: sdwanOff, Name: sp.name, IPConflicts: ipConflictsEnabled(sp), DHCP6: dhcp6Off, DHCP: dhcpOff,
				InterfaceStatus: st,
				MTU:             mtu, IPv4Address: a4, IPv4MaskLength: l4, InterfaceSettings: settings, Status: st,
				AutoNegotiation: sp.speed == "1000M", MACAddr: mac(i, idx), RxRingsize: 1024, TxRingsize: 1024,
				MemberID: n.MemberID, VirtualSystemID: vsID,
			})
		case "alias":
			set.Alias = append(set.Alias, api.AliasInterface{Parent: sp.parent, IPv4Address: a4, IPv4MaskLength: l4, Name: sp.name})
		case "bond":
			set.Bond = append(set.Bond, api.BondInterface{
				SDWan: sdwanOff, Name: sp.name, IPConflicts: ipConflictsEnabled(sp), DHCP6: dhcp6Off, DHCP: dhcpOff,
				InterfaceStatus: st,
				Members:         sp.members, MTU: mtu, IPv4Address: a4, IPv4MaskLength: l4, InterfaceSettings: settings, Status: st,
				XmitHashPolicy: "layer3+4", DownDelay: 200, UpDelay: 200, Primary: "", LACPRate: "slow", Mode: "8023AD", MIIInterval: 100, MinLinks: 1,
				VirtualSystemID: vsID,
			})
		case "bridge":
			set.Bridge = append(set.Bridge, api.BridgeInterface{
				DHCP6: dhcp6Off, DHCP: dhcpOff,
				InterfaceStatus: st,
				Members:         sp.members, MTU: mtu, IPv4Address: a4, IPv4MaskLength: l4, Name: sp.name, InterfaceSettings: settings, Status: st, VirtualSystemID: vsID,
			})
		case "gre":
			local := ""
			for _, p := range interfaceSpecs {
				if p.name == sp.greLocalParent {
					local, _ = p.addr4(i)
				}
			}
			set.Gre = append(set.Gre, api.GreInterface{
				InterfaceStatus: virtualStatus(st),
				GREID:           sp.greID, LocalIPAddress: local, RemoteIPAddress: sp.greRemote, TTL: 255, IPv4Address: a4, PeerAddress: sp.grePeer,
				Enabled: sp.enabled, MTU: mtu, IPv4MaskLength: l4, Name: sp.name, Comments: sp.comments,
				IPv6Address: a6, IPv6MaskLength: l6, IPv6LocalLinkAddress: ll, Status: st, VirtualSystemID: vsID,
			})
		case "loopback":
			set.Loopback = append(set.Loopback, api.LoopbackInterface{
				InterfaceStatus: loopbackStatus(st),
				MTU:             mtu, IPv4Address: a4, IPv4MaskLength: l4, Name: sp.name, InterfaceSettings: settings, Status: st, MemberID: n.MemberID, VirtualSystemID: vsID,
			})
		case "vlan":
			set.Vlan = append(set.Vlan, api.VlanInterface{
				SDWan: sdwanOff, DHCP6: dhcp6Off, DHCP: dhcpOff,
				InterfaceStatus: st,
				Parent:          sp.parent, MTU: mtu, IPv4Address: a4, IPv4MaskLength: l4, Name: sp.name, InterfaceSettings: settings, Status: st, VirtualSystemID: vsID,
			})
		case "vxlan":
			set.Vxlan = append(set.Vxlan, api.VxlanInterface{
				InterfaceStatus: virtualStatus(st),
				MemberOf:        sp.memberOf, VXLANID: sp.vni, RemoteIPAddress: sp.vxRemote, DestinationPort: 4789,
				MTU: mtu, IPv4Address: a4, IPv4MaskLength: l4, Name: sp.name, InterfaceSettings: settings, Status: st, VirtualSystemID: vsID,
			})
		}
		set.All = append(set.All, api.InterfaceInfo{IPv4Address: a4, IPv4MaskLength: l4, Name: sp.name, InterfaceSettings: settings, Type: sp.kind,
			MemberID: n.MemberID, VirtualSystemID: vsID,
		})
	}
	for _, set := range n.Interfaces {
		slices.SortFunc(set.Physical, func(a, b api.PhysicalInterface) int { return strings.Compare(a.Name, b.Name) })
		slices.SortFunc(set.Alias, func(a, b api.AliasInterface) int { return strings.Compare(a.Name, b.Name) })
		slices.SortFunc(set.Vlan, func(a, b api.VlanInterface) int { return strings.Compare(a.Name, b.Name) })
		slices.SortFunc(set.Gre, func(a, b api.GreInterface) int { return strings.Compare(a.Name, b.Name) })
		slices.SortFunc(set.Loopback, func(a, b api.LoopbackInterface) int { return strings.Compare(a.Name, b.Name) })
		slices.SortFunc(set.Vxlan, func(a, b api.VxlanInterface) int { return strings.Compare(a.Name, b.Name) })
		slices.SortFunc(set.All, func(a, b api.InterfaceInfo) int { return strings.Compare(a.Name, b.Name) })
		set.ensureNonNil()
	}
}

// ensureNonNil makes empty lists answer [] rather than null.
func (s *InterfaceSet) ensureNonNil() {
	if s.Physical == nil {
		s.Physical = []api.PhysicalInterface{}
	}
	if s.Alias == nil {
		s.Alias = []api.AliasInterface{}
	}
	if s.Bond == nil {
		s.Bond = []api.BondInterface{}
	}
	if s.Bridge == nil {
		s.Bridge = []api.BridgeInterface{}
	}
	if s.Gre == nil {
		s.Gre = []api.GreInterface{}
	}
	if s.Loopback == nil {
		s.Loopback = []api.LoopbackInterface{}
	}
	if s.Vlan == nil {
		s.Vlan = []api.VlanInterface{}
	}
	if s.Vxlan == nil {
		s.Vxlan = []api.VxlanInterface{}
	}
	if s.All == nil {
		s.All = []api.InterfaceInfo{}
	}
}

// Interface returns the interface called name in the shape of
// show-interfaces, or false.
func (s *InterfaceSet) Interface(name string) (api.InterfaceInfo, bool) {
	i := slices.IndexFunc(s.All, func(x api.InterfaceInfo) bool { return x.Name == name })
	if i < 0 {
		return api.InterfaceInfo{}, false
	}
	return s.All[i], true
}
