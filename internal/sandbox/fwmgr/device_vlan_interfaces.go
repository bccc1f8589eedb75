package fwmgr

import (
	"fmt"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// The VLAN interfaces of virtual system 0 change (api.Sets:
// add-vlan-interface, set-vlan-interface, delete-vlan-interface): a
// member's VLANs are part of its settings (memberSettings.VLANs), starting
// from the seeded ones, and every show of interfaces (show-vlan-interfaces,
// show-interfaces, show-interface ...) answers them through call.ifaces.
// Every input is checked before anything changes; an address in the
// management network is refused, as it would take the management
// connection's route away from Mgmt.

// managementInterface carries the management connection.
const managementInterface = "Mgmt"

// vlanIDRange is the range of VLAN tags.
const vlanMinID, vlanMaxID = 2, 4094

// withVLANs is the interface set of virtual system 0 with the member's
// VLANs in place of the seeded ones.
func withVLANs(seeded *InterfaceSet, vlans []api.VlanInterface, memberID string) *InterfaceSet {
	set := *seeded
	set.Vlan = slices.Clone(vlans)
	slices.SortFunc(set.Vlan, func(a, b api.VlanInterface) int { return strings.Compare(a.Name, b.Name) })
	set.All = slices.DeleteFunc(slices.Clone(seeded.All), func(x api.InterfaceInfo) bool { return x.Type == "vlan" })
	for _, v := range set.Vlan {
		set.All = append(set.All, api.InterfaceInfo{IPv4Address: v.IPv4Address, IPv4MaskLength: v.IPv4MaskLength, Name: v.Name,
			InterfaceSettings: v.InterfaceSettings, Type: "vlan", MemberID: memberID, VirtualSystemID: "0"})
	}
	slices.SortFunc(set.All, func(a, b api.InterfaceInfo) int { return strings.Compare(a.Name, b.Name) })
	set.ensureNonNil()
	return &set
}

// networkOf is the network of an interface's IPv4 address, false when it
// has none.
func networkOf(address, maskLength string) (netip.Prefix, bool) {
	a, err := netip.ParseAddr(address)
	n, err2 := strconv.Atoi(maskLength)
	if err != nil || err2 != nil {
		return netip.Prefix{}, false
	}
	return netip.PrefixFrom(a, n).Masked(), true
}

// checkVlanSettings checks the inputs of a VLAN's settings on their own.
func checkVlanSettings(s api.VlanInterfaceSettings) error {
	if s.IPv4Address != nil && *s.IPv4Address != "" {
		if a, err := netip.ParseAddr(*s.IPv4Address); err != nil || !a.Is4() {
			return invalid("ipv4-address", "must be an IPv4 address or \"\" (none), got %q", *s.IPv4Address)
		}
	}
	if s.IPv4MaskLength != nil && (*s.IPv4MaskLength < 1 || *s.IPv4MaskLength > 32) {
		return invalid("ipv4-mask-length", "must be from 1 to 32, got %d", *s.IPv4MaskLength)
	}
	if s.IPv6Address != nil && *s.IPv6Address != "" {
		if a, err := netip.ParseAddr(*s.IPv6Address); err != nil || !a.Is6() || a.Is4In6() || a.Zone() != "" {
			return invalid("ipv6-address", "must be an IPv6 address or \"\" (none), got %q", *s.IPv6Address)
		}
	}
	if s.IPv6MaskLength != nil && (*s.IPv6MaskLength < 1 || *s.IPv6MaskLength > 128) {
		return invalid("ipv6-mask-length", "must be from 1 to 128, got %d", *s.IPv6MaskLength)
	}
	if s.MTU != nil && (*s.MTU < 68 || *s.MTU > 16000) {
		return invalid("mtu", "must be from 68 to 16000, got %d", *s.MTU)
	}
	return nil
}

// applyVlanSettings changes v by s and checks the result against the
// member's other interfaces (all, without v).
func applyVlanSettings(v *api.VlanInterface, s api.VlanInterfaceSettings, others []api.InterfaceInfo) error {
	set := func(to *string, value *string) {
		if value != nil {
			*to = *value
		}
	}
	setInt := func(to *string, value *int64) {
		if value != nil {
			*to = strconv.FormatInt(*value, 10)
		}
	}
	set(&v.IPv4Address, s.IPv4Address)
	setInt(&v.IPv4MaskLength, s.IPv4MaskLength)
	set(&v.IPv6Address, s.IPv6Address)
	setInt(&v.IPv6MaskLength, s.IPv6MaskLength)
	set(&v.Comments, s.Comments)
	setInt(&v.MTU, s.MTU)
	if s.Enabled != nil {
		v.Enabled = *s.Enabled
	}
	if v.IPv4Address == "" {
		v.IPv4MaskLength = ""
	} else if v.IPv4MaskLength == "" {
		return invalid("ipv4-mask-length", "is required with ipv4-address %s", v.IPv4Address)
	}
	if v.IPv6Address == "" {
		v.IPv6MaskLength = ""
	} else if v.IPv6MaskLength == "" {
		return invalid("ipv6-mask-length", "is required with ipv6-address %s", v.IPv6Address)
	}
	if p, ok := networkOf(v.IPv4Address, v.IPv4MaskLength); ok {
		if p.Addr() == netip.MustParseAddr(v.IPv4Address) && p.Bits() < 31 {
			return invalid("ipv4-address", "%s is the network address of %s, not a host address", v.IPv4Address, p)
		}
		for _, o := range others {
			q, ok := networkOf(o.IPv4Address, o.IPv4MaskLength)
			if !ok || !q.Overlaps(p) {
				continue
			}
			if o.Name == managementInterface {
				return invalid("ipv4-address", "%s/%s is in the management network %s of %s: the management connection would be cut",
					v.IPv4Address, v.IPv4MaskLength, q, managementInterface)
			}
			return invalid("ipv4-address", "%s/%s overlaps the network %s of interface %s", v.IPv4Address, v.IPv4MaskLength, q, o.Name)
		}
	}
	return nil
}

func addVlanInterface(c *call, r *api.AddVlanInterfaceRequest) (func(m *memberSettings) error, error) {
	parent, ok := c.ifaces().Interface(r.Parent)
	if !ok {
		return nil, invalid("parent", "no interface %q in virtual system %d", r.Parent, c.vs.ID)
	}
	if parent.Type != "physical" && parent.Type != "bond" {
		return nil, invalid("parent", "%s is a %s interface: a VLAN's parent is a physical or bond interface", r.Parent, parent.Type)
	}
	if r.Parent == managementInterface {
		return nil, invalid("parent", "%s carries the management connection: tagging it would cut the connection", r.Parent)
	}
	if r.ID == nil {
		return nil, missing("id")
	}
	if *r.ID < vlanMinID || *r.ID > vlanMaxID {
		return nil, invalid("id", "must be from %d to %d, got %d", vlanMinID, vlanMaxID, *r.ID)
	}
	if err := checkVlanSettings(r.VlanInterfaceSettings); err != nil {
		return nil, err
	}
	name := fmt.Sprintf("%s.%d", r.Parent, *r.ID)
	return func(m *memberSettings) error {
		if slices.ContainsFunc(m.VLANs, func(v api.VlanInterface) bool { return v.Name == name }) {
			return invalid("id", "the VLAN interface %s exists already", name)
		}
		v := api.VlanInterface{SDWan: sdwanOff, DHCP6: dhcp6Off, DHCP: dhcpOff, Parent: r.Parent, Name: name, MTU: "1500",
			InterfaceSettings: api.InterfaceSettings{Enabled: true},
			InterfaceStatus:   api.InterfaceStatus{LinkState: true, Speed: "N/A", Duplex: "N/A"},
			Status:            api.InterfaceStatus{LinkState: true, Speed: "N/A", Duplex: "N/A"}, VirtualSystemID: "0"}
		if err := applyVlanSettings(&v, r.VlanInterfaceSettings, othersOf(c, m, name)); err != nil {
			return err
		}
		m.VLANs = append(slices.Clone(m.VLANs), v)
		return nil
	}, nil
}

// othersOf is every interface of the member but name, with its VLANs as
// they are in m.
func othersOf(c *call, m *memberSettings, name string) []api.InterfaceInfo {
	all := withVLANs(c.node.Interfaces[0], m.VLANs, c.node.MemberID).All
	return slices.DeleteFunc(slices.Clone(all), func(x api.InterfaceInfo) bool { return x.Name == name })
}

func vlanIndex(m *memberSettings, name string) (int, error) {
	i := slices.IndexFunc(m.VLANs, func(v api.VlanInterface) bool { return v.Name == name })
	if i < 0 {
		return -1, notFound("no VLAN interface %q on this member (show-vlan-interfaces lists them)", name)
	}
	return i, nil
}

func setVlanInterface(c *call, r *api.SetVlanInterfaceRequest) (func(m *memberSettings) error, error) {
	if err := checkVlanSettings(r.VlanInterfaceSettings); err != nil {
		return nil, err
	}
	return func(m *memberSettings) error {
		i, err := vlanIndex(m, r.Name)
		if err != nil {
			return err
		}
		v := m.VLANs[i]
		if err := applyVlanSettings(&v, r.VlanInterfaceSettings, othersOf(c, m, r.Name)); err != nil {
			return err
		}
		m.VLANs = slices.Clone(m.VLANs)
		m.VLANs[i] = v
		return nil
	}, nil
}

func deleteVlanInterface(_ *call, r *api.DeleteVlanInterfaceRequest) (func(m *memberSettings) error, error) {
	return func(m *memberSettings) error {
		i, err := vlanIndex(m, r.Name)
		if err != nil {
			return err
		}
		m.VLANs = slices.Delete(slices.Clone(m.VLANs), i, i+1)
		return nil
	}, nil
}
