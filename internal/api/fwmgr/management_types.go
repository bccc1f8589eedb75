package fwmgr

import (
	"math"
	"slices"
)

// ManagementTypes are the object types of the management API (see
// management.go), in the order the docs list them: network objects,
// services and applications (objectTypes), then policy packages, layers,
// users and access roles (policyTypes, management_types_policy.go). Each
// row has the Terraform shape of the upstream Check Point provider's
// (v3.2.0) resource of the type, so that its users' configurations apply
// unchanged.
var ManagementTypes = slices.Concat(objectTypes, policyTypes, gatewayRows)

// objectTypes are the network objects, services and applications.
var objectTypes = []ManagementType{
	{
		Name: "host", Plural: "hosts", Category: "object", NoGroups: true,
		Doc: "A host: one machine, known by an IPv4 and/or an IPv6 address, usable wherever a network object is " +
			"(rules, groups, NAT). It may list its interfaces and the servers it runs, and have automatic NAT.",
		Fields: []Field{
			{Name: "ipv4-address", Kind: KindString, Rule: RuleIPv4, Doc: "IPv4 address."},
			{Name: "ipv6-address", Kind: KindString, Rule: RuleIPv6, Doc: "IPv6 address."},
			{Name: "interfaces", Kind: KindBlockList, Doc: "Interfaces of the host, each with its subnet.", Fields: []Field{
				{Name: "name", Kind: KindString, Doc: "Interface name."},
				{Name: "subnet4", Kind: KindString, Rule: RuleIPv4, Doc: "IPv4 network address of the interface."},
				{Name: "subnet6", Kind: KindString, Rule: RuleIPv6, Doc: "IPv6 network address of the interface."},
				{Name: "mask-length4", Kind: KindInt, Min: 0, Max: 32, Doc: "IPv4 mask length."},
				{Name: "mask-length6", Kind: KindInt, Min: 0, Max: 128, Doc: "IPv6 mask length."},
				{Name: "ignore-warnings", Kind: KindBool, WriteOnly: true, Doc: "Apply the interface's changes ignoring warnings."},
				{Name: "ignore-errors", Kind: KindBool, WriteOnly: true, Doc: "Apply the interface's changes ignoring errors."},
				{Name: "color", Kind: KindString, Values: Colors, Default: "black", Doc: "Color of the interface."},
				{Name: "comments", Kind: KindString, Doc: "Comments."},
			}},
			natSettings("host", false),
			{Name: "host-servers", Kind: KindBlock, Doc: "Servers the host runs (DNS, mail, web).", Fields: []Field{
				{Name: "dns-server", Kind: KindBool, Default: false, Doc: "The host is a DNS server."},
				{Name: "mail-server", Kind: KindBool, Default: false, Doc: "The host is a mail server."},
				{Name: "web-server", Kind: KindBool, Default: false, Doc: "The host is a web server."},
				{Name: "web-server-config", Kind: KindBlock, Doc: "The web server's settings, when web-server is true.", Fields: []Field{
					{Name: "additional-ports", Kind: KindStringSet, Rule: RulePort, Doc: "Ports the server listens on besides the standard one."},
					{Name: "application-engines", Kind: KindStringSet, Doc: "Application engines of the server."},
					{Name: "listen-standard-port", Kind: KindBool, Default: true, Doc: "Whether the server listens on the standard port (80)."},
					{Name: "operating-system", Kind: KindString, Default: "other",
						Values: []string{"sparc linux", "windows", "other", "x86 linux", "sparc solaris"}, Doc: "Operating system of the server."},
					{Name: "protected-by", Kind: KindString, Default: "97aeb368-9aea-11d5-bd16-0090272ccb30",
						Doc: "UID or name of the gateway that protects the server; the default UID is the \"Any\" object."},
				}},
			}},
		},
		Example: map[string]any{"name": "New Host 1", "ipv4-address": "192.0.2.1"},
		Change: map[string]any{
			"name": "New Host 1 renamed", "ipv4-address": "192.0.2.2", "ipv6-address": "2001:db8::2",
			"interfaces": []any{map[string]any{
				"name": "eth1", "subnet4": "198.51.100.0", "mask-length4": 24, "subnet6": "2001:db8:1::", "mask-length6": 64,
				"color": "blue", "comments": "uplink",
			}},
			// Static NAT to one address: hide-behind belongs to hide NAT.
			"nat-settings": map[string]any{"auto-rule": true, "method": "static", "ipv4-address": "203.0.113.2", "install-on": "All"},
			"host-servers": map[string]any{"dns-server": true, "mail-server": true, "web-server": true,
				"web-server-config": map[string]any{"additional-ports": []any{"8080", "8443"}, "application-engines": []any{"Apache"},
					"listen-standard-port": false, "operating-system": "x86 linux"}},
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "network", Plural: "networks", Category: "object", NoGroups: true,
		Doc: "A network: an IPv4 and/or IPv6 subnet given by its address and mask length, usable wherever a " +
			"network object is. The server works out the dotted subnet mask; broadcast says whether the " +
			"subnet's broadcast address belongs to it.",
		Fields: []Field{
			{Name: "subnet4", Kind: KindString, Rule: RuleIPv4, Doc: "IPv4 network address."},
			{Name: "subnet6", Kind: KindString, Rule: RuleIPv6, Doc: "IPv6 network address."},
			{Name: "mask-length4", Kind: KindInt, Min: 0, Max: 32, Doc: "IPv4 network mask length."},
			{Name: "mask-length6", Kind: KindInt, Min: 0, Max: 128, Doc: "IPv6 network mask length."},
			{Name: "subnet-mask", Kind: KindString, Rule: RuleIPv4, ReadOnly: true, Doc: "IPv4 network mask, derived from mask-length4."},
			natSettings("network", true),
			{Name: "broadcast", Kind: KindString, Default: "allow", Values: []string{"allow", "disallow"},
				Doc: "Whether the broadcast address is part of the network."},
		},
		Example: map[string]any{"name": "New Network 1", "subnet4": "192.0.2.0", "mask-length4": 32},
		Change: map[string]any{
			"name": "New Network 1 renamed", "subnet4": "198.51.100.0", "mask-length4": 24,
			"subnet6": "2001:db8:10::", "mask-length6": 64, "broadcast": "disallow",
			"nat-settings": map[string]any{"auto-rule": true, "method": "hide", "hide-behind": "gateway", "install-on": "All"},
			"comments":     "changed by the test", "color": "orange",
		},
	},
	{
		Name: "address-range", Plural: "address-ranges", Category: "object", NoGroups: true,
		Doc: "An address range: the IPv4 and/or IPv6 addresses from a first to a last one, inclusive, usable " +
			"wherever a network object is, with optional automatic NAT.",
		Fields: []Field{
			{Name: "ipv4-address-first", Kind: KindString, Rule: RuleIPv4, Doc: "First IPv4 address of the range."},
			{Name: "ipv6-address-first", Kind: KindString, Rule: RuleIPv6, Doc: "First IPv6 address of the range."},
			{Name: "ipv4-address-last", Kind: KindString, Rule: RuleIPv4, Doc: "Last IPv4 address of the range."},
			{Name: "ipv6-address-last", Kind: KindString, Rule: RuleIPv6, Doc: "Last IPv6 address of the range."},
			natSettings("address range", false),
		},
		Example: map[string]any{"name": "New Address Range 1", "ipv4-address-first": "192.0.2.1", "ipv4-address-last": "192.0.2.10"},
		Change: map[string]any{
			"name": "New Address Range 1 renamed", "ipv4-address-first": "192.0.2.20", "ipv4-address-last": "192.0.2.30",
			"ipv6-address-first": "2001:db8::20", "ipv6-address-last": "2001:db8::30",
			"nat-settings": map[string]any{"auto-rule": true, "method": "hide", "hide-behind": "ip-address", "ipv4-address": "203.0.113.20", "install-on": "All"},
			"comments":     "changed by the test", "color": "orange",
		},
	},
	{
		Name: "multicast-address-range", Plural: "multicast-address-ranges", Category: "object", NoGroups: true,
		Doc: "A multicast address range: one multicast address, or multicast addresses from a first to a last " +
			"one, for rules on multicast traffic.",
		Fields: []Field{
			{Name: "ipv4-address", Kind: KindString, Rule: RuleIPv4, Doc: "The IPv4 address of a range of one address."},
			{Name: "ipv6-address", Kind: KindString, Rule: RuleIPv6, Doc: "The IPv6 address of a range of one address."},
			{Name: "ipv4-address-first", Kind: KindString, Rule: RuleIPv4, Doc: "First IPv4 address of the range."},
			{Name: "ipv6-address-first", Kind: KindString, Rule: RuleIPv6, Doc: "First IPv6 address of the range."},
			{Name: "ipv4-address-last", Kind: KindString, Rule: RuleIPv4, Doc: "Last IPv4 address of the range."},
			{Name: "ipv6-address-last", Kind: KindString, Rule: RuleIPv6, Doc: "Last IPv6 address of the range."},
		},
		Example: map[string]any{"name": "New Multicast Address Range", "ipv4-address-first": "224.0.0.1", "ipv4-address-last": "224.0.0.4"},
		Change: map[string]any{
			"name": "New Multicast Address Range renamed", "ipv4-address-first": "224.0.0.10", "ipv4-address-last": "224.0.0.20",
			"ipv6-address-first": "ff02::10", "ipv6-address-last": "ff02::20",
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "group", Plural: "groups", Category: "object", NoGroups: true,
		Doc: "A group of network objects (hosts, networks, ranges, other groups ...), usable in a rule in place " +
			"of its members.",
		Fields: []Field{
			{Name: "members", Kind: KindStringSet, RefTypes: networkObjectTypes, Doc: "Network objects in the group, by name or UID."},
		},
		Example: map[string]any{"name": "New Group 4", "members": []any{"New Host 1", "New Network 1"}},
		Change: map[string]any{
			"name": "New Group 4 renamed", "members": []any{"New Host 1", "DMZNet"},
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "group-with-exclusion", Plural: "groups-with-exclusion", Category: "object", NoGroups: true,
		Doc: "A group with exclusion: the members of one group (include) that are not members of another " +
			"(except).",
		Fields: []Field{
			{Name: "except", Kind: KindString, RefTypes: []string{"group"}, Doc: "The group whose members are left out, by name or UID."},
			{Name: "include", Kind: KindString, RefTypes: []string{"group"}, Doc: "The group whose members are taken, by name or UID."},
		},
		Example:      map[string]any{"name": "Group with exclusion", "include": "New Group 4", "except": "New Group 5"},
		ExampleExtra: []ExampleObject{{Type: "group", Body: map[string]any{"name": "New Group 5", "members": []any{"New Address Range 1"}}}},
		Change: map[string]any{
			"name": "Group with exclusion renamed", "include": "New Group 5", "except": "New Group 4",
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "dns-domain", Plural: "dns-domains", Category: "object", NoGroups: true, NameRule: RuleDNSDomain,
		Doc: "A DNS domain: the addresses a domain name resolves to, for rules on traffic to a domain. Its name " +
			"is the domain, written with a leading dot; is-sub-domain makes it match the domain's sub-domains " +
			"as well.",
		Fields: []Field{
			{Name: "is-sub-domain", Kind: KindBool, Default: false, Doc: "Whether sub-domains of the domain match too."},
		},
		Example: map[string]any{"name": ".www.example.com", "is-sub-domain": false},
		Change: map[string]any{
			"name": ".www2.example.com", "is-sub-domain": true,
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "dynamic-object", Plural: "dynamic-objects", Category: "object", NoGroups: true,
		Doc: "A dynamic object: a name whose addresses each gateway resolves on its own at run time, so that " +
			"one policy can stand for different addresses on different gateways.",
		Example: map[string]any{"name": "Dynamic_Object_1", "comments": "My Dynamic Object 1", "color": "yellow"},
		Change:  map[string]any{"name": "Dynamic_Object_1_renamed", "comments": "changed by the test", "color": "orange"},
	},
	{
		Name: "security-zone", Plural: "security-zones", Category: "object", NoGroups: true,
		Doc: "A security zone: a name for the networks behind a set of gateway interfaces (internal, DMZ, " +
			"wireless ...), so that rules can speak of where traffic comes from or goes to without listing " +
			"addresses. Interfaces join a zone on the gateway's side; the object itself has only a name.",
		Example: map[string]any{"name": "SZone1", "comments": "My Security Zone 1", "color": "yellow"},
		Change:  map[string]any{"name": "SZone1 renamed", "comments": "changed by the test", "color": "orange"},
	},
	{
		Name: "wildcard", Plural: "wildcards", Category: "object", NoGroups: true,
		Doc: "A wildcard: the addresses that match an IPv4 and/or IPv6 address on the bits its wildcard mask " +
			"leaves clear (a set bit in the mask is a bit that may take any value), usable wherever a " +
			"network object is.",
		Fields: []Field{
			{Name: "ipv4-address", Kind: KindString, Rule: RuleIPv4, Doc: "IPv4 address."},
			{Name: "ipv4-mask-wildcard", Kind: KindString, Rule: RuleIPv4, Doc: "IPv4 wildcard mask: its set bits may take any value."},
			{Name: "ipv6-address", Kind: KindString, Rule: RuleIPv6, Doc: "IPv6 address."},
			{Name: "ipv6-mask-wildcard", Kind: KindString, Rule: RuleIPv6, Doc: "IPv6 wildcard mask: its set bits may take any value."},
		},
		Example: map[string]any{"name": "New Wildcard 1", "ipv4-address": "192.168.2.1", "ipv4-mask-wildcard": "0.0.0.128"},
		Change: map[string]any{
			"name": "New Wildcard 1 renamed", "ipv4-address": "192.168.3.0", "ipv4-mask-wildcard": "0.0.0.255",
			"ipv6-address": "2001:db8::", "ipv6-mask-wildcard": "::ffff",
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "tag", Plural: "tags", Category: "object", NoGroups: true,
		Doc: "A tag: a label objects list in their tags, to find and sort them. An object that names a tag " +
			"which does not exist creates it; a tag may itself have tags.",
		Example: map[string]any{"name": "My Tag", "tags": []any{"tag1", "tag2"}},
		Change:  map[string]any{"name": "My Tag renamed", "comments": "changed by the test", "color": "orange"},
	},
	{
		Name: "time", Plural: "times", Category: "object", NoGroups: true,
		Doc: "A time object: when a rule applies. It has a start (now, or a date and time) and an end (never, " +
			"or a date and time), and may narrow that span to up to three ranges of hours and to days of " +
			"the week or month. Each gateway reads the times in its own time zone.",
		Fields: []Field{
			{Name: "end", Kind: KindBlock, Doc: "When the object stops applying, unless end-never.", Fields: dateAndTime()},
			{Name: "end-never", Kind: KindBool, Default: true, Doc: "Whether the object applies without end."},
			{Name: "hours-ranges", Kind: KindBlockList, Doc: "Ranges of hours, within each valid day, when the object applies.", Fields: []Field{
				{Name: "enabled", Kind: KindBool, Doc: "Whether the range is in use."},
				{Name: "from", Kind: KindString, Rule: RuleHourMinute, Doc: "Start of the range, hh:mm."},
				{Name: "index", Kind: KindInt, Min: 1, Max: 3, Doc: "Which of the three ranges this is."},
				{Name: "to", Kind: KindString, Rule: RuleHourMinute, Doc: "End of the range, hh:mm."},
			}},
			{Name: "start", Kind: KindBlock, Doc: "When the object starts applying, unless start-now.", Fields: dateAndTime()},
			{Name: "start-now", Kind: KindBool, Default: true, Doc: "Whether the object applies from now."},
			{Name: "recurrence", Kind: KindBlock, Doc: "The days on which the object applies.", Fields: []Field{
				{Name: "days", Kind: KindStringSet, Rule: RuleDayOfMonth, Doc: "Days of the month, each a day (\"3\") or a range (\"9-20\"); for the Monthly pattern."},
				{Name: "month", Kind: KindString, Values: []string{"Any", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"},
					Doc: "Month (1-12) on which the object applies, or Any."},
				{Name: "pattern", Kind: KindString, Values: []string{"Daily", "Weekly", "Monthly", "Interval"}, Doc: "How days recur."},
				{Name: "weekdays", Kind: KindStringSet, Values: []string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"},
					Doc: "Days of the week; for the Weekly pattern."},
			}},
		},
		Example: map[string]any{"name": "time1"},
		Change: map[string]any{
			"name": "time2", "start-now": false, "start": map[string]any{"date": "01-Jan-2030", "time": "08:00"},
			"end-never": false, "end": map[string]any{"date": "31-Dec-2030", "time": "18:00"},
			"hours-ranges": []any{
				map[string]any{"enabled": true, "index": 1, "from": "08:00", "to": "12:00"},
				map[string]any{"enabled": true, "index": 2, "from": "13:00", "to": "17:00"},
			},
			// Weekly: weekdays, not days (which belong to Monthly).
			"recurrence": map[string]any{"pattern": "Weekly", "weekdays": []any{"Mon", "Fri"}, "month": "Any"},
			"comments":   "changed by the test", "color": "orange",
		},
	},
	{
		Name: "time-group", Plural: "time-groups", Category: "object", NoGroups: true,
		Doc: "A time group: time objects taken together, so that a rule applies during any of them.",
		Fields: []Field{
			{Name: "members", Kind: KindStringSet, RefTypes: []string{"time"}, Doc: "Time objects in the group, by name or UID."},
		},
		Example: map[string]any{"name": "timeGroup-1"},
		Change: map[string]any{
			"name": "timeGroup-1 renamed", "members": []any{"time1"},
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "service-tcp", Plural: "services-tcp", Category: "service", NoGroups: true,
		Doc: "A TCP service: traffic to a TCP port or range of ports (optionally from given source ports), " +
			"with its session timeout, aggressive aging and, through protocol, the inspection the gateway " +
			"applies to it.",
		Fields: []Field{
			{Name: "port", Kind: KindString, Rule: RulePort, Doc: "Destination port, or range of ports (44-55, >1024, <1024)."},
			aggressiveAging([4]any{int64(0), true, int64(600), true}),
			keepConnectionsOpen(),
			{Name: "match-by-protocol-signature", Kind: KindBool, Default: false,
				Doc: "Whether traffic must also match the protocol's signature, not only the port."},
			{Name: "match-for-any", Kind: KindBool, Default: true,
				Doc: "Whether the service is matched when a rule's service is Any and several services share the port."},
			overrideDefaultSettings(),
			{Name: "protocol", Kind: KindString, Doc: "Protocol type, which selects the gateway's protocol handler for the service."},
			{Name: "session-timeout", Kind: KindInt, Default: int64(3600), Min: 0, Max: int32Max, Doc: "Idle seconds before the session times out."},
			{Name: "source-port", Kind: KindString, Rule: RulePort, Doc: "Source port, or range of ports, that the service matches; any when unset."},
			syncConnections(),
			useDefaultSessionTimeout(),
		},
		Example: map[string]any{
			"name": "New_TCP_Service_1", "port": "5669", "keep-connections-open-after-policy-installation": false,
			"session-timeout": 0, "match-for-any": true, "sync-connections-on-cluster": true,
			"aggressive-aging": map[string]any{"enable": true, "timeout": 360, "use-default-timeout": false},
		},
		Change: map[string]any{
			"name": "New_TCP_Service_1_renamed", "port": "5670-5680", "source-port": "1024-65535",
			"aggressive-aging": map[string]any{"enable": false, "timeout": 120, "use-default-timeout": true, "default-timeout": 300},
			"keep-connections-open-after-policy-installation": true,
			// Matching by signature needs a protocol that has one.
			"protocol": "HTTP", "match-by-protocol-signature": true,
			"match-for-any": false, "override-default-settings": true,
			"session-timeout": 1800, "use-default-session-timeout": false, "sync-connections-on-cluster": false,
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "service-udp", Plural: "services-udp", Category: "service", NoGroups: true,
		Doc: "A UDP service: traffic to a UDP port or range of ports (optionally from given source ports), " +
			"with its virtual session timeout, whether replies are accepted, and aggressive aging.",
		Fields: []Field{
			{Name: "accept-replies", Kind: KindBool, Default: true, Doc: "Whether replies to the service's packets are accepted."},
			aggressiveAging([4]any{int64(0), true, int64(600), true}),
			keepConnectionsOpen(),
			{Name: "match-by-protocol-signature", Kind: KindBool, Default: false,
				Doc: "Whether traffic must also match the protocol's signature, not only the port."},
			{Name: "match-for-any", Kind: KindBool, Default: true,
				Doc: "Whether the service is matched when a rule's service is Any and several services share the port."},
			overrideDefaultSettings(),
			{Name: "port", Kind: KindString, Rule: RulePort, Doc: "Destination port, or range of ports (44-55, >1024, <1024)."},
			{Name: "protocol", Kind: KindString, Doc: "Protocol type, which selects the gateway's protocol handler for the service."},
			{Name: "session-timeout", Kind: KindInt, Default: int64(40), Min: 0, Max: int32Max, Doc: "Idle seconds before the virtual session times out."},
			{Name: "source-port", Kind: KindString, Rule: RulePort, Doc: "Source port, or range of ports, that the service matches; any when unset."},
			syncConnections(),
			useDefaultSessionTimeout(),
		},
		Example: map[string]any{
			"name": "New_UDP_Service_1", "port": "5669", "keep-connections-open-after-policy-installation": false,
			"session-timeout": 0, "match-for-any": true, "sync-connections-on-cluster": true,
			"aggressive-aging": map[string]any{"enable": true, "timeout": 360, "use-default-timeout": false},
			"accept-replies":   false,
		},
		Change: map[string]any{
			"name": "New_UDP_Service_1_renamed", "port": "5670-5680", "source-port": "1024-65535", "accept-replies": true,
			"aggressive-aging": map[string]any{"enable": false, "timeout": 120, "use-default-timeout": true, "default-timeout": 300},
			"keep-connections-open-after-policy-installation": true,
			"protocol": "SNMP", "match-by-protocol-signature": true,
			"match-for-any": false, "override-default-settings": true,
			"session-timeout": 120, "use-default-session-timeout": false, "sync-connections-on-cluster": false,
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "service-icmp", Plural: "services-icmp", Category: "service", NoGroups: true,
		Doc:     "An ICMP service: ICMP messages of one type and code (as IANA lists them).",
		Fields:  icmpFields("ICMP"),
		Example: map[string]any{"name": "Icmp1", "icmp-type": 5, "icmp-code": 7},
		Change: map[string]any{
			// Destination unreachable (3), host unreachable (1).
			"name": "Icmp1 renamed", "icmp-type": 3, "icmp-code": 1,
			"keep-connections-open-after-policy-installation": true,
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "service-icmp6", Plural: "services-icmp6", Category: "service", NoGroups: true,
		Doc:     "An ICMPv6 service: ICMPv6 messages of one type and code (as IANA lists them).",
		Fields:  icmpFields("ICMPv6"),
		Example: map[string]any{"name": "Icmp6-1", "icmp-type": 5, "icmp-code": 7},
		Change: map[string]any{
			// Destination unreachable (1), port unreachable (4).
			"name": "Icmp1 renamed", "icmp-type": 1, "icmp-code": 4,
			"keep-connections-open-after-policy-installation": true,
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "service-sctp", Plural: "services-sctp", Category: "service", NoGroups: true,
		Doc: "An SCTP service: traffic to an SCTP port or range of ports (optionally from given source ports), " +
			"with its session timeout and aggressive aging.",
		Fields: []Field{
			aggressiveAging([4]any{int64(0), true, int64(600), true}),
			keepConnectionsOpen(),
			{Name: "match-for-any", Kind: KindBool, Default: true,
				Doc: "Whether the service is matched when a rule's service is Any and several services share the port."},
			{Name: "port", Kind: KindString, Rule: RulePort, Doc: "Destination port, or range of ports (44-55, >1024, <1024)."},
			{Name: "session-timeout", Kind: KindInt, Default: int64(3600), Min: 0, Max: int32Max, Doc: "Idle seconds before the session times out."},
			{Name: "source-port", Kind: KindString, Rule: RulePort, Doc: "Source port, or range of ports, that the service matches; any when unset."},
			syncConnections(),
			useDefaultSessionTimeout(),
		},
		Example: map[string]any{
			"name": "New_SCTP_Service_1", "port": "5669", "keep-connections-open-after-policy-installation": false,
			"session-timeout": 100, "match-for-any": true, "sync-connections-on-cluster": true,
		},
		Change: map[string]any{
			"name": "New_SCTP_Service_1_renamed", "port": "5670-5680", "source-port": "1024-65535",
			"aggressive-aging": map[string]any{"enable": false, "timeout": 120, "use-default-timeout": true, "default-timeout": 300},
			"keep-connections-open-after-policy-installation": true, "match-for-any": false,
			"session-timeout": 1800, "use-default-session-timeout": false, "sync-connections-on-cluster": false,
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "service-other", Plural: "services-other", Category: "service", NoGroups: true,
		Doc: "Another service: traffic of an IP protocol number (ESP is 51), or traffic an INSPECT expression " +
			"(match) describes, with an optional INSPECT action when a rule with it matches.",
		Fields: []Field{
			{Name: "accept-replies", Kind: KindBool, Default: false, Doc: "Whether replies to the service's packets are accepted."},
			{Name: "action", Kind: KindString, Doc: "INSPECT expression run when a rule with the service matches."},
			aggressiveAging([4]any{int64(600), true, int64(600), true}),
			{Name: "ip-protocol", Kind: KindInt, Min: 0, Max: 255, Doc: "IP protocol number."},
			keepConnectionsOpen(),
			{Name: "match", Kind: KindString, Doc: "INSPECT expression a connection's first packet must match."},
			{Name: "match-for-any", Kind: KindBool, Default: false,
				Doc: "Whether the service is matched when a rule's service is Any and several services share the protocol."},
			overrideDefaultSettings(),
			{Name: "session-timeout", Kind: KindInt, Default: int64(3600), Min: 0, Max: int32Max, Doc: "Idle seconds before the session times out."},
			syncConnections(),
			useDefaultSessionTimeout(),
		},
		Example: map[string]any{
			"name": "New_Service_1", "keep-connections-open-after-policy-installation": false, "session-timeout": 100,
			"match-for-any": true, "sync-connections-on-cluster": true, "ip-protocol": 51,
		},
		Change: map[string]any{
			// ESP (50): an IP protocol; match narrows it to incoming traffic.
			"name": "New_Service_1_renamed", "ip-protocol": 50, "match": "direction = 0", "action": "accept",
			"accept-replies":   true,
			"aggressive-aging": map[string]any{"enable": false, "timeout": 120, "use-default-timeout": false, "default-timeout": 300},
			"keep-connections-open-after-policy-installation": true, "match-for-any": false, "override-default-settings": true,
			"session-timeout": 1800, "use-default-session-timeout": false, "sync-connections-on-cluster": false,
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "service-group", Plural: "service-groups", Category: "service", NoGroups: true,
		Doc: "A service group: services (of any protocol, and other service groups) taken together, usable in a " +
			"rule's service column in place of its members.",
		Fields: []Field{
			{Name: "members", Kind: KindStringSet, RefTypes: serviceTypes, Doc: "Services in the group, by name or UID."},
		},
		Example: map[string]any{"name": "New Service Group 1", "members": []any{"https", "bootp", "nisplus", "HP-OpCdistm"}},
		Change: map[string]any{
			"name": "New Service Group 1 renamed", "members": []any{"http", "ssh", "domain-udp"},
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "application-site", Plural: "application-sites", Category: "application", NoGroups: true,
		Doc: "A custom application or site for Application and URL Filtering: the URLs (plain or regular " +
			"expressions) or the application signature that identify it, and the categories it falls in.",
		Fields: []Field{
			{Name: "additional-categories", Kind: KindStringSet, RefTypes: []string{"application-site-category"},
				Doc: "Categories besides the primary one, by name or UID."},
			{Name: "description", Kind: KindString, Doc: "What the application or site is."},
			{Name: "primary-category", Kind: KindString, RefTypes: []string{"application-site-category"},
				Doc: "The category that defines the application or site best, by name or UID."},
			{Name: "url-list", Kind: KindStringSet, Doc: "URLs that identify the application or site."},
			{Name: "application-signature", Kind: KindString, Doc: "Application signature, as Check Point's signature tool writes it; instead of url-list."},
			{Name: "urls-defined-as-regular-expression", Kind: KindBool, Default: false,
				Doc: "Whether each URL of url-list is a regular expression."},
		},
		Example: map[string]any{
			"name": "New Application Site 1", "primary-category": "Social Networking", "description": "My Application Site",
			"additional-categories":              []any{"Instant Chat", "Supports Streaming", "New Application Site Category 1"},
			"url-list":                           []any{"www.cnet.com", "www.stackoverflow.com"},
			"urls-defined-as-regular-expression": false,
		},
		Change: map[string]any{
			"name": "New Application Site 1 renamed", "primary-category": "Shopping", "description": "Changed by the test",
			"additional-categories":              []any{"Gambling", "New Application Site Category 1"},
			"url-list":                           []any{`(www\.)?example\.com`, `shop\.example\.net`},
			"urls-defined-as-regular-expression": true,
			"comments":                           "changed by the test", "color": "orange",
		},
	},
	{
		Name: "application-site-category", Plural: "application-site-categories", Category: "application", NoGroups: true,
		Doc: "A custom category of applications and sites, for Application and URL Filtering rules and as an " +
			"application site's primary or additional category.",
		Fields: []Field{
			{Name: "description", Kind: KindString, Doc: "What the category holds."},
		},
		Example: map[string]any{"name": "New Application Site Category 1", "description": "My Application Site category"},
		Change: map[string]any{
			"name": "New Application Site Category 1 renamed", "description": "Changed by the test",
			"comments": "changed by the test", "color": "orange",
		},
	},
	{
		Name: "application-site-group", Plural: "application-site-groups", Category: "application", NoGroups: true,
		Doc: "A group of applications, sites and categories, usable in an Application and URL Filtering rule " +
			"in place of its members.",
		Fields: []Field{
			{Name: "members", Kind: KindStringSet, RefTypes: []string{"application-site", "application-site-category", "application-site-group"},
				Doc: "Applications, sites, categories and groups of them in the group, by name or UID."},
		},
		Example: map[string]any{
			"name":    "New Application Site Group 1",
			"members": []any{"Facebook", "Social Networking", "New Application Site 1", "New Application Site Category 1"},
		},
		Change: map[string]any{
			"name":     "New Application Site Group 1 renamed",
			"members":  []any{"LinkedIn", "Shopping", "New Application Site 1"},
			"comments": "changed by the test", "color": "orange",
		},
	},
}

// serviceTypes are the rows a service group may hold.
var serviceTypes = []string{
	"service-tcp", "service-udp", "service-icmp", "service-icmp6", "service-sctp", "service-other", "service-group",
	"service-rpc", "service-dce-rpc",
}

// PredefinedOnlyTypes are types of objects that a server holds predefined
// (the RPC services such as nisplus, the gateway corporate-gateway, the
// RADIUS and TACACS servers) and that a reference may name, but that no
// row manages. (The predefined gateways are simple-gateway objects, a row
// of gatewayRows.)
var PredefinedOnlyTypes = []string{"service-rpc", "service-dce-rpc", "radius-server", "tacacs-server"}

// networkObjectTypes are the rows a group may hold.
var networkObjectTypes = []string{
	"host", "network", "address-range", "multicast-address-range", "group", "group-with-exclusion",
	"dns-domain", "dynamic-object", "wildcard",
}

// natSettings is the automatic NAT block of hosts, networks and address
// ranges. noAutoRuleDefault leaves auto-rule without a default: upstream's
// network resource has none, its host and address-range resources default
// it to false.
func natSettings(what string, noAutoRuleDefault bool) Field {
	autoRule := Field{Name: "auto-rule", Kind: KindBool, Default: false, Doc: "Whether to add automatic address translation rules."}
	if noAutoRuleDefault {
		autoRule.Default = nil
	}
	return Field{Name: "nat-settings", Kind: KindBlock, Doc: "Automatic NAT of the " + what + ".", Fields: []Field{
		autoRule,
		{Name: "ipv4-address", Kind: KindString, Rule: RuleIPv4, Doc: "IPv4 address to translate to, when hide-behind is ip-address or method is static."},
		{Name: "ipv6-address", Kind: KindString, Rule: RuleIPv6, Doc: "IPv6 address to translate to, when hide-behind is ip-address or method is static."},
		{Name: "hide-behind", Kind: KindString, Values: []string{"gateway", "ip-address"}, Doc: "What hide NAT hides behind."},
		{Name: "install-on", Kind: KindString, Doc: "Gateway the NAT rules are installed on, by name or UID, or \"All\"."},
		{Name: "method", Kind: KindString, Values: []string{"hide", "static"}, Doc: "NAT method."},
	}}
}

// dateAndTime are the fields of a time object's start and end.
func dateAndTime() []Field {
	return []Field{
		{Name: "date", Kind: KindString, Rule: RuleDate, Doc: "Date, dd-Mmm-yyyy."},
		{Name: "time", Kind: KindString, Rule: RuleHourMinute, Doc: "Time of day, hh:mm."},
	}
}

// aggressiveAging is the aggressive-aging block of TCP, UDP, SCTP and other
// services. defaults are those of default-timeout, enable, timeout and
// use-default-timeout: upstream's SCTP and other services declare them; its
// TCP and UDP services declare none, but the server answers every field of
// the block once it is set, so a field left out of the block has the
// server's value, and an import reads what the configuration wrote.
func aggressiveAging(defaults [4]any) Field {
	return Field{Name: "aggressive-aging", Kind: KindBlock, Doc: "Short (aggressive) timeouts for idle connections.", Fields: []Field{
		{Name: "default-timeout", Kind: KindInt, Min: 0, Max: int32Max, Default: defaults[0], Doc: "Default aggressive aging timeout, in seconds."},
		{Name: "enable", Kind: KindBool, Default: defaults[1], Doc: "Whether aggressive aging is on."},
		{Name: "timeout", Kind: KindInt, Min: 0, Max: int32Max, Default: defaults[2], Doc: "Aggressive aging timeout, in seconds."},
		{Name: "use-default-timeout", Kind: KindBool, Default: defaults[3], Doc: "Whether default-timeout applies instead of timeout."},
	}}
}

// The fields below are alike in several services.

func keepConnectionsOpen() Field {
	return Field{Name: "keep-connections-open-after-policy-installation", Kind: KindBool, Default: false,
		Doc: "Whether open connections survive a policy installation that no longer allows them."}
}

func overrideDefaultSettings() Field {
	return Field{Name: "override-default-settings", Kind: KindBool, Default: false,
		Doc: "Whether this is a Data Domain service whose settings were overridden."}
}

func syncConnections() Field {
	return Field{Name: "sync-connections-on-cluster", Kind: KindBool, Default: true,
		Doc: "Whether the service's connections are synchronized between cluster members."}
}

func useDefaultSessionTimeout() Field {
	return Field{Name: "use-default-session-timeout", Kind: KindBool, Default: true,
		Doc: "Whether the default session timeout applies instead of session-timeout."}
}

func icmpFields(proto string) []Field {
	return []Field{
		{Name: "icmp-code", Kind: KindInt, Default: int64(0), Min: 0, Max: 255, Doc: proto + " code."},
		{Name: "icmp-type", Kind: KindInt, Default: int64(0), Min: 0, Max: 255, Doc: proto + " type."},
		keepConnectionsOpen(),
	}
}

// int32Max bounds timeouts, which the server keeps as 32-bit numbers.
const int32Max = math.MaxInt32
