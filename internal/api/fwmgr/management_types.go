package fwmgr

// ManagementTypes are the object types of the management API (see
// management.go), in the order the docs list them.
var ManagementTypes = []ManagementType{
	{
		Name: "host", Plural: "hosts", Category: "object",
		Doc: "A host: one IPv4 and/or IPv6 address, usable wherever a network object is.",
		Fields: []Field{
			{Name: "ipv4-address", Kind: KindString, Rule: RuleIPv4, Doc: "IPv4 address."},
			{Name: "ipv6-address", Kind: KindString, Rule: RuleIPv6, Doc: "IPv6 address."},
		},
		Example: map[string]any{"name": "New Host 1", "ipv4-address": "192.0.2.1"},
	},
}
