package fwmgr

import (
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"time"
)

// Cross-field rules of the management API: what a server refuses of an
// object as a whole, that no one Field (Required, Values, Rule, Min/Max)
// can say, such as "a host needs an IPv4 or an IPv6 address" or "a range's
// first address is not after its last". They are data, per type, so that
// the sandbox's server applies them to the object an add-T or set-T would
// leave (the stored object with the request's fields merged in), and the
// provider can apply them to a planned configuration.
//
// Each rule is one Check Point states in its management API reference for
// the command's parameters ("required if ...", "forbidden in case ...") or
// follows from what the object means (an empty range). Where the reference
// leaves a doubt, the type accepts the object, and a comment says so: a
// sandbox that refuses what a real server takes would break configurations
// that work.

// Constraint is one rule of a type over several of its fields (or over a
// field and the object's other fields).
type Constraint struct {
	// Fields are the wire names the rule speaks of, with paths into blocks
	// ("nat-settings.method"); the error names them.
	Fields []string
	// Rule says what the API wants, as its error says it.
	Rule string
	// Missing: the rule asks for a field that is absent (the API answers it
	// as a missing parameter), rather than refusing a value.
	Missing bool
	// broken reports whether obj breaks the rule, with a detail naming the
	// values at fault ("" when the Rule says it all).
	broken func(obj map[string]any) (detail string, broken bool)
}

// ConstraintError is an object that breaks a Constraint of its type.
type ConstraintError struct {
	Type    string
	Fields  []string
	Rule    string
	Detail  string
	Missing bool
}

func (e *ConstraintError) Error() string {
	msg := fmt.Sprintf("%s: %s: %s", e.Type, strings.Join(e.Fields, ", "), e.Rule)
	if e.Detail != "" {
		msg += " (" + e.Detail + ")"
	}
	return msg
}

// Message is the error without the type: the fields, the rule and the
// detail, as the server's message words it.
func (e *ConstraintError) Message() string {
	msg := e.Rule
	if e.Detail != "" {
		msg += " (" + e.Detail + ")"
	}
	return msg
}

// CheckConstraints checks obj, an object of type typeName as it is after
// add-T or set-T (every field it holds, by wire name; values shaped as
// Field.Check takes them, references as names or UIDs), against the type's
// Constraints. It answers the first rule broken, as a *ConstraintError, or
// nil. A type with no constraints (or not a row) passes.
//
// The fields' own rules are not checked again: a value of the wrong kind is
// treated as absent here, and Field.Check refuses it.
func CheckConstraints(typeName string, obj map[string]any) error {
	for _, c := range Constraints[typeName] {
		if detail, bad := c.broken(obj); bad {
			return &ConstraintError{Type: typeName, Fields: c.Fields, Rule: c.Rule, Detail: detail, Missing: c.Missing}
		}
	}
	return nil
}

// Constraints are the cross-field rules of each type named by its row's
// Name. Types that have none are absent:
//
//   - group, time-group, service-group, application-site-group: members
//     may be empty (a server keeps an empty group);
//   - tag, dynamic-object, security-zone, application-site-category: a name
//     alone is an object;
//   - service-icmp, service-icmp6: icmp-type and icmp-code default to 0 on
//     the server, and the server takes a code the type does not define
//     (upstream's own example is type 5, code 7, where IANA lists codes
//     0-3), so nothing is refused;
//   - service-other: the reference does not say that ip-protocol or match
//     is required, so a service with neither is accepted.
var Constraints = map[string][]Constraint{
	"host": append([]Constraint{
		atLeastOne("a host needs an IPv4 or an IPv6 address (or both)", "ipv4-address", "ipv6-address"),
		// An interface's subnet is its address and mask, as a network's.
		{Fields: []string{"interfaces.subnet4", "interfaces.mask-length4"}, Missing: true,
			Rule:   "an interface's subnet4 and mask-length4 go together",
			broken: eachBlock("interfaces", pairBroken("subnet4", "mask-length4"))},
		{Fields: []string{"interfaces.subnet6", "interfaces.mask-length6"}, Missing: true,
			Rule:   "an interface's subnet6 and mask-length6 go together",
			broken: eachBlock("interfaces", pairBroken("subnet6", "mask-length6"))},
	}, natConstraints...),
	"network": append([]Constraint{
		atLeastOne("a network needs an IPv4 subnet (subnet4 with mask-length4) or an IPv6 one (subnet6 with mask-length6), or both", "subnet4", "subnet6"),
		{Fields: []string{"subnet4", "mask-length4", "subnet-mask"}, Missing: true,
			Rule: "subnet4 needs its mask, mask-length4 (or subnet-mask), and a mask needs subnet4",
			broken: func(o map[string]any) (string, bool) {
				return "", has(o, "subnet4") != (has(o, "mask-length4") || has(o, "subnet-mask"))
			}},
		pair("subnet6 and mask-length6 go together", "subnet6", "mask-length6"),
		{Fields: []string{"subnet-mask", "mask-length4"},
			Rule:   "subnet-mask must be a contiguous IPv4 mask that agrees with mask-length4",
			broken: subnetMaskBroken},
		{Fields: []string{"subnet4", "mask-length4"},
			Rule:   "subnet4 must be the network address of its mask: no bit of the address may be set beyond mask-length4",
			broken: networkAddressBroken("subnet4", "mask-length4", true)},
		{Fields: []string{"subnet6", "mask-length6"},
			Rule:   "subnet6 must be the network address of its mask: no bit of the address may be set beyond mask-length6",
			broken: networkAddressBroken("subnet6", "mask-length6", false)},
	}, natConstraints...),
	"address-range": append([]Constraint{
		atLeastOne("an address range needs an IPv4 range (ipv4-address-first and ipv4-address-last) or an IPv6 one, or both",
			"ipv4-address-first", "ipv4-address-last", "ipv6-address-first", "ipv6-address-last"),
		pair("ipv4-address-first and ipv4-address-last go together", "ipv4-address-first", "ipv4-address-last"),
		pair("ipv6-address-first and ipv6-address-last go together", "ipv6-address-first", "ipv6-address-last"),
		ordered("ipv4-address-first", "ipv4-address-last"),
		ordered("ipv6-address-first", "ipv6-address-last"),
	}, natConstraints...),
	"multicast-address-range": {
		atLeastOne("a multicast address range needs an address (ipv4-address or ipv6-address) or a range (ipv4-address-first and "+
			"ipv4-address-last, or the IPv6 ones)", "ipv4-address", "ipv6-address", "ipv4-address-first", "ipv4-address-last", "ipv6-address-first", "ipv6-address-last"),
		pair("ipv4-address-first and ipv4-address-last go together", "ipv4-address-first", "ipv4-address-last"),
		pair("ipv6-address-first and ipv6-address-last go together", "ipv6-address-first", "ipv6-address-last"),
		ordered("ipv4-address-first", "ipv4-address-last"),
		ordered("ipv6-address-first", "ipv6-address-last"),
		{Fields: []string{"ipv4-address", "ipv4-address-first", "ipv4-address-last"},
			Rule:   "IPv4 multicast addresses are within 224.0.0.0/4",
			broken: multicastBroken(netip.MustParsePrefix("224.0.0.0/4"), "ipv4-address", "ipv4-address-first", "ipv4-address-last")},
		{Fields: []string{"ipv6-address", "ipv6-address-first", "ipv6-address-last"},
			Rule:   "IPv6 multicast addresses are within ff00::/8",
			broken: multicastBroken(netip.MustParsePrefix("ff00::/8"), "ipv6-address", "ipv6-address-first", "ipv6-address-last")},
	},
	"group-with-exclusion": {
		{Fields: []string{"include", "except"}, Missing: true,
			Rule: "a group with exclusion needs both the group it includes and the group it excepts",
			broken: func(o map[string]any) (string, bool) {
				return "", !has(o, "include") || !has(o, "except")
			}},
	},
	"dns-domain": {
		{Fields: []string{"name"},
			Rule: "a DNS domain's name is the domain with a leading dot (.www.example.com)",
			broken: func(o map[string]any) (string, bool) {
				name, ok := o["name"].(string)
				if !ok {
					return "", false // "name" is required: Field.Check says so
				}
				if err := CheckRule(RuleDNSDomain, name); err != nil {
					return fmt.Sprintf("%q", name), true
				}
				return "", false
			}},
	},
	"wildcard": {
		atLeastOne("a wildcard needs an IPv4 address and wildcard mask, or IPv6 ones, or both", "ipv4-address", "ipv6-address"),
		pair("ipv4-address and ipv4-mask-wildcard go together", "ipv4-address", "ipv4-mask-wildcard"),
		pair("ipv6-address and ipv6-mask-wildcard go together", "ipv6-address", "ipv6-mask-wildcard"),
	},
	"service-tcp":  {required("a TCP service needs its port (or range of ports)", "port")},
	"service-udp":  {required("a UDP service needs its port (or range of ports)", "port")},
	"service-sctp": {required("an SCTP service needs its port (or range of ports)", "port")},
	"application-site": {
		required("an application or site needs its primary-category", "primary-category"),
		{Fields: []string{"url-list", "application-signature"}, Missing: true,
			Rule: "an application or site is identified by its url-list or by its application-signature: one of them is required",
			broken: func(o map[string]any) (string, bool) {
				return "", !has(o, "url-list") && !has(o, "application-signature")
			}},
		{Fields: []string{"url-list", "application-signature"},
			Rule: "url-list and application-signature cannot both be given: an application or site is identified by one of them",
			broken: func(o map[string]any) (string, bool) {
				return "", has(o, "url-list") && has(o, "application-signature")
			}},
	},
	"user": {expirationDateShape},
	"user-template": {
		expirationDateShape,
		{Fields: []string{"expiration-date", "expiration-by-global-properties"}, Missing: true,
			Rule: "expiration-date is required when expiration-by-global-properties is false",
			broken: func(o map[string]any) (string, bool) {
				return "", !flag(o, "expiration-by-global-properties", true) && !has(o, "expiration-date")
			}},
	},
	"time": {
		// Upstream's documentation limits a time object's name to 11
		// characters (the gateway's table keeps it so).
		{Fields: []string{"name"}, Rule: "a time object's name is at most 11 characters",
			broken: func(o map[string]any) (string, bool) {
				name, _ := o["name"].(string)
				return fmt.Sprintf("%q has %d", name, len([]rune(name))), len([]rune(name)) > 11
			}},
		// Start and end count only when start-now and end-never are off
		// (their defaults are on, and the server ignores start and end
		// then: upstream's acceptance test gives both as 01-Jan-1970 00:00
		// with the defaults). An end equal to the start is an empty span.
		{Fields: []string{"start", "end", "start-now", "end-never"},
			Rule:   "end must be after start, when start-now and end-never are false",
			broken: timeSpanBroken},
		{Fields: []string{"hours-ranges.index"},
			Rule:   "each of the hours-ranges has its own index (1 to 3)",
			broken: hoursIndexBroken},
		// A range may end before it starts: it then runs past midnight
		// (22:00 to 06:00), and upstream's example writes 00:00 to 00:00;
		// so from and to are not compared.
		{Fields: []string{"hours-ranges.from", "hours-ranges.to"}, Missing: true,
			Rule: "an enabled range of hours-ranges needs both from and to",
			broken: eachBlock("hours-ranges", func(b map[string]any) (string, bool) {
				on, _ := b["enabled"].(bool)
				return "", on && (!has(b, "from") || !has(b, "to"))
			})},
		// The recurrence's days and weekdays are not tied to its pattern
		// here: the reference does not say that the server refuses them
		// with another pattern.
	},
}

// expirationDateShape: add-user and add-user-template take an
// expiration-date as yyyy-MM-dd (show answers it as a time).
var expirationDateShape = Constraint{Fields: []string{"expiration-date"},
	Rule: "expiration-date is a date yyyy-MM-dd (2030-05-30)",
	broken: func(o map[string]any) (string, bool) {
		s, ok := o["expiration-date"].(string)
		if !ok || s == "" {
			return "", false
		}
		_, err := time.Parse("2006-01-02", s)
		return fmt.Sprintf("%q", s), err != nil || len(s) != len("2006-01-02")
	}}

// natConstraints are the rules of the nat-settings block of hosts, networks
// and address ranges.
var natConstraints = []Constraint{
	{Fields: []string{"nat-settings.method", "nat-settings.hide-behind"},
		Rule: "nat-settings.hide-behind is for hide NAT: it is forbidden when method is static",
		broken: func(o map[string]any) (string, bool) {
			n := block(o, "nat-settings")
			return "", n["method"] == "static" && has(n, "hide-behind")
		}},
	{Fields: []string{"nat-settings.method", "nat-settings.ipv4-address", "nat-settings.ipv6-address"}, Missing: true,
		Rule: "static NAT translates to an address: nat-settings.ipv4-address or nat-settings.ipv6-address is required when method is static",
		broken: func(o map[string]any) (string, bool) {
			n := block(o, "nat-settings")
			return "", n["method"] == "static" && !has(n, "ipv4-address") && !has(n, "ipv6-address")
		}},
	{Fields: []string{"nat-settings.hide-behind", "nat-settings.ipv4-address", "nat-settings.ipv6-address"}, Missing: true,
		Rule: "hiding behind an address names it: nat-settings.ipv4-address or nat-settings.ipv6-address is required when hide-behind is ip-address",
		broken: func(o map[string]any) (string, bool) {
			n := block(o, "nat-settings")
			return "", n["hide-behind"] == "ip-address" && !has(n, "ipv4-address") && !has(n, "ipv6-address")
		}},
}

// has: the field holds a value (a non-empty string or list, a number, a
// boolean or a block).
func has(o map[string]any, k string) bool {
	switch v := o[k].(type) {
	case nil:
		return false
	case string:
		return v != ""
	case map[string]any:
		return true
	default:
		if l, ok := list(v); ok {
			return len(l) > 0
		}
		return true
	}
}

func block(o map[string]any, k string) map[string]any {
	m, _ := object(o[k])
	return m
}

func required(rule, field string) Constraint {
	return Constraint{Fields: []string{field}, Rule: rule, Missing: true,
		broken: func(o map[string]any) (string, bool) { return "", !has(o, field) }}
}

func atLeastOne(rule string, fields ...string) Constraint {
	return Constraint{Fields: fields, Rule: rule, Missing: true,
		broken: func(o map[string]any) (string, bool) {
			return "", !slices.ContainsFunc(fields, func(f string) bool { return has(o, f) })
		}}
}

func pairBroken(a, b string) func(map[string]any) (string, bool) {
	return func(o map[string]any) (string, bool) {
		if has(o, a) == has(o, b) {
			return "", false
		}
		if has(o, a) {
			return b + " is absent", true
		}
		return a + " is absent", true
	}
}

func pair(rule, a, b string) Constraint {
	return Constraint{Fields: []string{a, b}, Rule: rule, Missing: true, broken: pairBroken(a, b)}
}

// eachBlock applies a block rule to every element of a block list.
func eachBlock(field string, fn func(map[string]any) (string, bool)) func(map[string]any) (string, bool) {
	return func(o map[string]any) (string, bool) {
		items, _ := list(o[field])
		for i, item := range items {
			if b, ok := object(item); ok {
				if detail, bad := fn(b); bad {
					if detail != "" {
						detail = "; " + detail
					}
					return fmt.Sprintf("%s[%d]%s", field, i, detail), true
				}
			}
		}
		return "", false
	}
}

// addr parses an address field; ok is false when absent or malformed
// (Field.Check refuses the latter).
func addr(o map[string]any, k string) (netip.Addr, bool) {
	s, _ := o[k].(string)
	a, err := netip.ParseAddr(s)
	return a, err == nil
}

func ordered(first, last string) Constraint {
	return Constraint{Fields: []string{first, last},
		Rule: first + " must not be after " + last,
		broken: func(o map[string]any) (string, bool) {
			a, okA := addr(o, first)
			b, okB := addr(o, last)
			if !okA || !okB || a.Is4() != b.Is4() {
				return "", false
			}
			return fmt.Sprintf("%s is after %s", a, b), a.Compare(b) > 0
		}}
}

func multicastBroken(p netip.Prefix, fields ...string) func(map[string]any) (string, bool) {
	return func(o map[string]any) (string, bool) {
		for _, f := range fields {
			if a, ok := addr(o, f); ok && a.Is4() == p.Addr().Is4() && !p.Contains(a) {
				return fmt.Sprintf("%s %s is not a multicast address", f, a), true
			}
		}
		return "", false
	}
}

func networkAddressBroken(subnet, maskLength string, v4 bool) func(map[string]any) (string, bool) {
	return func(o map[string]any) (string, bool) {
		a, ok := addr(o, subnet)
		if !ok || a.Is4() != v4 {
			return "", false
		}
		bits, ok := integer(o[maskLength])
		if !ok && v4 {
			// The mask may come as subnet-mask instead.
			if m, okM := addr(o, "subnet-mask"); okM {
				bits, ok = int64(maskBits(m)), maskBits(m) >= 0
			}
		}
		if !ok || bits < 0 || int(bits) > a.BitLen() {
			return "", false
		}
		p := netip.PrefixFrom(a, int(bits))
		if p.Masked().Addr() != a {
			return fmt.Sprintf("%s/%d has the network address %s", a, bits, p.Masked().Addr()), true
		}
		return "", false
	}
}

// maskBits is the length of a contiguous IPv4 mask, or -1.
func maskBits(m netip.Addr) int {
	if !m.Is4() {
		return -1
	}
	b := m.As4()
	v := uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
	n := 0
	for n < 32 && v&(1<<(31-n)) != 0 {
		n++
	}
	if n < 32 && v<<n != 0 {
		return -1
	}
	return n
}

func subnetMaskBroken(o map[string]any) (string, bool) {
	m, ok := addr(o, "subnet-mask")
	if !ok {
		return "", false
	}
	n := maskBits(m)
	if n < 0 {
		return fmt.Sprintf("%s is not contiguous", m), true
	}
	if l, ok := integer(o["mask-length4"]); ok && l != int64(n) {
		return fmt.Sprintf("%s is /%d, mask-length4 is %d", m, n, l), true
	}
	return "", false
}

// dateTime is a time object's start or end block as a time; ok is false
// when its date is absent or malformed.
func dateTime(b map[string]any) (time.Time, bool) {
	date, _ := b["date"].(string)
	clock, _ := b["time"].(string)
	if clock == "" {
		clock = "00:00"
	}
	t, err := time.Parse("02-Jan-2006 15:04", date+" "+clock)
	return t, err == nil
}

// flag is a bool field's value, or def when absent (the table's Default).
func flag(o map[string]any, k string, def bool) bool {
	if b, ok := o[k].(bool); ok {
		return b
	}
	return def
}

func timeSpanBroken(o map[string]any) (string, bool) {
	if flag(o, "start-now", true) || flag(o, "end-never", true) {
		return "", false
	}
	start, okS := dateTime(block(o, "start"))
	end, okE := dateTime(block(o, "end"))
	if !okS || !okE {
		return "", false
	}
	const layout = "02-Jan-2006 15:04"
	return fmt.Sprintf("start %s, end %s", start.Format(layout), end.Format(layout)), !end.After(start)
}

func hoursIndexBroken(o map[string]any) (string, bool) {
	items, _ := list(o["hours-ranges"])
	seen := map[int64]bool{}
	for _, item := range items {
		b, _ := object(item)
		i, ok := integer(b["index"])
		if !ok {
			continue
		}
		if seen[i] {
			return fmt.Sprintf("index %d is given twice", i), true
		}
		seen[i] = true
	}
	return "", false
}
