package netfab

import (
	"fmt"
	"net/netip"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	api "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// The rules every order and update applies. Each failure is a 400 whose
// field is the camelCase name the provider knows and whose message is
// "field: rule".

const (
	defaultMCRASN = 133937
	maxASN        = 4294967295
	minVLAN       = 2
	maxVLAN       = 4093
	// mvePortSpeed is the capacity an MVE offers the connections on it.
	mvePortSpeed = 10000
)

func joinInts(v []int64) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.FormatInt(n, 10)
	}
	return strings.Join(s, ", ")
}

func checkProductName(name string) error {
	if n := utf8.RuneCountInString(name); n < 1 || n > 64 || strings.TrimSpace(name) == "" {
		return invalid("productName", "must be 1 to 64 characters and not blank")
	}
	return nil
}

func checkCostCentre(c string) error {
	if utf8.RuneCountInString(c) > 255 {
		return invalid("costCentre", "must be at most 255 characters")
	}
	return nil
}

func checkTerm(t int64) error {
	if !slices.Contains(contractTerms, t) {
		return invalid("contractTermMonths", "must be one of %s", joinInts(contractTerms))
	}
	return nil
}

func checkASN(asn int64) error {
	const field = "asn"
	if asn < 1 || asn > maxASN {
		return invalid(field, "must be between 1 and %d", int64(maxASN))
	}
	return nil
}

// checkNATSpeed: speed is one of the NAT speeds and sessionCount one of the
// counts paired with it.
func checkNATSpeed(tx *store.Tx, speed, sessions int64) error {
	allowed, err := getNATSessions(tx, speed)
	if err != nil {
		return err
	}
	if len(allowed) == 0 {
		speeds, err := natSpeeds(tx)
		if err != nil {
			return err
		}
		return invalid("speed", "must be one of %s", joinInts(speeds))
	}
	if !slices.Contains(allowed, sessions) {
		return invalid("sessionCount", "must be one of %s for speed %d", joinInts(allowed), speed)
	}
	return nil
}

func checkZone(l *api.Location, zone string) error {
	if !slices.Contains(l.Products.DiversityZones, zone) {
		return invalid("diversityZone", "must be one of %s at location %d (%s)", strings.Join(l.Products.DiversityZones, ", "), l.ID, l.Name)
	}
	return nil
}

var (
	macRE      = regexp.MustCompile(`^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$`)
	hostnameRE = regexp.MustCompile(`^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.?$`)
)

func checkVLAN(field string, vlan int64) error {
	if vlan < minVLAN || vlan > maxVLAN {
		return invalid(field, "must be between %d and %d", minVLAN, maxVLAN)
	}
	return nil
}

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

// usedVLANs maps each VLAN in use on product uid, by its active IX and VXC
// connections other than except, to the connection using it.
func usedVLANs(tx *store.Tx, uid, except string) (map[int64]string, error) {
	used := map[int64]string{}
	ixs, vxcs, err := connectionsOn(tx, uid)
	if err != nil {
		return nil, err
	}
	for _, ix := range ixs {
		if ix.ProductUID != except {
			used[ix.IX.VLAN] = fmt.Sprintf("IX %s", ix.ProductUID)
		}
	}
	for _, v := range vxcs {
		if v.ProductUID == except {
			continue
		}
		if v.VXC.AEndProductUID == uid && v.VXC.AEndVLAN != 0 {
			used[v.VXC.AEndVLAN] = fmt.Sprintf("VXC %s", v.ProductUID)
		}
		if v.VXC.BEndProductUID == uid && v.VXC.BEndVLAN != 0 {
			used[v.VXC.BEndVLAN] = fmt.Sprintf("VXC %s", v.ProductUID)
		}
	}
	return used, nil
}

// checkPrefixList applies the rules of MCR prefix filter lists and NAT
// gateway prefix lists.
func checkPrefixList(l *api.PrefixList) error {
	if n := utf8.RuneCountInString(l.Description); n < 1 || n > 255 {
		return invalid("description", "must be 1 to 255 characters")
	}
	maxLen := 0
	switch l.AddressFamily {
	case "IPv4":
		maxLen = 32
	case "IPv6":
		maxLen = 128
	default:
		return invalid("addressFamily", "must be IPv4 or IPv6")
	}
	if n := len(l.Entries); n < 1 || n > 200 {
		return invalid("entries", "must have 1 to 200 entries, got %d", n)
	}
	for i, e := range l.Entries {
		f := func(name string) string { return fmt.Sprintf("entries[%d].%s", i, name) }
		if e.Action != "permit" && e.Action != "deny" {
			return invalid(f("action"), "must be permit or deny")
		}
		p, err := netip.ParsePrefix(e.Prefix)
		if err != nil {
			return invalid(f("prefix"), "%q is not a CIDR prefix", e.Prefix)
		}
		if p.Addr().Is4() != (maxLen == 32) {
			return invalid(f("prefix"), "%s is not an %s prefix", e.Prefix, l.AddressFamily)
		}
		if p.Masked() != p {
			return invalid(f("prefix"), "%s is not in network address form; use %s", e.Prefix, p.Masked())
		}
		bits := int64(p.Bits())
		if e.Ge != 0 && (e.Ge < bits || e.Ge > int64(maxLen)) {
			return invalid(f("ge"), "must be between the prefix length %d and %d", bits, maxLen)
		}
		if e.Le != 0 && (e.Le < bits || e.Le > int64(maxLen)) {
			return invalid(f("le"), "must be between the prefix length %d and %d", bits, maxLen)
		}
		if e.Ge != 0 && e.Le != 0 && e.Ge > e.Le {
			return invalid(f("le"), "must be at least ge (%d)", e.Ge)
		}
	}
	return nil
}

// checkPacketFilter applies the rules of NAT gateway packet filters.
func checkPacketFilter(pf *api.PacketFilter) error {
	if n := utf8.RuneCountInString(pf.Description); n < 1 || n > 255 {
		return invalid("description", "must be 1 to 255 characters")
	}
	if n := len(pf.Entries); n < 1 || n > 200 {
		return invalid("entries", "must have 1 to 200 entries, got %d", n)
	}
	for i, e := range pf.Entries {
		f := func(name string) string { return fmt.Sprintf("entries[%d].%s", i, name) }
		if e.Action != "permit" && e.Action != "deny" {
			return invalid(f("action"), "must be permit or deny")
		}
		if utf8.RuneCountInString(e.Description) > 255 {
			return invalid(f("description"), "must be at most 255 characters")
		}
		src, err := netip.ParsePrefix(e.SourceAddress)
		if err != nil {
			return invalid(f("sourceAddress"), "%q is not a CIDR prefix", e.SourceAddress)
		}
		dst, err := netip.ParsePrefix(e.DestinationAddress)
		if err != nil {
			return invalid(f("destinationAddress"), "%q is not a CIDR prefix", e.DestinationAddress)
		}
		if src.Addr().Is4() != dst.Addr().Is4() {
			return invalid(f("destinationAddress"), "must be of the same address family as sourceAddress")
		}
		if e.DestinationPorts != "" {
			if err := checkPorts(e.DestinationPorts); err != nil {
				return invalid(f("destinationPorts"), "%v", err)
			}
		}
		if e.IPProtocol < 0 || e.IPProtocol > 255 {
			return invalid(f("ipProtocol"), "must be an IP protocol number between 0 and 255")
		}
	}
	return nil
}

// checkPorts accepts "80", "80-90" and comma-separated lists of those, each
// port 1..65535 and each range ascending.
func checkPorts(s string) error {
	port := func(p string) (int, error) {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 || p != strconv.Itoa(n) {
			return 0, fmt.Errorf("%q is not a port number between 1 and 65535", p)
		}
		return n, nil
	}
	for part := range strings.SplitSeq(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := port(lo)
		if err != nil {
			return err
		}
		if !isRange {
			continue
		}
		b, err := port(hi)
		if err != nil {
			return err
		}
		if a >= b {
			return fmt.Errorf("range %s must be ascending", part)
		}
	}
	return nil
}
