package netfab

import (
	"fmt"
	"net/netip"
	"regexp"
	"slices"
	"strings"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Internet-exchange (IX) connections: the checks of an IX item of an
// order, the addresses and resources a connection gets once it exists, and
// its in-place changes.

const (
	// companyASN is the ASN registered for the customer, used by IX
	// connections ordered without one.
	companyASN = 64512
)

func (o *order) ix(i int, it *api.OrderItem, p *productRecord) error {
	if err := connectionTerm(it, p); err != nil {
		return err
	}
	c := *it.IX
	parent, err := activeEnd(o.tx, o.company, "requestedProductUid", c.RequestedProductUID, api.ProductTypePort, api.ProductTypeMVE)
	if err != nil {
		return err
	}
	if parent == nil {
		return invalid("requestedProductUid", "product %s does not exist", c.RequestedProductUID)
	}
	l, err := getLocation(o.tx, parent.LocationID)
	if err != nil {
		return err
	}
	if !slices.Contains(l.Products.IXNetworkTypes, c.NetworkServiceType) {
		return invalid("networkServiceType", "%q is not offered in metro %s; offered: %s", c.NetworkServiceType, l.Metro, strings.Join(l.Products.IXNetworkTypes, ", "))
	}
	if c.ASN == 0 {
		c.ASN = companyASN
	}
	if err := checkIXSettings(&c, parent.PortSpeed); err != nil {
		return err
	}
	if err := o.reserveVLAN("vlan", parent.ProductUID, c.VLAN, fmt.Sprintf("items[%d]", i)); err != nil {
		return err
	}
	if c.PublicGraph == nil {
		t := true
		c.PublicGraph = &t
	}
	media := "LR4"
	if parent.ProductType == api.ProductTypeMVE {
		media = "Virtual"
	}
	p.LocationID, p.Market = l.ID, l.Market
	p.IX = &api.IXDetails{
		IXConfig: c,
		Term:     p.ContractTermMonths,
		Resources: api.IXResources{
			Interface: api.IXInterface{
				Demarcation:  l.Name,
				Media:        media,
				PortSpeed:    parent.PortSpeed,
				ResourceName: "interface",
				ResourceType: "interface",
			},
		},
	}
	return nil
}

var (
	macRE      = regexp.MustCompile(`^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$`)
	hostnameRE = regexp.MustCompile(`^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.?$`)
)

// checkIXSettings checks an IX connection's own settings; maxRate is the
// speed of the product it attaches to.
func checkIXSettings(c *api.IXConfig, maxRate int64) error {
	if err := checkVLAN("vlan", c.VLAN); err != nil {
		return err
	}
	if !macRE.MatchString(c.MACAddress) {
		return invalid("macAddress", "must be six hexadecimal pairs separated by colons, like 00:1a:2b:3c:4d:5e")
	}
	if c.RateLimit < 1 || c.RateLimit > maxRate {
		return invalid("rateLimit", "must be between 1 and %d (the speed of product %s) Mbps", maxRate, c.RequestedProductUID)
	}
	if err := checkASN(c.ASN); err != nil {
		return err
	}
	if c.ReverseDNS != "" && (len(c.ReverseDNS) > 253 || !hostnameRE.MatchString(c.ReverseDNS)) {
		return invalid("reverseDns", "must be a DNS host name")
	}
	return nil
}

// allocateIXAddresses gives an IX connection its addresses on the exchange's
// peering LANs, from a per-exchange sequence.
func allocateIXAddresses(tx *store.Tx, ix *api.IXDetails) error {
	ex := exchanges[ix.NetworkServiceType]
	n, err := tx.NextID(ex.sequence)
	if err != nil {
		return err
	}
	// Hosts .1 and .2 of the LAN are the route servers.
	v4, v6 := addrAt(ex.lan4, n+2), addrAt(ex.lan6, n+2)
	if !ex.lan4.Contains(v4) {
		return conflict("exchange %s has no free addresses", ex.name)
	}
	ix.Resources.IPAddresses = []api.IXIPAddress{
		{Address: netip.PrefixFrom(v4, ex.lan4.Bits()).String(), ResourceName: "ip_address", ResourceType: "ip_address", Version: 4},
		{Address: netip.PrefixFrom(v6, ex.lan6.Bits()).String(), ResourceName: "ip_address", ResourceType: "ip_address", Version: 6},
	}
	for rs := int64(1); rs <= 2; rs++ {
		ix.Resources.BGPConnections = append(ix.Resources.BGPConnections,
			api.IXBGPConnection{ISPASN: ex.asn, ASN: ex.asn, ISPIPAddress: addrAt(ex.lan4, rs).String(), CustomerIPAddress: v4.String(), IXPeerPolicy: "open", MaxPrefixes: 1000, ResourceName: fmt.Sprintf("bgp_connection_rs%d_v4", rs), ResourceType: "bgp_connection"},
			api.IXBGPConnection{ISPASN: ex.asn, ASN: ex.asn, ISPIPAddress: addrAt(ex.lan6, rs).String(), CustomerIPAddress: v6.String(), IXPeerPolicy: "open", MaxPrefixes: 200, ResourceName: fmt.Sprintf("bgp_connection_rs%d_v6", rs), ResourceType: "bgp_connection"},
		)
	}
	return nil
}

// addrAt is host n of the prefix.
func addrAt(p netip.Prefix, n int64) netip.Addr {
	b := p.Addr().As16()
	for i := 15; i >= 0 && n > 0; i-- {
		sum := int64(b[i]) + n&0xff
		b[i] = byte(sum) //nolint:gosec // G115: the low byte; the carry is sum>>8
		n = n>>8 + sum>>8
	}
	a := netip.AddrFrom16(b)
	if p.Addr().Is4() {
		a = a.Unmap()
	}
	return a
}

// refreshIXResources makes the resources of an IX connection follow its
// settings.
func refreshIXResources(ix *api.IXDetails) {
	ix.IXPeerMacro = fmt.Sprintf("AS%d", ix.ASN)
	ix.Resources.VPLSInterface = api.IXVPLSInterface{
		MACAddress: ix.MACAddress, RateLimitMbps: ix.RateLimit, VLAN: ix.VLAN,
		ResourceName: "vpls_interface", ResourceType: "vpls_interface",
	}
	for i := range ix.Resources.IPAddresses {
		ix.Resources.IPAddresses[i].ReverseDNS = ix.ReverseDNS
	}
	for i := range ix.Resources.BGPConnections {
		ix.Resources.BGPConnections[i].CustomerASN = ix.ASN
	}
}

func applyIXUpdate(tx *store.Tx, p *productRecord, u *api.IXUpdate) error {
	cfg := p.IX.IXConfig
	if u.ASN != nil {
		cfg.ASN = *u.ASN
	}
	if u.MACAddress != nil {
		cfg.MACAddress = *u.MACAddress
	}
	if u.RateLimit != nil {
		cfg.RateLimit = *u.RateLimit
	}
	if u.VLAN != nil {
		cfg.VLAN = *u.VLAN
	}
	if u.Shutdown != nil {
		cfg.Shutdown = *u.Shutdown
	}
	if u.PublicGraph != nil {
		cfg.PublicGraph = u.PublicGraph
	}
	if u.ReverseDNS != nil {
		cfg.ReverseDNS = *u.ReverseDNS
	}
	parent, err := loadProduct(tx, cfg.RequestedProductUID)
	if err != nil {
		return err
	}
	if err := checkIXSettings(&cfg, parent.PortSpeed); err != nil {
		return err
	}
	if cfg.VLAN != p.IX.VLAN {
		used, err := usedVLANs(tx, cfg.RequestedProductUID, p.ProductUID)
		if err != nil {
			return err
		}
		if used[cfg.VLAN] != "" {
			return invalid("vlan", "%d is already used on product %s by %s", cfg.VLAN, cfg.RequestedProductUID, used[cfg.VLAN])
		}
	}
	p.IX.IXConfig = cfg
	refreshIXResources(p.IX)
	return nil
}
