package fwmgr

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestConstraintsNameRowsAndFields(t *testing.T) {
	for typ, cs := range Constraints {
		row, ok := LookupManagementType(typ)
		require.True(t, ok, "constraints of %q, which is no row", typ)
		for _, c := range cs {
			require.NotEmpty(t, c.Fields, "%s: %s", typ, c.Rule)
			require.NotNil(t, c.broken, "%s: %s", typ, c.Rule)
			for _, path := range c.Fields {
				// Every field named is the row's (through its blocks).
				parts := strings.Split(path, ".")
				f, ok := row.Field(parts[0])
				require.True(t, ok, "%s: %q names no field", typ, path)
				for _, p := range parts[1:] {
					var found bool
					for _, sub := range f.Fields {
						if sub.Name == p {
							f, found = sub, true
						}
					}
					require.True(t, found, "%s: %q names no field", typ, path)
				}
			}
		}
	}
}

func TestConstraintsAcceptEveryExample(t *testing.T) {
	for _, row := range ManagementTypes {
		require.NoError(t, CheckConstraints(row.Name, row.Example), row.Name)
		for _, o := range row.ExampleObjects() {
			require.NoError(t, CheckConstraints(o.Type, o.Body), "%s: %s %v", row.Name, o.Type, o.Body["name"])
		}
	}
}

// Objects upstream's acceptance tests and documentation create, which a
// server takes.
func TestConstraintsAcceptUpstreamObjects(t *testing.T) {
	for _, tc := range []struct {
		typ string
		obj map[string]any
	}{
		{"network", map[string]any{"name": "n", "subnet4": "10.21.0.0", "mask-length4": 24}},
		{"network", map[string]any{"name": "n", "subnet6": "2001:db8::", "mask-length6": 32}},
		{"network", map[string]any{"name": "n", "subnet4": "10.0.0.0", "subnet-mask": "255.0.0.0"}},
		{"network", map[string]any{"name": "n", "subnet4": "0.0.0.0", "mask-length4": 0}},
		{"host", map[string]any{"name": "h", "ipv6-address": "2001:db8::1"}},
		{"host", map[string]any{"name": "h", "ipv4-address": "192.0.2.1",
			"nat-settings": map[string]any{"auto-rule": true, "method": "hide", "hide-behind": "gateway"}}},
		{"host", map[string]any{"name": "h", "ipv4-address": "192.0.2.1",
			"nat-settings": map[string]any{"auto-rule": true, "method": "static", "ipv4-address": "198.51.100.1"}}},
		{"address-range", map[string]any{"name": "r", "ipv4-address-first": "192.0.2.1", "ipv4-address-last": "192.0.2.1"}},
		{"multicast-address-range", map[string]any{"name": "m", "ipv4-address": "239.1.1.1"}},
		{"multicast-address-range", map[string]any{"name": "m", "ipv6-address-first": "ff02::1", "ipv6-address-last": "ff02::2"}},
		{"wildcard", map[string]any{"name": "w", "ipv6-address": "2001:db8::", "ipv6-mask-wildcard": "::ffff"}},
		// Upstream's acceptance test: start and end alike, with start-now
		// and end-never left at their defaults.
		{"time", map[string]any{"name": "time_abcdef",
			"start":      map[string]any{"date": "01-Jan-1970", "time": "00:00"},
			"end":        map[string]any{"date": "01-Jan-1970", "time": "00:00"},
			"recurrence": map[string]any{"pattern": "Daily", "month": "Any", "days": []any{}, "weekdays": []any{}}}},
		// Upstream's documentation example.
		{"time", map[string]any{"name": "time1", "end": map[string]any{"date": "24-Nov-2014", "time": "21:22"}, "end-never": false,
			"start-now": true, "hours-ranges": []any{map[string]any{"from": "00:00", "to": "00:00", "enabled": true, "index": 1}}}},
		{"time", map[string]any{"name": "t", "start-now": false, "end-never": false,
			"start": map[string]any{"date": "01-Jan-2026", "time": "08:00"}, "end": map[string]any{"date": "01-Jan-2026", "time": "08:01"},
			"hours-ranges": []any{map[string]any{"from": "22:00", "to": "06:00", "enabled": true, "index": 1},
				map[string]any{"enabled": false, "index": 2}}}},
		{"application-site", map[string]any{"name": "a", "primary-category": "Shopping", "application-signature": "sig"}},
		{"service-icmp", map[string]any{"name": "i"}},
		{"service-other", map[string]any{"name": "o", "match": "dport = 10"}},
		{"group", map[string]any{"name": "g"}},
	} {
		assert.NoError(t, CheckConstraints(tc.typ, tc.obj), "%s %v", tc.typ, tc.obj)
	}
}

func TestConstraintsRefuse(t *testing.T) {
	for _, tc := range []struct {
		name, typ string
		obj       map[string]any
		missing   bool
		words     []string // the fields and the rule's words the error names
	}{
		{"host without address", "host", map[string]any{"name": "h"}, true, []string{"ipv4-address, ipv6-address", "IPv4 or an IPv6"}},
		{"host interface without mask", "host", map[string]any{"name": "h", "ipv4-address": "192.0.2.1",
			"interfaces": []any{map[string]any{"name": "eth0", "subnet4": "192.0.2.0"}}}, true, []string{"interfaces.mask-length4", "interfaces[0]", "mask-length4 is absent"}},
		{"host interface v6 without subnet", "host", map[string]any{"name": "h", "ipv4-address": "192.0.2.1",
			"interfaces": []any{map[string]any{"name": "eth0"}, map[string]any{"name": "eth1", "mask-length6": 64}}}, true, []string{"interfaces.subnet6", "interfaces[1]", "subnet6 is absent"}},
		{"static nat with hide-behind", "host", map[string]any{"name": "h", "ipv4-address": "192.0.2.1",
			"nat-settings": map[string]any{"method": "static", "hide-behind": "gateway", "ipv4-address": "198.51.100.1"}}, false, []string{"nat-settings.hide-behind", "forbidden"}},
		{"static nat without address", "address-range", map[string]any{"name": "r", "ipv4-address-first": "192.0.2.1", "ipv4-address-last": "192.0.2.2",
			"nat-settings": map[string]any{"method": "static"}}, true, []string{"nat-settings.ipv4-address", "static"}},
		{"hide behind no address", "network", map[string]any{"name": "n", "subnet4": "192.0.2.0", "mask-length4": 24,
			"nat-settings": map[string]any{"method": "hide", "hide-behind": "ip-address"}}, true, []string{"nat-settings.hide-behind", "ip-address"}},
		{"network without subnet", "network", map[string]any{"name": "n"}, true, []string{"subnet4, subnet6"}},
		{"network subnet4 without mask", "network", map[string]any{"name": "n", "subnet4": "192.0.2.0"}, true, []string{"subnet4, mask-length4", "mask"}},
		{"network mask without subnet4", "network", map[string]any{"name": "n", "subnet6": "2001:db8::", "mask-length6": 32, "mask-length4": 24}, true, []string{"subnet4, mask-length4"}},
		{"network subnet6 without mask", "network", map[string]any{"name": "n", "subnet6": "2001:db8::"}, true, []string{"subnet6, mask-length6", "mask-length6 is absent"}},
		{"network host bits v4", "network", map[string]any{"name": "n", "subnet4": "192.0.2.5", "mask-length4": 24}, false, []string{"subnet4", "network address", "192.0.2.0"}},
		{"network host bits by subnet-mask", "network", map[string]any{"name": "n", "subnet4": "10.1.0.0", "subnet-mask": "255.0.0.0"}, false, []string{"subnet4", "network address", "10.0.0.0"}},
		{"network host bits v6", "network", map[string]any{"name": "n", "subnet6": "2001:db8::1", "mask-length6": 64}, false, []string{"subnet6", "network address", "2001:db8::"}},
		{"network mask not contiguous", "network", map[string]any{"name": "n", "subnet4": "10.0.0.0", "subnet-mask": "255.0.255.0"}, false, []string{"subnet-mask", "contiguous"}},
		{"network mask disagrees", "network", map[string]any{"name": "n", "subnet4": "10.0.0.0", "subnet-mask": "255.0.0.0", "mask-length4": 16}, false, []string{"subnet-mask, mask-length4", "/8"}},
		{"range without addresses", "address-range", map[string]any{"name": "r"}, true, []string{"ipv4-address-first, ipv4-address-last, ipv6-address-first, ipv6-address-last"}},
		{"range first alone", "address-range", map[string]any{"name": "r", "ipv4-address-first": "192.0.2.1"}, true, []string{"ipv4-address-first, ipv4-address-last"}},
		{"range v6 last alone", "address-range", map[string]any{"name": "r", "ipv4-address-first": "192.0.2.1", "ipv4-address-last": "192.0.2.2", "ipv6-address-last": "2001:db8::1"}, true, []string{"ipv6-address-first, ipv6-address-last"}},
		{"range reversed", "address-range", map[string]any{"name": "r", "ipv4-address-first": "192.0.2.10", "ipv4-address-last": "192.0.2.1"}, false, []string{"ipv4-address-first, ipv4-address-last", "after", "192.0.2.10 is after 192.0.2.1"}},
		{"range v6 reversed", "address-range", map[string]any{"name": "r", "ipv6-address-first": "2001:db8::2", "ipv6-address-last": "2001:db8::1"}, false, []string{"ipv6-address-first", "after"}},
		{"multicast empty", "multicast-address-range", map[string]any{"name": "m"}, true, []string{"ipv4-address, ipv6-address, ipv4-address-first, ipv4-address-last, ipv6-address-first"}},
		{"multicast last alone", "multicast-address-range", map[string]any{"name": "m", "ipv4-address-last": "224.0.0.4"}, true, []string{"ipv4-address-first, ipv4-address-last"}},
		{"multicast reversed", "multicast-address-range", map[string]any{"name": "m", "ipv4-address-first": "224.0.0.9", "ipv4-address-last": "224.0.0.4"}, false, []string{"after"}},
		{"multicast unicast v4", "multicast-address-range", map[string]any{"name": "m", "ipv4-address-first": "192.0.2.1", "ipv4-address-last": "224.0.0.4"}, false, []string{"224.0.0.0/4", "ipv4-address-first 192.0.2.1"}},
		{"multicast unicast single", "multicast-address-range", map[string]any{"name": "m", "ipv4-address": "10.0.0.1"}, false, []string{"224.0.0.0/4"}},
		{"multicast unicast v6", "multicast-address-range", map[string]any{"name": "m", "ipv6-address": "2001:db8::1"}, false, []string{"ff00::/8"}},
		{"exclusion without except", "group-with-exclusion", map[string]any{"name": "x", "include": "g1"}, true, []string{"include, except", "both"}},
		{"exclusion without include", "group-with-exclusion", map[string]any{"name": "x", "except": "g1"}, true, []string{"include, except"}},
		{"dns domain without dot", "dns-domain", map[string]any{"name": "www.example.com"}, false, []string{"name", "leading dot"}},
		{"wildcard empty", "wildcard", map[string]any{"name": "w"}, true, []string{"ipv4-address, ipv6-address"}},
		{"wildcard address alone", "wildcard", map[string]any{"name": "w", "ipv4-address": "192.0.2.1"}, true, []string{"ipv4-address, ipv4-mask-wildcard"}},
		{"wildcard v6 mask alone", "wildcard", map[string]any{"name": "w", "ipv4-address": "192.0.2.1", "ipv4-mask-wildcard": "0.0.0.255", "ipv6-mask-wildcard": "::ff"}, true, []string{"ipv6-address, ipv6-mask-wildcard"}},
		{"tcp without port", "service-tcp", map[string]any{"name": "s"}, true, []string{"port", "TCP"}},
		{"udp without port", "service-udp", map[string]any{"name": "s", "port": ""}, true, []string{"port", "UDP"}},
		{"sctp without port", "service-sctp", map[string]any{"name": "s"}, true, []string{"port", "SCTP"}},
		{"site without category", "application-site", map[string]any{"name": "a", "url-list": []any{"x.com"}}, true, []string{"primary-category"}},
		{"site without urls", "application-site", map[string]any{"name": "a", "primary-category": "Shopping", "url-list": []any{}}, true, []string{"url-list, application-signature", "one of them"}},
		{"site with both", "application-site", map[string]any{"name": "a", "primary-category": "Shopping", "url-list": []any{"x.com"}, "application-signature": "sig"}, false, []string{"url-list, application-signature", "both"}},
		{"time name too long", "time", map[string]any{"name": "twelve-chars"}, false, []string{"name", "11 characters", "has 12"}},
		{"time end before start", "time", map[string]any{"name": "t", "start-now": false, "end-never": false,
			"start": map[string]any{"date": "02-Jan-2026", "time": "08:00"}, "end": map[string]any{"date": "01-Jan-2026", "time": "09:00"}}, false, []string{"start, end, start-now, end-never", "after start", "02-Jan-2026 08:00"}},
		{"time end equals start", "time", map[string]any{"name": "t", "start-now": false, "end-never": false,
			"start": map[string]any{"date": "01-Jan-2026"}, "end": map[string]any{"date": "01-Jan-2026", "time": "00:00"}}, false, []string{"after start"}},
		{"time index twice", "time", map[string]any{"name": "t", "hours-ranges": []any{
			map[string]any{"from": "08:00", "to": "12:00", "enabled": true, "index": 1},
			map[string]any{"from": "13:00", "to": "17:00", "enabled": true, "index": 1}}}, false, []string{"hours-ranges.index", "index 1 is given twice"}},
		{"time range without to", "time", map[string]any{"name": "t", "hours-ranges": []any{
			map[string]any{"from": "08:00", "enabled": true, "index": 1}}}, true, []string{"hours-ranges.from, hours-ranges.to", "hours-ranges[0]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckConstraints(tc.typ, tc.obj)
			require.Error(t, err)
			var ce *ConstraintError
			require.True(t, errors.As(err, &ce), "%T", err)
			assert.Equal(t, tc.missing, ce.Missing)
			assert.Equal(t, tc.typ, ce.Type)
			assert.True(t, strings.HasPrefix(err.Error(), tc.typ+": "), err.Error())
			for _, w := range tc.words {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

// Values of the wrong kind are left to Field.Check: a constraint does not
// panic on them or refuse them for a reason they do not have.
func TestConstraintsIgnoreMalformedValues(t *testing.T) {
	assert.NoError(t, CheckConstraints("network", map[string]any{"name": "n", "subnet4": "300.1.1.1", "mask-length4": 24}))
	assert.NoError(t, CheckConstraints("address-range", map[string]any{"name": "r", "ipv4-address-first": "192.0.2.9", "ipv4-address-last": "2001:db8::1"}))
	assert.NoError(t, CheckConstraints("time", map[string]any{"name": "t", "hours-ranges": "x", "start-now": "no"}))
	assert.NoError(t, CheckConstraints("no-such-type", map[string]any{}))
	// Numbers come as Go ints, float64 (a JSON round trip) or json.Number.
	assert.Error(t, CheckConstraints("network", map[string]any{"name": "n", "subnet4": "192.0.2.5", "mask-length4": float64(24)}))
}
