package netfab

import (
	"fmt"
	"net/netip"
	"slices"
	"strings"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// Cross-connects (VXCs): their ends, VLANs, rate limits, partner
// configurations and in-place changes (docs/api/netfab.md "Cross-connects").
// An order's VXC item is checked by vxc, first below, and the checks follow
// in the order it calls them; then what a VXC gets once it exists
// (describeVXC), and its in-place changes (applyVXCUpdate).

func (o *order) vxc(i int, it *api.OrderItem, p *productRecord) error {
	if err := connectionTerm(it, p); err != nil {
		return err
	}
	c := *it.VXC
	priv := &vxcPrivate{AEndPartnerConfig: c.AEndPartnerConfig, BEndPartnerConfig: c.BEndPartnerConfig, ServiceKey: c.ServiceKey}
	c.AEndPartnerConfig, c.BEndPartnerConfig, c.ServiceKey = nil, nil, ""

	a, err := loadVXCEnd(o.tx, o.company, aEndFields.uid, c.AEndProductUID)
	if err != nil {
		return err
	}
	var key *serviceKeyRecord
	var b vxcEnd
	switch {
	case priv.ServiceKey != "":
		key, b, err = o.serviceKeyEnd(priv.ServiceKey, c.BEndProductUID)
	case c.BEndProductUID == "":
		b, err = pickPartnerPort(o.tx, priv.BEndPartnerConfig)
	default:
		b, err = loadVXCEnd(o.tx, o.company, bEndFields.uid, c.BEndProductUID)
	}
	if err != nil {
		return err
	}
	c.BEndProductUID = b.uid()
	if c.AEndProductUID == c.BEndProductUID {
		return invalid(bEndFields.uid, "must differ from aEndProductUid")
	}
	if a.partner != nil && b.partner != nil {
		return invalid(aEndFields.uid, "one end of a VXC must be your own port, MCR, MVE or NAT gateway; both are partner ports")
	}
	if err := checkPartnerConfig(o.tx, aEndFields, a, priv.AEndPartnerConfig); err != nil {
		return err
	}
	if err := checkPartnerConfig(o.tx, bEndFields, b, priv.BEndPartnerConfig); err != nil {
		return err
	}
	if err := checkVXCRate(c.RateLimit, a, b, key, hostedConnection(priv)); err != nil {
		return err
	}
	if key != nil && key.SingleUse {
		if c.BEndVLAN != 0 && c.BEndVLAN != key.VLAN {
			return invalid(bEndFields.vlan, "must be %d, the VLAN of the single-use service key, or absent", key.VLAN)
		}
		c.BEndVLAN = key.VLAN
	}
	holder := fmt.Sprintf("items[%d]", i)
	for _, end := range []struct {
		f     endFields
		e     vxcEnd
		vlan  *int64
		inner int64
		vnic  *int64
	}{{aEndFields, a, &c.AEndVLAN, c.AEndInnerVLAN, c.AEndVNICIndex}, {bEndFields, b, &c.BEndVLAN, c.BEndInnerVLAN, c.BEndVNICIndex}} {
		if err := checkEndSettings(end.f, end.e, *end.vlan, end.inner, end.vnic); err != nil {
			return err
		}
		if end.e.product == nil {
			continue // a partner's VLANs are the partner's business
		}
		if *end.vlan != 0 {
			if err := o.reserveVLAN(end.f.vlan, end.e.product.ProductUID, *end.vlan, holder); err != nil {
				return err
			}
			continue
		}
		v, err := o.freeVLAN(end.e.product.ProductUID, holder)
		if err != nil {
			return err
		}
		*end.vlan = v
	}
	if a.product != nil {
		p.LocationID, p.Market = a.product.LocationID, a.product.Market
	} else {
		p.LocationID = a.partner.LocationID
		if l, err := getLocation(o.tx, p.LocationID); err == nil && l != nil {
			p.Market = l.Market
		}
	}
	if key != nil {
		o.keysUsed = append(o.keysUsed, key.Key)
	}
	p.VXC = &api.VXCDetails{VXCConfig: c}
	p.VXCPrivate = priv
	return nil
}

// vxcPrivate is what a VXC's order says that the service keeps but never
// answers: partner configurations hold secrets, and a service key is the
// other company's.
type vxcPrivate struct {
	AEndPartnerConfig *api.PartnerConfig `json:"aEndPartnerConfig,omitempty"`
	BEndPartnerConfig *api.PartnerConfig `json:"bEndPartnerConfig,omitempty"`
	ServiceKey        string             `json:"serviceKey,omitempty"`
}

// endFields are the wire names of one end's fields, for messages.
type endFields struct{ uid, vlan, inner, vnic, partner string }

var (
	aEndFields = endFields{"aEndProductUid", "aEndVlan", "aEndInnerVlan", "aEndVnicIndex", "aEndPartnerConfig"}
	bEndFields = endFields{"bEndProductUid", "bEndVlan", "bEndInnerVlan", "bEndVnicIndex", "bEndPartnerConfig"}
)

// vxcEndTypes are the products of a company a VXC can attach to. A LAG is a
// PORT; an MVE end names its vNIC.
var vxcEndTypes = []string{api.ProductTypePort, api.ProductTypeMCR, api.ProductTypeMVE, api.ProductTypeNATGateway}

// loadVXCEnd finds the end uid of a VXC of company: its own product of
// vxcEndTypes or a partner port that permits cross-connects.
func loadVXCEnd(tx *store.Tx, company, field, uid string) (vxcEnd, error) {
	p, err := activeEnd(tx, company, field, uid, vxcEndTypes...)
	if err != nil || p != nil {
		return vxcEnd{product: p}, err
	}
	pp, err := findPartnerPort(tx, uid)
	if err != nil {
		return vxcEnd{}, err
	}
	if pp == nil {
		return vxcEnd{}, invalid(field, "product %s does not exist", uid)
	}
	if !pp.VXCPermitted {
		return vxcEnd{}, invalid(field, "partner port %s (%s) does not permit cross-connects (vxcPermitted is false)", uid, pp.ProductName)
	}
	return vxcEnd{partner: pp}, nil
}

// vxcEnd is one end of a cross-connect: a product (the company's own, or
// the port of another company's service key), or a partner port.
type vxcEnd struct {
	product *productRecord
	partner *partnerPortRecord
}

func (e vxcEnd) speed() int64 {
	switch {
	case e.partner != nil:
		return e.partner.Speed
	case e.product.NATGateway != nil:
		return e.product.NATGateway.Speed
	case e.product.LAG != nil:
		// A LAG carries the traffic of all its member ports.
		return e.product.PortSpeed * e.product.LAG.LagCount
	}
	return e.product.PortSpeed
}

func (e vxcEnd) uid() string {
	if e.partner != nil {
		return e.partner.ProductUID
	}
	return e.product.ProductUID
}

func (e vxcEnd) productType() string {
	if e.partner != nil {
		return "PARTNER"
	}
	return e.product.ProductType
}

// serviceKeyEnd is the B end of a VXC ordered with a service key: the key's
// port, which may be another company's. The key must be active, within its
// window and, when single-use, unused (also by an earlier item of the order).
func (o *order) serviceKeyEnd(key, bEnd string) (*serviceKeyRecord, vxcEnd, error) {
	k, err := loadServiceKey(o.tx, key)
	if err != nil {
		return nil, vxcEnd{}, err
	}
	if k == nil {
		return nil, vxcEnd{}, invalid("serviceKey", "service key %s does not exist", key)
	}
	v := k.view(o.now)
	switch {
	case !k.Active:
		return nil, vxcEnd{}, invalid("serviceKey", "service key %s is not active", key)
	case v.Expired:
		return nil, vxcEnd{}, invalid("serviceKey", "service key %s expired at %s", key, k.ValidFor.EndTime)
	case k.SingleUse && (k.Uses > 0 || slices.Contains(o.keysUsed, key)):
		return nil, vxcEnd{}, invalid("serviceKey", "service key %s is single-use and has been used", key)
	case !v.Valid:
		return nil, vxcEnd{}, invalid("serviceKey", "service key %s is valid from %s", key, k.ValidFor.StartTime)
	case bEnd != "" && bEnd != k.ProductUID:
		return nil, vxcEnd{}, invalid(bEndFields.uid, "must be %s, the port of the service key, or absent", k.ProductUID)
	}
	var port productRecord
	found, err := o.tx.Get(kindProduct, k.ProductUID, &port)
	if err != nil {
		return nil, vxcEnd{}, err
	}
	if !found || port.cancelled() {
		return nil, vxcEnd{}, invalid("serviceKey", "the port of service key %s is cancelled", key)
	}
	return k, vxcEnd{product: &port}, nil
}

// pickPartnerPort chooses the B end of a VXC ordered without one from its
// partner configuration: the ExpressRoute circuit's primary or secondary
// port, the Google port of the pairing key's region and edge domain, or the
// FastConnect port of the Oracle virtual circuit (the red zone's).
func pickPartnerPort(tx *store.Tx, pc *api.PartnerConfig) (vxcEnd, error) {
	if pc == nil || (pc.Partner != api.PartnerAzure && pc.Partner != api.PartnerGoogle && pc.Partner != api.PartnerOracle) {
		return vxcEnd{}, invalid(bEndFields.uid, "required unless a serviceKey or an azure, google or oracle bEndPartnerConfig picks the port")
	}
	ports, err := store.List[partnerPortRecord](tx, kindPartnerPort, "")
	if err != nil {
		return vxcEnd{}, err
	}
	var want, zone string
	switch {
	case pc.Partner == api.PartnerAzure && pc.Azure != nil:
		if err := checkAzure(bEndFields.partner+".azure", pc.Azure); err != nil {
			return vxcEnd{}, err
		}
		want, zone = "AZURE", map[string]string{"primary": "red", "secondary": "blue"}[pc.Azure.PortChoice]
	case pc.Partner == api.PartnerGoogle && pc.Google != nil:
		if !api.GooglePairingKeyPattern.MatchString(pc.Google.PairingKey) {
			return vxcEnd{}, invalid(bEndFields.partner+".google.pairingKey", "must be <uuid>/<region>/<1 or 2>, as Google Cloud shows it")
		}
		want, zone = "GOOGLE", map[byte]string{'1': "red", '2': "blue"}[pc.Google.PairingKey[len(pc.Google.PairingKey)-1]]
	case pc.Partner == api.PartnerOracle && pc.Oracle != nil:
		if !api.OracleVirtualCircuitPattern.MatchString(pc.Oracle.VirtualCircuitID) {
			return vxcEnd{}, invalid(bEndFields.partner+".oracle.virtualCircuitId", "must be a virtual circuit OCID (ocid1.virtualcircuit.oc1.<region>.<id>)")
		}
		want, zone = "ORACLE", "red"
	default:
		return vxcEnd{}, invalid(bEndFields.partner+"."+pc.Partner, "required for partner %s", pc.Partner)
	}
	// The key's circuit is at the location of the first port of the
	// connect type with a port in the chosen zone, ordered by location.
	var found *partnerPortRecord
	for i := range ports {
		pp := &ports[i]
		if pp.ConnectType != want || pp.DiversityZone != zone || !pp.VXCPermitted {
			continue
		}
		if found == nil || pp.LocationID < found.LocationID || (pp.LocationID == found.LocationID && pp.Rank < found.Rank) {
			found = pp
		}
	}
	if found == nil {
		return vxcEnd{}, invalid(bEndFields.uid, "no %s port in the %s zone takes new connections; give bEndProductUid", want, zone)
	}
	return vxcEnd{partner: found}, nil
}

// checkPartnerConfig checks the partner configuration of an end against
// what the end is: a partner port takes the configuration of its connect
// type (required but for transit), a cloud router a vrouter configuration,
// anything else none.
func checkPartnerConfig(tx *store.Tx, f endFields, e vxcEnd, pc *api.PartnerConfig) error {
	field := f.partner
	if e.partner != nil {
		ct := e.partner.ConnectType
		if pc == nil {
			if ct == "TRANSIT" || ct == "OUTSCALE" || ct == "FRANCEIX" {
				return nil
			}
			return invalid(field, "required: partner port %s is a %s port, which takes a partner configuration", e.partner.ProductUID, ct)
		}
		if !slices.Contains(api.PartnerConnectTypes[pc.Partner], ct) {
			return invalid(field+".partner", "%q does not fit partner port %s, a %s port", pc.Partner, e.partner.ProductUID, ct)
		}
	} else if pc != nil {
		if pc.Partner != api.PartnerVRouter {
			return invalid(field+".partner", "%q applies to a partner port end; this end is your %s", pc.Partner, e.productType())
		}
		if !slices.Contains(vrouterTypes, e.product.ProductType) {
			return invalid(field+".partner", "vrouter applies to an MCR or NAT gateway end; this end is a %s", e.product.ProductType)
		}
	}
	if pc == nil {
		return nil
	}
	sections := map[string]bool{
		api.PartnerAWS: pc.AWS != nil, api.PartnerAzure: pc.Azure != nil, api.PartnerGoogle: pc.Google != nil,
		api.PartnerOracle: pc.Oracle != nil, api.PartnerIBM: pc.IBM != nil, api.PartnerVRouter: pc.VRouter != nil,
	}
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range sections {
			if !yield(k) {
				return
			}
		}
	}) {
		if sections[name] && name != pc.Partner {
			return invalid(field+"."+name, "applies to partner %s only; this configuration is for %s", name, pc.Partner)
		}
	}
	if pc.Partner != api.PartnerTransit && !sections[pc.Partner] {
		return invalid(field+"."+pc.Partner, "required for partner %s", pc.Partner)
	}
	switch pc.Partner {
	case api.PartnerAWS:
		return checkAWS(field+".aws", pc.AWS, e.partner.ConnectType)
	case api.PartnerAzure:
		return checkAzure(field+".azure", pc.Azure)
	case api.PartnerGoogle:
		if !api.GooglePairingKeyPattern.MatchString(pc.Google.PairingKey) {
			return invalid(field+".google.pairingKey", "must be <uuid>/<region>/<1 or 2>, as Google Cloud shows it")
		}
	case api.PartnerOracle:
		if !api.OracleVirtualCircuitPattern.MatchString(pc.Oracle.VirtualCircuitID) {
			return invalid(field+".oracle.virtualCircuitId", "must be a virtual circuit OCID (ocid1.virtualcircuit.oc1.<region>.<id>)")
		}
	case api.PartnerIBM:
		return checkIBM(field+".ibm", pc.IBM)
	case api.PartnerVRouter:
		return checkVRouter(tx, field+".vrouter", e.product, pc.VRouter)
	case api.PartnerTransit:
	default:
		return invalid(field+".partner", "must be one of aws, azure, google, oracle, ibm, transit, vrouter")
	}
	return nil
}

// vrouterTypes are the products whose cloud router a vrouter partner
// configuration configures.
var vrouterTypes = []string{api.ProductTypeMCR, api.ProductTypeNATGateway}

// checkAWS: the configuration's connectType orders a hosted virtual
// interface (AWS) or a hosted connection (AWSHC) on any of AWS's ports, as
// upstream's users order hosted connections on the ports the partner lookup
// of connect type AWS finds.
func checkAWS(field string, c *api.AWSConfig, _ string) error {
	portType := c.ConnectType
	switch {
	case c.ConnectType != "AWS" && c.ConnectType != "AWSHC":
		return invalid(field+".connectType", "must be AWS (a hosted virtual interface) or AWSHC (a hosted connection)")
	case !api.AWSAccountPattern.MatchString(c.OwnerAccount):
		return invalid(field+".ownerAccount", "must be an AWS account ID of 12 digits")
	case strings.TrimSpace(c.Name) == "" || len(c.Name) > 255:
		return invalid(field+".name", "must be 1 to 255 characters")
	case portType == "AWS" && !slices.Contains([]string{"private", "public", "transit"}, c.Type):
		return invalid(field+".type", "must be private, public or transit for a hosted virtual interface")
	case c.ASN != 0 && (c.ASN < 1 || c.ASN > maxASN):
		return invalid(field+".asn", "must be between 1 and %d", int64(maxASN))
	case c.AmazonASN != 0 && (c.AmazonASN < 1 || c.AmazonASN > maxASN):
		return invalid(field+".amazonAsn", "must be between 1 and %d", int64(maxASN))
	case c.AuthKey != "" && (len(c.AuthKey) < 6 || len(c.AuthKey) > 80):
		return invalid(field+".authKey", "must be 6 to 80 characters")
	}
	for name, v := range map[string]string{"customerIpAddress": c.CustomerIPAddress, "amazonIpAddress": c.AmazonIPAddress} {
		if v != "" {
			if _, err := netip.ParsePrefix(v); err != nil {
				return invalid(field+"."+name, "must be an address with its prefix length, such as 169.254.0.1/30")
			}
		}
	}
	return nil
}

func checkAzure(field string, c *api.AzureConfig) error {
	switch {
	case !api.AzureServiceKeyPattern.MatchString(c.ServiceKey):
		return invalid(field+".serviceKey", "must be an ExpressRoute service key (a UUID)")
	case c.PortChoice != "primary" && c.PortChoice != "secondary":
		return invalid(field+".portChoice", "must be primary or secondary")
	}
	for i, p := range c.Peers {
		pf := fmt.Sprintf("%s.peers[%d]", field, i)
		if p.Type != "private" && p.Type != "microsoft" {
			return invalid(pf+".type", "must be private or microsoft")
		}
		if p.VLAN != 0 && (p.VLAN < minVLAN || p.VLAN > maxVLAN) {
			return invalid(pf+".vlan", "must be between %d and %d", minVLAN, maxVLAN)
		}
		for name, v := range map[string]string{"primarySubnet": p.PrimarySubnet, "secondarySubnet": p.SecondarySubnet} {
			if v != "" {
				if _, err := netip.ParsePrefix(v); err != nil {
					return invalid(pf+"."+name, "must be a CIDR, such as 192.168.100.0/30")
				}
			}
		}
	}
	return nil
}

func checkIBM(field string, c *api.IBMConfig) error {
	switch {
	case !api.IBMAccountPattern.MatchString(c.AccountID):
		return invalid(field+".accountId", "must be an IBM Cloud account ID of 32 hexadecimal digits")
	case c.CustomerASN != 0 && !ibmASN(c.CustomerASN):
		return invalid(field+".customerAsn", "must be in 1-64495, 64999, 131072-4199999999 or 4201000000-4201064511")
	case c.Name != "" && !api.IBMNamePattern.MatchString(c.Name):
		return invalid(field+".name", "must be at most 100 characters of 0-9 a-z A-Z / - _ ,")
	}
	for name, v := range map[string]string{"customerIpAddress": c.CustomerIPAddress, "providerIpAddress": c.ProviderIPAddress} {
		if v != "" {
			if _, err := netip.ParsePrefix(v); err != nil {
				return invalid(field+"."+name, "must be an IPv4 network address with its prefix length")
			}
		}
	}
	return nil
}

// ibmASN is IBM's range of customer ASNs.
func ibmASN(n int64) bool {
	return (n >= 1 && n <= 64495) || n == 64999 || (n >= 131072 && n <= 4199999999) || (n >= 4201000000 && n <= 4201064511)
}

// checkVRouter checks the interfaces of a cloud router's VXC end: addresses
// and routes, BFD and BGP settings, prefix filter lists by their
// description on the MCR, and packet filters and NAT only on a NAT gateway.
func checkVRouter(tx *store.Tx, field string, owner *productRecord, c *api.VRouterConfig) error {
	lists := map[string]bool{}
	kind := kindMCRPrefixList
	if owner.ProductType == api.ProductTypeNATGateway {
		kind = kindNATPrefixList
	}
	pls, err := store.List[child[api.PrefixList]](tx, kind, owner.ProductUID)
	if err != nil {
		return err
	}
	for _, pl := range pls {
		lists[pl.Item.Description] = true
	}
	filters := map[int64]bool{}
	pfs, err := store.List[child[api.PacketFilter]](tx, kindPacketFilter, owner.ProductUID)
	if err != nil {
		return err
	}
	for _, pf := range pfs {
		filters[pf.Item.ID] = true
	}
	for i, in := range c.Interfaces {
		f := fmt.Sprintf("%s.interfaces[%d]", field, i)
		if in.InterfaceType != "" && in.InterfaceType != "subInterface" && in.InterfaceType != "ipSecTunnel" {
			return invalid(f+".interfaceType", "must be subInterface or ipSecTunnel")
		}
		if in.VLAN != 0 && (in.VLAN < minVLAN || in.VLAN > maxVLAN) {
			return invalid(f+".vlan", "must be between %d and %d", minVLAN, maxVLAN)
		}
		if in.IPMTU != 0 && (in.IPMTU < 1280 || in.IPMTU > 9074) {
			return invalid(f+".ipMtu", "must be between 1280 and 9074")
		}
		var subnets []netip.Prefix
		for j, a := range in.IPAddresses {
			p, err := netip.ParsePrefix(a)
			if err != nil {
				return invalid(fmt.Sprintf("%s.ipAddresses[%d]", f, j), "must be an address with its prefix length, such as 169.254.100.6/29")
			}
			subnets = append(subnets, p)
		}
		for j, a := range in.NATIPAddresses {
			if _, err := netip.ParseAddr(a); err != nil {
				return invalid(fmt.Sprintf("%s.natIpAddresses[%d]", f, j), "must be an IP address")
			}
		}
		for j, r := range in.IPRoutes {
			rf := fmt.Sprintf("%s.ipRoutes[%d]", f, j)
			if p, err := netip.ParsePrefix(r.Prefix); err != nil || p.Masked() != p {
				return invalid(rf+".prefix", "must be a CIDR in network-address form, such as 10.0.0.0/16")
			}
			if _, err := netip.ParseAddr(r.NextHop); err != nil {
				return invalid(rf+".nextHop", "must be an IP address")
			}
		}
		if b := in.BFD; b != nil {
			switch {
			case b.TxInterval < 300 || b.TxInterval > 9000:
				return invalid(f+".bfd.txInterval", "must be between 300 and 9000 ms")
			case b.RxInterval < 300 || b.RxInterval > 9000:
				return invalid(f+".bfd.rxInterval", "must be between 300 and 9000 ms")
			case b.Multiplier < 3 || b.Multiplier > 20:
				return invalid(f+".bfd.multiplier", "must be between 3 and 20")
			}
		}
		for j, b := range in.BGPConnections {
			if err := checkBGP(fmt.Sprintf("%s.bgpConnections[%d]", f, j), b, subnets, lists, in.BFD != nil); err != nil {
				return err
			}
		}
		isNAT := owner.ProductType == api.ProductTypeNATGateway
		for name, id := range map[string]int64{"packetFilterIn": in.PacketFilterIn, "packetFilterOut": in.PacketFilterOut} {
			switch {
			case id != 0 && !isNAT:
				return invalid(f+"."+name, "applies to a NAT gateway end only; this end is an MCR")
			case id != 0 && !filters[id]:
				return invalid(f+"."+name, "NAT gateway %s has no packet filter %d", owner.ProductUID, id)
			}
		}
		if t := in.IPsecTunnel; t != nil {
			if in.InterfaceType != "ipSecTunnel" {
				return invalid(f+".ipSecTunnel", "requires interfaceType ipSecTunnel")
			}
			if err := checkTunnel(tx, f+".ipSecTunnel", owner, t); err != nil {
				return err
			}
		}
	}
	return nil
}

func checkBGP(f string, b api.BGPConnection, subnets []netip.Prefix, lists map[string]bool, bfd bool) error {
	local, err := netip.ParseAddr(b.LocalIPAddress)
	if err != nil {
		return invalid(f+".localIpAddress", "must be an IP address without a prefix length, such as 169.254.100.6")
	}
	peer, err := netip.ParseAddr(b.PeerIPAddress)
	if err != nil {
		return invalid(f+".peerIpAddress", "must be an IP address without a prefix length, such as 169.254.100.1")
	}
	if len(subnets) > 0 && !slices.ContainsFunc(subnets, func(p netip.Prefix) bool { return p.Contains(local) && p.Contains(peer) }) {
		return invalid(f+".peerIpAddress", "%s and %s must both be in a subnet of the interface's ipAddresses", local, peer)
	}
	switch {
	case b.PeerASN < 1 || b.PeerASN > maxASN:
		return invalid(f+".peerAsn", "must be between 1 and %d", int64(maxASN))
	case b.LocalASN != 0 && (b.LocalASN < 1 || b.LocalASN > maxASN):
		return invalid(f+".localAsn", "must be between 1 and %d", int64(maxASN))
	case b.Password != "" && (len(b.Password) < 1 || len(b.Password) > 25):
		return invalid(f+".password", "must be at most 25 characters")
	case b.ASPathPrependCount < 0 || b.ASPathPrependCount > 10:
		return invalid(f+".asPathPrependCount", "must be between 0 and 10")
	case b.ExportPolicy != "" && b.ExportPolicy != "permit" && b.ExportPolicy != "deny":
		return invalid(f+".exportPolicy", "must be permit or deny")
	case b.PeerType != "" && !slices.Contains([]string{"NON_CLOUD", "PRIV_CLOUD", "PUB_CLOUD"}, b.PeerType):
		return invalid(f+".peerType", "must be NON_CLOUD, PRIV_CLOUD or PUB_CLOUD")
	case b.BFDEnabled && !bfd:
		return invalid(f+".bfdEnabled", "requires the interface's bfd settings")
	case b.MEDIn < 0 || b.MEDIn > maxASN:
		return invalid(f+".medIn", "must be between 0 and %d", int64(maxASN))
	case b.MEDOut < 0 || b.MEDOut > maxASN:
		return invalid(f+".medOut", "must be between 0 and %d", int64(maxASN))
	}
	for name, v := range map[string]string{"importWhitelist": b.ImportWhitelist, "importBlacklist": b.ImportBlacklist, "exportWhitelist": b.ExportWhitelist, "exportBlacklist": b.ExportBlacklist} {
		if v != "" && !lists[v] {
			return invalid(f+"."+name, "the end's cloud router has no prefix filter list described %q", v)
		}
	}
	return nil
}

// checkTunnel: addresses, lifetimes, and a free tunnel of the MCR's IPsec
// add-on.
func checkTunnel(tx *store.Tx, f string, owner *productRecord, t *api.IPsecTunnelOptions) error {
	for name, v := range map[string]string{"sourceIpAddress": t.SourceIPAddress, "destinationIpAddress": t.DestinationIPAddress} {
		if a, err := netip.ParseAddr(v); err != nil || !a.Is4() {
			return invalid(f+"."+name, "must be an IPv4 address")
		}
	}
	switch {
	case t.PreSharedKey == "":
		return invalid(f+".preSharedKey", "required")
	case t.Phase1Lifetime != 0 && (t.Phase1Lifetime < 3600 || t.Phase1Lifetime > 604800):
		return invalid(f+".phase1Lifetime", "must be between 3600 and 604800 seconds")
	case t.Phase2Lifetime != 0 && (t.Phase2Lifetime < 600 || t.Phase2Lifetime > 86400):
		return invalid(f+".phase2Lifetime", "must be between 600 and 86400 seconds")
	}
	addOns, err := store.List[child[api.IPsecAddOn]](tx, kindAddOn, owner.ProductUID)
	if err != nil {
		return err
	}
	if len(addOns) == 0 {
		return invalid(f, "MCR %s has no IPsec add-on; add one before ordering tunnels", owner.ProductUID)
	}
	return nil
}

// hostedConnection reports whether a VXC is an AWS hosted connection, whose
// speeds are AWS's list.
func hostedConnection(priv *vxcPrivate) bool {
	for _, pc := range []*api.PartnerConfig{priv.AEndPartnerConfig, priv.BEndPartnerConfig} {
		if pc != nil && pc.AWS != nil && pc.AWS.ConnectType == "AWSHC" {
			return true
		}
	}
	return false
}

// checkVXCRate: 1 to the speed of the slower end, one of the speeds an AWS
// hosted connection or a Google attachment offers, at most a service key's
// maximum.
func checkVXCRate(rate int64, a, b vxcEnd, key *serviceKeyRecord, hosted bool) error {
	maxRate := min(a.speed(), b.speed())
	if rate < 1 || rate > maxRate {
		return invalid("rateLimit", "must be between 1 and %d Mbps (the speed of the slower end)", maxRate)
	}
	for _, e := range []vxcEnd{a, b} {
		if e.partner == nil {
			continue
		}
		// On AWS's ports the configuration decides what is ordered.
		kind := e.partner.ConnectType
		if kind == "AWS" || kind == "AWSHC" {
			kind = map[bool]string{true: "AWSHC", false: "AWS"}[hosted]
		}
		switch kind {
		case "AWSHC":
			if !slices.Contains(awsHostedSpeeds, rate) {
				return invalid("rateLimit", "an AWS hosted connection is one of %s Mbps", joinInts(awsHostedSpeeds))
			}
		case "GOOGLE":
			if !slices.Contains(googleSpeeds, rate) {
				return invalid("rateLimit", "a Google Cloud attachment is one of %s Mbps", joinInts(googleSpeeds))
			}
		}
	}
	if key != nil && rate > key.MaxSpeed {
		return invalid("rateLimit", "must be at most %d Mbps, the maximum speed of the service key", key.MaxSpeed)
	}
	return nil
}

// Rate limits a partner allows besides its port's speed (Mbps).
var (
	awsHostedSpeeds = []int64{50, 100, 200, 300, 400, 500, 1000, 2000, 5000, 10000}
	googleSpeeds    = []int64{50, 100, 200, 300, 400, 500, 1000, 2000, 5000, 10000, 20000, 50000}
)

// checkEndSettings applies the VLAN, inner VLAN and vNIC rules of one end.
func checkEndSettings(f endFields, e vxcEnd, vlan, inner int64, vnic *int64) error {
	switch {
	case vlan == api.VLANUntagged:
		if e.productType() != api.ProductTypePort {
			return invalid(f.vlan, "-1 (untagged) is allowed on a port end only; this end is a %s", e.productType())
		}
		if inner != 0 {
			return invalid(f.inner, "must be absent when %s is -1 (untagged)", f.vlan)
		}
	case vlan != 0:
		if err := checkVLAN(f.vlan, vlan); err != nil {
			return invalid(f.vlan, "must be -1 (untagged), or between %d and %d", minVLAN, maxVLAN)
		}
	}
	if inner != 0 && inner != api.VLANUntagged && (inner < minVLAN || inner > maxVLAN) {
		return invalid(f.inner, "must be -1 or between %d and %d", minVLAN, maxVLAN)
	}
	isMVE := e.product != nil && e.product.ProductType == api.ProductTypeMVE
	switch {
	case isMVE && vnic == nil:
		return invalid(f.vnic, "required: the index of the MVE's network interface the VXC attaches to")
	case !isMVE && vnic != nil:
		return invalid(f.vnic, "applies to MVE ends only; this end is a %s", e.productType())
	case vnic != nil && *vnic < 0:
		return invalid(f.vnic, "must be 0 or more")
	case isMVE && e.product.MVE != nil && *vnic >= int64(len(e.product.MVE.VNICs)):
		return invalid(f.vnic, "must be below %d: MVE %s has %d vNICs", len(e.product.MVE.VNICs), e.product.ProductUID, len(e.product.MVE.VNICs))
	}
	return nil
}

// describeVXC fills what the service derives of a VXC: its ends as they are
// now, the distance band and the CSP connections of its partner
// configurations.
func describeVXC(tx *store.Tx, p *productRecord) {
	v := p.VXC
	v.AEnd = vxcEndView(tx, v.AEndProductUID, v.AEndVLAN, v.AEndInnerVLAN, v.AEndVNICIndex)
	v.BEnd = vxcEndView(tx, v.BEndProductUID, v.BEndVLAN, v.BEndInnerVLAN, v.BEndVNICIndex)
	v.DistanceBand = "INTERNATIONAL"
	la, _ := getLocation(tx, v.AEnd.LocationID)
	lb, _ := getLocation(tx, v.BEnd.LocationID)
	switch {
	case la == nil || lb == nil:
	case la.Metro == lb.Metro:
		v.DistanceBand = "METRO"
	case la.Country == lb.Country:
		v.DistanceBand = "NATIONAL"
	}
	v.CSPConnections = []api.CSPConnection{}
	if p.VXCPrivate == nil {
		return
	}
	for _, end := range []struct {
		pc    *api.PartnerConfig
		label string
		e     api.VXCEnd
	}{{p.VXCPrivate.AEndPartnerConfig, "a", v.AEnd}, {p.VXCPrivate.BEndPartnerConfig, "b", v.BEnd}} {
		if end.pc != nil {
			v.CSPConnections = append(v.CSPConnections, cspConnection(p, end.pc, end.label, end.e))
		}
	}
}

// vxcEndView is an end as the API answers it.
func vxcEndView(tx *store.Tx, uid string, vlan, inner int64, vnic *int64) api.VXCEnd {
	out := api.VXCEnd{ProductUID: uid, InnerVLAN: inner, VNICIndex: vnic}
	if vlan == api.VLANUntagged {
		out.Untagged = true
	} else {
		out.VLAN = vlan
	}
	var p productRecord
	if found, err := tx.Get(kindProduct, uid, &p); err == nil && found {
		out.ProductName, out.ProductType, out.OwnerUID, out.LocationID, out.SecondaryName = p.ProductName, p.ProductType, p.CompanyUID, p.LocationID, p.SecondaryName
	} else if pp, err := findPartnerPort(tx, uid); err == nil && pp != nil {
		out.ProductName, out.ProductType, out.OwnerUID, out.LocationID = pp.ProductName, "PARTNER", pp.CompanyUID, pp.LocationID
	}
	if l, err := getLocation(tx, out.LocationID); err == nil && l != nil {
		out.Location = l.Name
	}
	return out
}

// cspConnection is what the service reports of a partner configuration.
func cspConnection(p *productRecord, pc *api.PartnerConfig, label string, e api.VXCEnd) api.CSPConnection {
	c := api.CSPConnection{ResourceName: label + "_csp_connection", ResourceType: "csp_connection", VLAN: e.VLAN, Bandwidth: p.VXC.RateLimit}
	switch pc.Partner {
	case api.PartnerAWS:
		a := pc.AWS
		c.ConnectType, c.Name, c.OwnerAccount, c.Type, c.ASN, c.AmazonASN = a.ConnectType, a.Name, a.OwnerAccount, a.Type, a.ASN, a.AmazonASN
		c.CustomerIPAddress, c.AmazonAddress = a.CustomerIPAddress, a.AmazonIPAddress
		if a.ConnectType == "AWSHC" {
			c.ConnectionID = fmt.Sprintf("dxcon-%08x", p.ProductID)
		} else {
			c.VIFID = fmt.Sprintf("dxvif-%08x", p.ProductID)
		}
	case api.PartnerAzure:
		c.ConnectType, c.ServiceKey, c.Managed, c.CSPName = "AZURE", pc.Azure.ServiceKey, len(pc.Azure.Peers) > 0, "Azure ExpressRoute"
	case api.PartnerGoogle:
		c.ConnectType, c.PairingKey, c.CSPName, c.Bandwidths = "GOOGLE", pc.Google.PairingKey, "Google Cloud", googleSpeeds
	case api.PartnerOracle:
		c.ConnectType, c.VirtualCircuitID, c.CSPName = "ORACLE", pc.Oracle.VirtualCircuitID, "Oracle Cloud Infrastructure"
	case api.PartnerIBM:
		i := pc.IBM
		c.ConnectType, c.AccountID, c.CustomerASN, c.Name, c.CSPName = "IBM", i.AccountID, i.CustomerASN, i.Name, "IBM Cloud"
		c.CustomerIPAddress, c.ProviderIPAddress = i.CustomerIPAddress, i.ProviderIPAddress
	case api.PartnerTransit:
		n := p.ProductID
		c.ConnectType, c.CSPName = "TRANSIT", "netfab Internet"
		c.CustomerIP4Address = fmt.Sprintf("100.64.%d.%d/30", (n*4)/256%256, (n*4)%256+2)
		c.IPv4GatewayAddress = fmt.Sprintf("100.64.%d.%d", (n*4)/256%256, (n*4)%256+1)
		c.CustomerIP6Network = fmt.Sprintf("2001:db8:%x::/64", n)
		c.IPv6GatewayAddress = fmt.Sprintf("2001:db8:%x::1", n)
	case api.PartnerVRouter:
		c.ConnectType, c.VirtualRouterName = "VROUTER", e.ProductName
		for _, in := range pc.VRouter.Interfaces {
			c.IPAddresses = append(c.IPAddresses, in.IPAddresses...)
		}
	}
	return c
}

// applyVXCUpdate changes a VXC in place: its rate limit, VLANs, inner
// VLANs, shutdown and vrouter configurations.
func applyVXCUpdate(tx *store.Tx, p *productRecord, u *api.VXCUpdate) error {
	c := p.VXC.VXCConfig
	set := func(dst *int64, src *int64) {
		if src != nil {
			*dst = *src
		}
	}
	set(&c.RateLimit, u.RateLimit)
	set(&c.AEndVLAN, u.AEndVLAN)
	set(&c.BEndVLAN, u.BEndVLAN)
	set(&c.AEndInnerVLAN, u.AEndInnerVLAN)
	set(&c.BEndInnerVLAN, u.BEndInnerVLAN)
	if u.Shutdown != nil {
		c.Shutdown = *u.Shutdown
	}
	priv := p.VXCPrivate
	if priv == nil {
		priv = &vxcPrivate{}
	}
	ends := make([]vxcEnd, 2)
	for i, uid := range []string{c.AEndProductUID, c.BEndProductUID} {
		var rec productRecord
		found, err := tx.Get(kindProduct, uid, &rec)
		if err != nil {
			return err
		}
		if found {
			ends[i].product = &rec
			continue
		}
		pp, err := findPartnerPort(tx, uid)
		if err != nil {
			return err
		}
		if pp == nil {
			// A rotated partner port: the VXC keeps its old UID and speed.
			pp = &partnerPortRecord{PartnerPort: api.PartnerPort{ProductUID: uid, Speed: c.RateLimit}}
		}
		ends[i].partner = pp
	}
	for i, upd := range []*api.PartnerConfig{u.AEndPartnerConfig, u.BEndPartnerConfig} {
		f, cur := aEndFields, &priv.AEndPartnerConfig
		if i == 1 {
			f, cur = bEndFields, &priv.BEndPartnerConfig
		}
		if upd == nil {
			continue
		}
		if upd.Partner != api.PartnerVRouter {
			return invalid(f.partner, "a %s partner configuration changes only by ordering a new VXC; only vrouter configurations change in place", upd.Partner)
		}
		if err := checkPartnerConfig(tx, f, ends[i], upd); err != nil {
			return err
		}
		*cur = upd
	}
	var key *serviceKeyRecord
	if priv.ServiceKey != "" {
		k, err := loadServiceKey(tx, priv.ServiceKey)
		if err != nil {
			return err
		}
		key = k
	}
	if err := checkVXCRate(c.RateLimit, ends[0], ends[1], key, hostedConnection(priv)); err != nil {
		return err
	}
	for i, end := range []struct {
		f           endFields
		vlan, inner int64
		prev        int64
		vnic        *int64
	}{{aEndFields, c.AEndVLAN, c.AEndInnerVLAN, p.VXC.AEndVLAN, c.AEndVNICIndex}, {bEndFields, c.BEndVLAN, c.BEndInnerVLAN, p.VXC.BEndVLAN, c.BEndVNICIndex}} {
		e := ends[i]
		if err := checkEndSettings(end.f, e, end.vlan, end.inner, end.vnic); err != nil {
			return err
		}
		if e.product == nil || end.vlan == end.prev {
			continue
		}
		if end.vlan == 0 {
			return invalid(end.f.vlan, "must be -1 (untagged) or between %d and %d", minVLAN, maxVLAN)
		}
		if key != nil && key.SingleUse && i == 1 {
			return invalid(end.f.vlan, "is %d, the VLAN of the single-use service key the VXC was ordered with", key.VLAN)
		}
		used, err := usedVLANs(tx, e.product.ProductUID, p.ProductUID)
		if err != nil {
			return err
		}
		if h := used[end.vlan]; h != "" {
			return invalid(end.f.vlan, "%d is already used on product %s by %s", end.vlan, e.product.ProductUID, h)
		}
	}
	p.VXC.VXCConfig = c
	p.VXCPrivate = priv
	return nil
}
