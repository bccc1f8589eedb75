package fwmgr

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A row's Example must pass its own fields' checks, or the docs and the
// sandbox's tests would show a body the server refuses.
func TestManagementTypeExamplesPassTheirChecks(t *testing.T) {
	for _, mt := range ManagementTypes {
		t.Run(mt.Name, func(t *testing.T) {
			require.NotEmpty(t, mt.Example, "example")
			// Through JSON, as the sandbox sees the body.
			raw, err := json.Marshal(mt.Example)
			require.NoError(t, err)
			var body map[string]any
			require.NoError(t, json.Unmarshal(raw, &body))
			for key, v := range body {
				f, ok := mt.Field(key)
				if assert.True(t, ok, "example field %q is not a field of the type", key) {
					assert.False(t, f.ReadOnly, "example sets read-only %q", key)
					assert.NoError(t, f.Check(v))
				}
			}
			for _, f := range mt.AllFields() {
				if f.Required {
					assert.Contains(t, body, f.Name, "required field missing from the example")
				}
			}
		})
	}
}

func TestManagementTypeTableIsConsistent(t *testing.T) {
	names, plurals := map[string]bool{}, map[string]bool{}
	for _, mt := range ManagementTypes {
		names[mt.Name] = true
	}
	require.Len(t, names, len(ManagementTypes), "row names are not unique")
	for _, mt := range ManagementTypes {
		t.Run(mt.Name, func(t *testing.T) {
			assert.False(t, plurals[mt.Plural], "plural %q is not unique", mt.Plural)
			plurals[mt.Plural] = true
			assert.NotEmpty(t, mt.Plural)
			assert.Contains(t, []string{"object", "service", "application", "policy", "user"}, mt.Category)
			assert.NotEmpty(t, mt.Doc)
			assert.NoError(t, CheckRule(mt.NameRule, exampleName(mt)), "example name")
			checkFields(t, names, mt.Name, mt.AllFields())
		})
	}
}

func exampleName(mt ManagementType) string {
	s, _ := mt.Example["name"].(string)
	return s
}

// checkFields checks one level of fields (a type's, or a block's) and the
// levels below.
func checkFields(t *testing.T, rows map[string]bool, path string, fields []Field) {
	t.Helper()
	seen := map[string]bool{}
	attrs := map[string]bool{}
	for _, f := range fields {
		p := path + "." + f.Name
		assert.False(t, seen[f.Name], "%s: duplicate field", p)
		assert.False(t, attrs[f.Attribute()], "%s: duplicate attribute %q", p, f.Attribute())
		seen[f.Name], attrs[f.Attribute()] = true, true
		assert.NotEmpty(t, f.Doc, "%s: doc", p)
		assert.False(t, f.WriteOnly && f.ReadOnly, "%s: both write-only and read-only", p)
		assert.False(t, f.Required && (f.Default != nil || f.ReadOnly), "%s: required with a default or read-only", p)
		isString := f.Kind == KindString || f.Kind == KindStringSet || f.Kind == KindStringList
		isBlock := f.Kind == KindBlock || f.Kind == KindBlockList || f.Kind == KindBlockSet
		for _, ref := range f.RefTypes {
			assert.True(t, ref == "*" || rows[ref] || slices.Contains(PredefinedOnlyTypes, ref), "%s: RefTypes %q is no row", p, ref)
		}
		if len(f.RefTypes) > 0 {
			// A list of references is ordered (a package's layers).
			assert.True(t, f.Kind == KindString || f.Kind == KindStringSet || f.Kind == KindStringList,
				"%s: a reference is a string, a set or a list", p)
		}
		if f.Secret {
			assert.True(t, f.WriteOnly && f.Kind == KindString && !f.Required && f.Default == nil && !f.ForceNew,
				"%s: a secret is an optional write-only string without default", p)
		}
		if f.Kind == KindBlockSet {
			for _, sub := range f.Fields {
				assert.False(t, sub.Secret, "%s.%s: a set block cannot hold a secret (Terraform has no write-only argument in a set)", p, sub.Name)
			}
		}
		if len(f.Values) > 0 {
			assert.True(t, isString, "%s: values of a non-string", p)
			assert.Len(t, f.Values, len(slicesCompactSorted(f.Values)), "%s: duplicate values", p)
			for _, v := range f.Values {
				assert.NotEmpty(t, v, "%s: empty value", p)
			}
		}
		if f.Min != 0 || f.Max != 0 {
			assert.Equal(t, KindInt, f.Kind, "%s: bounds of a non-integer", p)
			assert.Greater(t, f.Max, f.Min, "%s: bounds", p)
		}
		if f.Rule != "" {
			assert.True(t, isString, "%s: rule of a non-string", p)
			assert.Contains(t, Rules, f.Rule, "%s: unknown rule", p)
		}
		assert.Equal(t, isBlock, len(f.Fields) > 0, "%s: nested fields are for blocks, and a block has some", p)
		if f.Default != nil {
			switch f.Kind {
			case KindString:
				assert.IsType(t, "", f.Default, "%s: default", p)
			case KindInt:
				assert.IsType(t, int64(0), f.Default, "%s: default", p)
			case KindBool:
				assert.IsType(t, false, f.Default, "%s: default", p)
			default:
				t.Errorf("%s: a default of kind %d", p, f.Kind)
			}
			assert.NoError(t, f.Check(f.Default), "%s: default", p)
		}
		if isBlock {
			checkFields(t, rows, p, f.Fields)
		}
	}
}

func slicesCompactSorted(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return slices.Compact(c)
}

func TestLookupManagementType(t *testing.T) {
	for _, mt := range ManagementTypes {
		got, ok := LookupManagementType(mt.Name)
		require.True(t, ok, mt.Name)
		assert.Equal(t, mt.Name, got.Name)
		got, ok = LookupManagementTypeByPlural(mt.Plural)
		require.True(t, ok, mt.Plural)
		assert.Equal(t, mt.Name, got.Name)
	}
	_, ok := LookupManagementType("hosts")
	assert.False(t, ok, "a plural is not a name")
	_, ok = LookupManagementTypeByPlural("host")
	assert.False(t, ok, "a name is not a plural")
	_, ok = LookupManagementType("")
	assert.False(t, ok)
}

func TestAllFieldsOrder(t *testing.T) {
	mt, ok := LookupManagementType("host")
	require.True(t, ok)
	all := mt.AllFields()
	require.NotEmpty(t, all)
	assert.Equal(t, Field{Name: "name", Kind: KindString, Required: true, Doc: all[0].Doc}, all[0])
	assert.NotEmpty(t, all[0].Doc)
	assert.Equal(t, CommonFields, all[1:1+len(CommonFields)])
	assert.Equal(t, mt.Fields, all[1+len(CommonFields):], "NoGroups: no groups field before the type's own")

	withGroups := ManagementType{Name: "x", Fields: []Field{{Name: "a", Kind: KindBool, Doc: "a"}}}
	all = withGroups.AllFields()
	assert.Equal(t, GroupsField, all[1+len(CommonFields)])
	assert.Equal(t, "a", all[len(all)-1].Name)

	// A new slice each call: a caller's change does not reach the table.
	all[0].Name = "changed"
	assert.Equal(t, "name", withGroups.AllFields()[0].Name)

	dns, ok := LookupManagementType("dns-domain")
	require.True(t, ok)
	assert.Equal(t, RuleDNSDomain, dns.AllFields()[0].Rule)
}

func TestCheckRule(t *testing.T) {
	cases := map[string]struct{ good, bad []string }{
		RuleIPv4: {
			good: []string{"192.0.2.1", "0.0.0.0", "255.255.255.255", "0.0.0.128"},
			bad:  []string{"10.0.0.300", "10.0.0", "2001:db8::1", "::ffff:10.0.0.1", "010.0.0.1", "", " 10.0.0.1", "host"},
		},
		RuleIPv6: {
			good: []string{"2001:db8::1", "::", "::1", "fe80::1:2:3:4", "2001:0db8:0000:0000:0000:0000:0000:0001"},
			bad:  []string{"192.0.2.1", "2001:db8::g", "fe80::1%eth0", "2001:db8:::1", ""},
		},
		RulePort: {
			good: []string{"1", "80", "5669", "65535", "44-55", "80-80", ">1024", "<1024", ">65534", "<2"},
			bad:  []string{"0", "65536", "55-44", "-5", "5-", "a", "", "080", ">65535", "<1", ">", "1-2-3", " 80"},
		},
		RuleDate: {
			good: []string{"01-Jan-1970", "29-Feb-2024", "31-Dec-2030"},
			bad:  []string{"1-Jan-1970", "32-Jan-1970", "29-Feb-2023", "2030-05-30", "01-01-1970", "01-January-1970", ""},
		},
		RuleHourMinute: {
			good: []string{"00:00", "08:00", "17:00", "23:59"},
			bad:  []string{"24:00", "8:00", "12:60", "12:5", "1200", "", "12:00:00"},
		},
		RuleDNSDomain: {
			good: []string{".www.example.com", ".example.com", ".a-b.example", ".com"},
			bad:  []string{"www.example.com", ".", "..com", ".www..com", ".-a.com", ".a-.com", ".a b.com", ""},
		},
		RuleDayOfMonth: {
			good: []string{"1", "3", "31", "9-20", "5-5"},
			bad:  []string{"0", "32", "20-9", "9-32", "a", "", "01"},
		},
	}
	for _, rule := range Rules {
		c, ok := cases[rule]
		require.True(t, ok, "no cases for rule %q", rule)
		t.Run(rule, func(t *testing.T) {
			for _, v := range c.good {
				assert.NoError(t, CheckRule(rule, v), "%q", v)
			}
			for _, v := range c.bad {
				err := CheckRule(rule, v)
				if assert.Error(t, err, "%q", v) {
					assert.Contains(t, err.Error(), fmt.Sprintf("%q is not ", v))
				}
			}
		})
	}
	assert.NoError(t, CheckRule("", "anything"))
	assert.ErrorContains(t, CheckRule("no-such-rule", "x"), `unknown rule "no-such-rule"`)
}

func TestFieldCheck(t *testing.T) {
	host, _ := LookupManagementType("host")
	field := func(name string) Field {
		f, ok := host.Field(name)
		require.True(t, ok, name)
		return f
	}
	cases := []struct {
		field Field
		value any
		err   string // "" for valid
	}{
		{field("ipv4-address"), "10.0.0.1", ""},
		{field("ipv4-address"), "10.0.0.300", `ipv4-address: "10.0.0.300" is not an IPv4 address`},
		{field("ipv4-address"), 10.0, `ipv4-address: 10 is not a string`},
		{field("ipv4-address"), nil, ""},
		{field("name"), nil, `name: is required`},
		{field("color"), "blue", ""},
		{field("color"), "not a color", `color: "not a color" is not one of aquamarine, black`},
		{field("tags"), []any{"tag1", "tag2"}, ""},
		{field("tags"), []any{"tag1", 2.0}, `tags[1]: 2 is not a string`},
		{field("tags"), []any{"tag1", " "}, `tags[1]: " " is not a name or UID`},
		{field("tags"), "tag1", `tags: "tag1" is not an array of strings`},
		{field("ignore-warnings"), true, ""},
		{field("ignore-warnings"), "true", `ignore-warnings: "true" is not a boolean`},
		{field("nat-settings"), map[string]any{"auto-rule": true, "method": "hide", "hide-behind": "gateway"}, ""},
		{field("nat-settings"), map[string]any{"method": "dynamic"}, `nat-settings.method: "dynamic" is not one of hide, static`},
		{field("nat-settings"), map[string]any{"ipv4-address": "1.2.3"}, `nat-settings.ipv4-address: "1.2.3" is not an IPv4 address`},
		{field("nat-settings"), map[string]any{"auto_rule": true}, `nat-settings: unknown field "auto_rule"`},
		{field("nat-settings"), []any{map[string]any{}}, `nat-settings: [{}] is not an object`},
		{field("interfaces"), []any{map[string]any{"name": "eth0", "subnet4": "10.0.0.0", "mask-length4": 24.0}}, ""},
		{field("interfaces"), []any{map[string]any{"mask-length4": 33.0}}, `interfaces[0].mask-length4: 33 is not within 0-32`},
		{field("interfaces"), []any{map[string]any{"mask-length4": 24.5}}, `interfaces[0].mask-length4: 24.5 is not an integer`},
		{field("interfaces"), []any{"eth0"}, `interfaces[0]: "eth0" is not an object`},
		{field("host-servers"), map[string]any{"web-server-config": map[string]any{"additional-ports": []any{"8080", "99999"}}},
			`host-servers.web-server-config.additional-ports[1]: "99999" is not a port`},
		{field("host-servers"), map[string]any{"web-server-config": map[string]any{"operating-system": "windows"}}, ""},
		{Field{Name: "m", Kind: KindStringMap}, map[string]any{"a": "b"}, ""},
		{Field{Name: "m", Kind: KindStringMap}, map[string]any{"a": 1.0}, `m.a: 1 is not a string`},
		{Field{Name: "b", Kind: KindBlock, Fields: []Field{{Name: "r", Kind: KindString, Required: true}}}, map[string]any{}, `b.r: is required`},
		{Field{Name: "n", Kind: KindInt}, json.Number("12"), ""},
		{Field{Name: "n", Kind: KindInt}, int64(-3), ""},
		{Field{Name: "n", Kind: KindInt}, true, `n: true is not an integer`},
	}
	for _, c := range cases {
		err := c.field.Check(c.value)
		if c.err == "" {
			assert.NoError(t, err, "%s = %#v", c.field.Name, c.value)
		} else {
			assert.ErrorContains(t, err, c.err, "%s = %#v", c.field.Name, c.value)
		}
	}
}

// upstreamKinds are the SDKv2 schema types of upstream's resources that
// each kind stands for ("TypeList1": a list of at most one block).
var upstreamKinds = map[FieldKind]string{
	KindString: "TypeString", KindInt: "TypeInt", KindBool: "TypeBool",
	KindStringList: "TypeList", KindStringSet: "TypeSet", KindStringMap: "TypeMap",
	KindBlock: "TypeList1", KindBlockList: "TypeList", KindBlockSet: "TypeSet",
}

func attributePaths(prefix string, fields []Field) []string {
	var out []string
	for _, f := range fields {
		out = append(out, prefix+f.Attribute()+" "+upstreamKinds[f.Kind])
		out = append(out, attributePaths(prefix+f.Attribute()+".", f.Fields)...)
	}
	return out
}

// Each row has exactly the attributes, nested ones included, of upstream's
// resource of the type (v3.2.0), of the same schema types: a configuration
// written for upstream fails on a missing attribute, and a plan shows one
// that upstream lacks.
func TestManagementTypesHaveUpstreamsAttributes(t *testing.T) {
	require.Len(t, upstreamAttributes, len(ManagementTypes))
	for _, mt := range ManagementTypes {
		t.Run(mt.Name, func(t *testing.T) {
			want, ok := upstreamAttributes[mt.Name]
			require.True(t, ok, "no upstream attributes for the row")
			assert.ElementsMatch(t, want, attributePaths("", mt.AllFields()))
		})
	}
}

// upstreamAttributes are the attributes of upstream's
// checkpoint_management_<type> resources at v3.2.0, by row name.
var upstreamAttributes = map[string][]string{
	"host": {
		"color TypeString", "comments TypeString", "host_servers TypeList1", "host_servers.dns_server TypeBool",
		"host_servers.mail_server TypeBool", "host_servers.web_server TypeBool",
		"host_servers.web_server_config TypeList1", "host_servers.web_server_config.additional_ports TypeSet",
		"host_servers.web_server_config.application_engines TypeSet",
		"host_servers.web_server_config.listen_standard_port TypeBool",
		"host_servers.web_server_config.operating_system TypeString",
		"host_servers.web_server_config.protected_by TypeString", "ignore_errors TypeBool",
		"ignore_warnings TypeBool", "interfaces TypeList", "interfaces.color TypeString",
		"interfaces.comments TypeString", "interfaces.ignore_errors TypeBool",
		"interfaces.ignore_warnings TypeBool", "interfaces.mask_length4 TypeInt",
		"interfaces.mask_length6 TypeInt", "interfaces.name TypeString", "interfaces.subnet4 TypeString",
		"interfaces.subnet6 TypeString", "ipv4_address TypeString", "ipv6_address TypeString", "name TypeString",
		"nat_settings TypeList1", "nat_settings.auto_rule TypeBool", "nat_settings.hide_behind TypeString",
		"nat_settings.install_on TypeString", "nat_settings.ipv4_address TypeString",
		"nat_settings.ipv6_address TypeString", "nat_settings.method TypeString", "tags TypeSet",
	},
	"network": {
		"broadcast TypeString", "color TypeString", "comments TypeString", "ignore_errors TypeBool",
		"ignore_warnings TypeBool", "mask_length4 TypeInt", "mask_length6 TypeInt", "name TypeString",
		"nat_settings TypeList1", "nat_settings.auto_rule TypeBool", "nat_settings.hide_behind TypeString",
		"nat_settings.install_on TypeString", "nat_settings.ipv4_address TypeString",
		"nat_settings.ipv6_address TypeString", "nat_settings.method TypeString", "subnet4 TypeString",
		"subnet6 TypeString", "subnet_mask TypeString", "tags TypeSet",
	},
	"address-range": {
		"color TypeString", "comments TypeString", "ignore_errors TypeBool", "ignore_warnings TypeBool",
		"ipv4_address_first TypeString", "ipv4_address_last TypeString", "ipv6_address_first TypeString",
		"ipv6_address_last TypeString", "name TypeString", "nat_settings TypeList1",
		"nat_settings.auto_rule TypeBool", "nat_settings.hide_behind TypeString",
		"nat_settings.install_on TypeString", "nat_settings.ipv4_address TypeString",
		"nat_settings.ipv6_address TypeString", "nat_settings.method TypeString", "tags TypeSet",
	},
	"multicast-address-range": {
		"color TypeString", "comments TypeString", "ignore_errors TypeBool", "ignore_warnings TypeBool",
		"ipv4_address TypeString", "ipv4_address_first TypeString", "ipv4_address_last TypeString",
		"ipv6_address TypeString", "ipv6_address_first TypeString", "ipv6_address_last TypeString",
		"name TypeString", "tags TypeSet",
	},
	"group": {
		"color TypeString", "comments TypeString", "ignore_errors TypeBool", "ignore_warnings TypeBool",
		"members TypeSet", "name TypeString", "tags TypeSet",
	},
	"group-with-exclusion": {
		"color TypeString", "comments TypeString", "except TypeString", "ignore_errors TypeBool",
		"ignore_warnings TypeBool", "include TypeString", "name TypeString", "tags TypeSet",
	},
	"dns-domain": {
		"color TypeString", "comments TypeString", "ignore_errors TypeBool", "ignore_warnings TypeBool",
		"is_sub_domain TypeBool", "name TypeString", "tags TypeSet",
	},
	"dynamic-object": {
		"color TypeString", "comments TypeString", "ignore_errors TypeBool", "ignore_warnings TypeBool",
		"name TypeString", "tags TypeSet",
	},
	"security-zone": {
		"color TypeString", "comments TypeString", "ignore_errors TypeBool", "ignore_warnings TypeBool",
		"name TypeString", "tags TypeSet",
	},
	"wildcard": {
		"color TypeString", "comments TypeString", "ignore_errors TypeBool", "ignore_warnings TypeBool",
		"ipv4_address TypeString", "ipv4_mask_wildcard TypeString", "ipv6_address TypeString",
		"ipv6_mask_wildcard TypeString", "name TypeString", "tags TypeSet",
	},
	"tag": {
		"color TypeString", "comments TypeString", "ignore_errors TypeBool", "ignore_warnings TypeBool",
		"name TypeString", "tags TypeSet",
	},
	"time": {
		"color TypeString", "comments TypeString", "end TypeList1", "end.date TypeString", "end.time TypeString",
		"end_never TypeBool", "hours_ranges TypeList", "hours_ranges.enabled TypeBool",
		"hours_ranges.from TypeString", "hours_ranges.index TypeInt", "hours_ranges.to TypeString",
		"ignore_errors TypeBool", "ignore_warnings TypeBool", "name TypeString", "recurrence TypeList1",
		"recurrence.days TypeSet", "recurrence.month TypeString", "recurrence.pattern TypeString",
		"recurrence.weekdays TypeSet", "start TypeList1", "start.date TypeString", "start.time TypeString",
		"start_now TypeBool", "tags TypeSet",
	},
	"time-group": {
		"color TypeString", "comments TypeString", "ignore_errors TypeBool", "ignore_warnings TypeBool",
		"members TypeSet", "name TypeString", "tags TypeSet",
	},
	"service-tcp": {
		"aggressive_aging TypeList1", "aggressive_aging.default_timeout TypeInt",
		"aggressive_aging.enable TypeBool", "aggressive_aging.timeout TypeInt",
		"aggressive_aging.use_default_timeout TypeBool", "color TypeString", "comments TypeString",
		"ignore_errors TypeBool", "ignore_warnings TypeBool",
		"keep_connections_open_after_policy_installation TypeBool", "match_by_protocol_signature TypeBool",
		"match_for_any TypeBool", "name TypeString", "override_default_settings TypeBool", "port TypeString",
		"protocol TypeString", "session_timeout TypeInt", "source_port TypeString",
		"sync_connections_on_cluster TypeBool", "tags TypeSet", "use_default_session_timeout TypeBool",
	},
	"service-udp": {
		"accept_replies TypeBool", "aggressive_aging TypeList1", "aggressive_aging.default_timeout TypeInt",
		"aggressive_aging.enable TypeBool", "aggressive_aging.timeout TypeInt",
		"aggressive_aging.use_default_timeout TypeBool", "color TypeString", "comments TypeString",
		"ignore_errors TypeBool", "ignore_warnings TypeBool",
		"keep_connections_open_after_policy_installation TypeBool", "match_by_protocol_signature TypeBool",
		"match_for_any TypeBool", "name TypeString", "override_default_settings TypeBool", "port TypeString",
		"protocol TypeString", "session_timeout TypeInt", "source_port TypeString",
		"sync_connections_on_cluster TypeBool", "tags TypeSet", "use_default_session_timeout TypeBool",
	},
	"service-icmp": {
		"color TypeString", "comments TypeString", "icmp_code TypeInt", "icmp_type TypeInt",
		"ignore_errors TypeBool", "ignore_warnings TypeBool",
		"keep_connections_open_after_policy_installation TypeBool", "name TypeString", "tags TypeSet",
	},
	"service-icmp6": {
		"color TypeString", "comments TypeString", "icmp_code TypeInt", "icmp_type TypeInt",
		"ignore_errors TypeBool", "ignore_warnings TypeBool",
		"keep_connections_open_after_policy_installation TypeBool", "name TypeString", "tags TypeSet",
	},
	"service-sctp": {
		"aggressive_aging TypeList1", "aggressive_aging.default_timeout TypeInt",
		"aggressive_aging.enable TypeBool", "aggressive_aging.timeout TypeInt",
		"aggressive_aging.use_default_timeout TypeBool", "color TypeString", "comments TypeString",
		"ignore_errors TypeBool", "ignore_warnings TypeBool",
		"keep_connections_open_after_policy_installation TypeBool", "match_for_any TypeBool", "name TypeString",
		"port TypeString", "session_timeout TypeInt", "source_port TypeString",
		"sync_connections_on_cluster TypeBool", "tags TypeSet", "use_default_session_timeout TypeBool",
	},
	"service-other": {
		"accept_replies TypeBool", "action TypeString", "aggressive_aging TypeList1",
		"aggressive_aging.default_timeout TypeInt", "aggressive_aging.enable TypeBool",
		"aggressive_aging.timeout TypeInt", "aggressive_aging.use_default_timeout TypeBool", "color TypeString",
		"comments TypeString", "ignore_errors TypeBool", "ignore_warnings TypeBool", "ip_protocol TypeInt",
		"keep_connections_open_after_policy_installation TypeBool", "match TypeString", "match_for_any TypeBool",
		"name TypeString", "override_default_settings TypeBool", "session_timeout TypeInt",
		"sync_connections_on_cluster TypeBool", "tags TypeSet", "use_default_session_timeout TypeBool",
	},
	"service-group": {
		"color TypeString", "comments TypeString", "ignore_errors TypeBool", "ignore_warnings TypeBool",
		"members TypeSet", "name TypeString", "tags TypeSet",
	},
	"application-site": {
		"additional_categories TypeSet", "application_signature TypeString", "color TypeString",
		"comments TypeString", "description TypeString", "ignore_errors TypeBool", "ignore_warnings TypeBool",
		"name TypeString", "primary_category TypeString", "tags TypeSet", "url_list TypeSet",
		"urls_defined_as_regular_expression TypeBool",
	},
	"application-site-category": {
		"color TypeString", "comments TypeString", "description TypeString", "ignore_errors TypeBool",
		"ignore_warnings TypeBool", "name TypeString", "tags TypeSet",
	},
	"application-site-group": {
		"color TypeString", "comments TypeString", "ignore_errors TypeBool", "ignore_warnings TypeBool",
		"members TypeSet", "name TypeString", "tags TypeSet",
	},
}

// An example creates what it references first, each object once.
func TestExampleObjectsCreateReferencesFirst(t *testing.T) {
	names := func(typ string) []string {
		mt, ok := LookupManagementType(typ)
		require.True(t, ok)
		var out []string
		for _, o := range mt.ExampleObjects() {
			out = append(out, o.Type+":"+o.Body["name"].(string))
		}
		return out
	}
	require.Equal(t, []string{"host:New Host 1"}, names("host"))
	require.Equal(t, []string{"host:New Host 1", "network:New Network 1", "group:New Group 4"}, names("group"))
	// except, then include: the fields' order
	require.Equal(t, []string{"address-range:New Address Range 1", "group:New Group 5", "host:New Host 1",
		"network:New Network 1", "group:New Group 4", "group-with-exclusion:Group with exclusion"}, names("group-with-exclusion"))
	require.Equal(t, []string{"application-site-category:New Application Site Category 1", "application-site:New Application Site 1",
		"application-site-group:New Application Site Group 1"}, names("application-site-group"))
	for _, mt := range ManagementTypes {
		for _, o := range mt.ExampleExtra {
			typ, ok := LookupManagementType(o.Type)
			require.True(t, ok, "%s: ExampleExtra of unknown type %s", mt.Name, o.Type)
			for _, f := range typ.AllFields() {
				if v, ok := o.Body[f.Name]; ok {
					require.NoError(t, f.Check(v), "%s: ExampleExtra %v", mt.Name, o.Body)
				}
			}
		}
	}
}

// changeLeftOut are the settable own fields a row's Change deliberately
// does not set, with the reason: "<row>/<field>" -> why.
var changeLeftOut = map[string]string{
	"multicast-address-range/ipv4-address":   "a range of one address, which excludes the first and last addresses the Example sets",
	"multicast-address-range/ipv6-address":   "a range of one address, which excludes the first and last addresses the Change sets",
	"application-site/application-signature": "identifies the site instead of url-list, which the Example sets; the server takes one of the two",
}

// A row's Change renames the object and sets every own field a user can
// set (but those changeLeftOut names) to a value that passes the field's
// checks and differs from the Example's (or the Default's, when the
// Example leaves the field out), so that a
// test applying Example+Change changes every argument once.
func TestManagementTypeChangesCoverEveryField(t *testing.T) {
	for key := range changeLeftOut {
		row, field, _ := strings.Cut(key, "/")
		mt, ok := LookupManagementType(row)
		if assert.True(t, ok, "changeLeftOut names row %q", row) {
			_, ok := mt.Field(field)
			assert.True(t, ok, "changeLeftOut names field %q of %s", field, row)
		}
	}
	for _, mt := range ManagementTypes {
		t.Run(mt.Name, func(t *testing.T) {
			require.NotEmpty(t, mt.Change, "Change")
			raw, err := json.Marshal(mt.Change)
			require.NoError(t, err)
			var body, example map[string]any
			require.NoError(t, json.Unmarshal(raw, &body))
			raw, err = json.Marshal(mt.Example)
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(raw, &example))

			// The object with the Change keeps the server's cross-field
			// rules (an address within its mask, first <= last, ...).
			assert.NoError(t, CheckConstraints(mt.Name, mergeExample(example, body)), "Example+Change")
			name, _ := body["name"].(string)
			assert.NotEmpty(t, name, "Change renames the object")
			assert.NotEqual(t, strings.ToLower(exampleName(mt)), strings.ToLower(name), "Change's name")
			assert.NoError(t, CheckRule(mt.NameRule, name), "Change's name")
			for key, v := range body {
				if key == "name" {
					continue
				}
				f, ok := mt.Field(key)
				if !assert.True(t, ok, "Change field %q is not a field of the type", key) {
					continue
				}
				assert.False(t, f.ReadOnly, "Change sets read-only %q", key)
				assert.False(t, f.WriteOnly, "Change sets write-only %q: nothing answers it", key)
				assert.NoError(t, f.Check(v), "Change's %s", key)
				// Against what the object has before the change: the
				// Example's value, or the Default when the Example leaves
				// the field out (a bool the Example sets away from its
				// Default can only change back to it).
				if old, ok := example[key]; ok {
					assert.NotEqual(t, old, v, "Change's %s is the Example's", key)
				} else if f.Default != nil {
					assert.NotEqual(t, fmt.Sprint(f.Default), fmt.Sprint(v), "Change's %s is the Default", key)
				}
				_, left := changeLeftOut[mt.Name+"/"+key]
				assert.False(t, left, "Change sets %s, which changeLeftOut says it leaves out", key)
			}
			for _, f := range mt.Fields {
				if f.ReadOnly || f.WriteOnly {
					continue
				}
				if _, left := changeLeftOut[mt.Name+"/"+f.Name]; left {
					continue
				}
				assert.Contains(t, body, f.Name, "Change leaves own field %s unchanged", f.Name)
			}
		})
	}
}

// mergeExample is the Example with the Change's fields over it.
func mergeExample(example, change map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range example {
		out[k] = v
	}
	for k, v := range change {
		out[k] = v
	}
	return out
}
