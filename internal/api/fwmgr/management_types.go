package fwmgr

import "math"

// ManagementTypes are the object types of the management API (see
// management.go), in the order the docs list them. Each row has the
// Terraform shape of the upstream Check Point provider's (v3.2.0) resource
// of the type, so that its users' configurations apply unchanged.
var ManagementTypes = []ManagementType{
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
	},
	{
		Name: "group", Plural: "groups", Category: "object", NoGroups: true,
		Doc: "A group of network objects (hosts, networks, ranges, other groups ...), usable in a rule in place " +
			"of its members.",
		Fields: []Field{
			{Name: "members", Kind: KindStringSet, RefTypes: networkObjectTypes, Doc: "Network objects in the group, by name or UID."},
		},
		Example: map[string]any{"name": "New Group 4", "members": []any{"New Host 1", "My Test Host 3"}},
	},
	{
		Name: "group-with-exclusion", Plural: "groups-with-exclusion", Category: "object", NoGroups: true,
		Doc: "A group with exclusion: the members of one group (include) that are not members of another " +
			"(except).",
		Fields: []Field{
			{Name: "except", Kind: KindString, RefTypes: []string{"group"}, Doc: "The group whose members are left out, by name or UID."},
			{Name: "include", Kind: KindString, RefTypes: []string{"group"}, Doc: "The group whose members are taken, by name or UID."},
		},
		Example: map[string]any{"name": "Group with exclusion", "include": "New Group 1", "except": "New Group 2"},
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
	},
	{
		Name: "dynamic-object", Plural: "dynamic-objects", Category: "object", NoGroups: true,
		Doc: "A dynamic object: a name whose addresses each gateway resolves on its own at run time, so that " +
			"one policy can stand for different addresses on different gateways.",
		Example: map[string]any{"name": "Dynamic_Object_1", "comments": "My Dynamic Object 1", "color": "yellow"},
	},
	{
		Name: "security-zone", Plural: "security-zones", Category: "object", NoGroups: true,
		Doc: "A security zone: a name for the networks behind a set of gateway interfaces (internal, DMZ, " +
			"wireless ...), so that rules can speak of where traffic comes from or goes to without listing " +
			"addresses. Interfaces join a zone on the gateway's side; the object itself has only a name.",
		Example: map[string]any{"name": "SZone1", "comments": "My Security Zone 1", "color": "yellow"},
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
	},
	{
		Name: "tag", Plural: "tags", Category: "object", NoGroups: true,
		Doc: "A tag: a label objects list in their tags, to find and sort them. An object that names a tag " +
			"which does not exist creates it; a tag may itself have tags.",
		Example: map[string]any{"name": "My Tag", "tags": []any{"tag1", "tag2"}},
	},
}

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

// int32Max bounds timeouts, which the server keeps as 32-bit numbers.
const int32Max = math.MaxInt32
