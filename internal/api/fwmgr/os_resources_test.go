package fwmgr

import (
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// upstreamOSAttributes are the attributes of upstream's checkpoint_gaia_<row>
// resources (checkpoint v3.2.0, resource_checkpoint_gaia_<row>.go), with
// their kinds; a nested attribute is <block>.<name>.
var upstreamOSAttributes = map[string][]string{
	"hostname": {"debug TypeBool", "member_id TypeString", "name TypeString required"},
	"dns": {"debug TypeBool", "forwarding_domains TypeSet", "forwarding_domains.primary TypeString",
		"forwarding_domains.secondary TypeString", "forwarding_domains.suffix TypeString", "forwarding_domains.tertiary TypeString",
		"listening_interfaces TypeSet", "member_id TypeString", "primary TypeString", "secondary TypeString", "suffix TypeString",
		"tertiary TypeString", "virtual_system_id TypeInt"},
	"ntp": {"debug TypeBool", "enabled TypeBool", "member_id TypeString", "preferred TypeString", "servers TypeSet",
		"servers.address TypeString", "servers.type TypeString", "servers.version TypeInt"},
	"time_and_date":      {"date TypeString", "debug TypeBool", "member_id TypeString", "time TypeString", "timezone TypeString"},
	"banner":             {"debug TypeBool", "enabled TypeBool", "member_id TypeString", "message TypeString"},
	"message_of_the_day": {"debug TypeBool", "enabled TypeBool", "member_id TypeString", "message TypeString"},
	"proxy":              {"address TypeString", "debug TypeBool", "member_id TypeString", "port TypeInt"},
	"allowed_clients": {"allowed_any_host TypeBool", "allowed_hosts TypeList", "allowed_networks TypeList",
		"allowed_networks.mask_length TypeInt", "allowed_networks.subnet TypeString", "debug TypeBool", "member_id TypeString"},
	"syslog": {"audit_log TypeBool", "cp_logs TypeBool", "debug TypeBool", "filename TypeString", "forwarded_logs_files TypeList",
		"forwarded_logs_files.path TypeString", "forwarded_logs_files.tag TypeString", "member_id TypeString", "send_to_mgmt TypeBool",
		"tls_configuration TypeList", "tls_configuration.ca_certification TypeString", "tls_configuration.private_key TypeString",
		"tls_configuration.public_key TypeString"},
	"snmp": {"contact TypeString", "custom_traps_settings TypeList", "custom_traps_settings.clear_trap_amount TypeInt",
		"custom_traps_settings.clear_trap_interval TypeInt", "debug TypeBool", "enabled TypeBool", "interfaces TypeString", "location TypeString",
		"member_id TypeString", "pre_defined_traps_settings TypeList", "pre_defined_traps_settings.polling_frequency TypeInt",
		"read_only_community TypeString", "read_write_community TypeString", "trap_usm TypeString", "version TypeString",
		"vsx_settings TypeList", "vsx_settings.enabled TypeBool", "vsx_settings.sysname TypeBool", "vsx_settings.vs_access TypeString"},
	"remote_syslog": {"debug TypeBool", "level TypeString required", "member_id TypeString", "port TypeInt", "protocol TypeString",
		"queuing_mechanism TypeBool", "server_ip TypeString required", "tls_encryption TypeList", "tls_encryption.auth_mode TypeString",
		"tls_encryption.enabled TypeBool", "tls_encryption.permitted_peers TypeSet"},
	"snmp_trap_receiver": {"address TypeString required", "community_string TypeString", "debug TypeBool", "member_id TypeString",
		"version TypeString required"},
	"static_route": {"address TypeString required", "comment TypeString", "debug TypeBool", "mask_length TypeInt required",
		"member_id TypeString", "next_hop TypeList", "next_hop.gateway TypeString", "next_hop.priority TypeString", "ping TypeBool",
		"rank TypeInt", "scope_local TypeBool", "type TypeString required", "virtual_system_id TypeInt"},
	"vlan_interface": {"debug TypeBool", "sd_wan TypeList", "dhcp6 TypeList", "dhcp TypeList", "mtu TypeInt", "ipv4_address TypeString",
		"ipv4_mask_length TypeInt", "enabled TypeBool", "ipv6_autoconfig TypeBool", "comments TypeString", "ipv6_address TypeString",
		"ipv6_mask_length TypeInt", "parent TypeString required", "resource_id TypeInt required", "virtual_system_id TypeInt",
		"name TypeString", "member_id TypeString", "link_state TypeBool", "speed TypeString", "duplex TypeString", "tx_bytes TypeInt",
		"tx_packets TypeInt", "rx_bytes TypeInt", "rx_packets TypeInt", "ipv6_local_link_address TypeString"},
	"password_policy": {"debug TypeBool", "member_id TypeString", "all_users_require_two_factor_authentication TypeBool",
		"lock_settings TypeList", "lock_settings.inactivity_settings TypeList",
		"lock_settings.inactivity_settings.lock_unused_accounts_enabled TypeBool",
		"lock_settings.inactivity_settings.inactivity_threshold_days TypeInt",
		"lock_settings.failed_attempts_settings TypeList",
		"lock_settings.failed_attempts_settings.failed_lock_duration_seconds TypeInt",
		"lock_settings.failed_attempts_settings.failed_lock_enforced_on_admin TypeBool",
		"lock_settings.failed_attempts_settings.failed_lock_enabled TypeBool",
		"lock_settings.failed_attempts_settings.failed_attempts_allowed TypeInt",
		"lock_settings.password_expiration_days TypeString", "lock_settings.password_expiration_warning_days TypeInt",
		"lock_settings.password_expiration_maximum_days_before_lock TypeString",
		"lock_settings.must_one_time_password_enabled TypeBool",
		"password_history TypeList", "password_history.check_history_enabled TypeBool", "password_history.repeated_history_length TypeInt",
		"password_strength TypeList", "password_strength.minimum_length TypeInt", "password_strength.complexity TypeInt",
		"password_strength.palindrome_check_enabled TypeBool"},
}

// osSetsHere are, by row, upstream's lists that the row has as sets, which
// its Differs says.
var osSetsHere = map[string][]string{"allowed_clients": {"allowed_hosts", "allowed_networks"}}

// osOmitted are upstream's attributes a row leaves out, each said in the
// row's Differs.
var osOmitted = map[string][]string{"time_and_date": {"date TypeString", "time TypeString"},
	"static_route": {"virtual_system_id TypeInt"},
	"syslog": {"tls_configuration TypeList", "tls_configuration.ca_certification TypeString", "tls_configuration.private_key TypeString",
		"tls_configuration.public_key TypeString"},
	"snmp": {"custom_traps_settings TypeList", "custom_traps_settings.clear_trap_amount TypeInt", "custom_traps_settings.clear_trap_interval TypeInt",
		"pre_defined_traps_settings TypeList", "pre_defined_traps_settings.polling_frequency TypeInt", "vsx_settings TypeList",
		"vsx_settings.enabled TypeBool", "vsx_settings.sysname TypeBool", "vsx_settings.vs_access TypeString"},
	"remote_syslog": {"tls_encryption TypeList", "tls_encryption.auth_mode TypeString", "tls_encryption.enabled TypeBool",
		"tls_encryption.permitted_peers TypeSet"},
	"vlan_interface": {"sd_wan TypeList", "dhcp6 TypeList", "dhcp TypeList", "ipv6_autoconfig TypeBool", "virtual_system_id TypeInt"}}

// osRequiredHere is, by row, an argument that upstream has optional and
// the row requires (the set command does), which the row's Differs says.
var osRequiredHere = map[string]string{"time_and_date": "timezone"}

var osKindNames = map[OSKind]string{OSString: "TypeString", OSBool: "TypeBool", OSInt: "TypeInt", OSStringSet: "TypeSet", OSBlockSet: "TypeSet", OSBlockList: "TypeList", OSBlock: "TypeList"}

// Every row has upstream's attributes of the same kinds (debug and
// member_id, and virtual_system_id where it is per virtual system, come
// with every resource), but for the omitted ones, which its page explains.
func TestOSResourcesHaveUpstreamsAttributes(t *testing.T) {
	require.Len(t, upstreamOSAttributes, len(OSResources))
	for _, row := range OSResources {
		got := []string{"debug TypeBool", "member_id TypeString"}
		if row.VirtualSystem {
			got = append(got, "virtual_system_id TypeInt")
		}
		for _, f := range row.Fields {
			kind := osKindNames[f.Kind]
			if slices.Contains(osSetsHere[row.Name], f.Name) {
				kind = "TypeList"
			}
			if f.Required && osRequiredHere[row.Name] != f.Name {
				kind += " required"
			}
			got = append(got, f.Name+" "+kind)
			var nested func(prefix string, fields []OSField)
			nested = func(prefix string, fields []OSField) {
				for _, n := range fields {
					got = append(got, prefix+n.Name+" "+osKindNames[n.Kind])
					nested(prefix+n.Name+".", n.Nested)
				}
			}
			nested(f.Name+".", f.Nested)
		}
		want := slices.DeleteFunc(slices.Clone(upstreamOSAttributes[row.Name]), func(a string) bool {
			return slices.Contains(osOmitted[row.Name], a)
		})
		sort.Strings(got)
		sort.Strings(want)
		assert.Equal(t, want, got, row.Name)
		if len(osOmitted[row.Name]) > 0 || osRequiredHere[row.Name] != "" || len(osSetsHere[row.Name]) > 0 {
			assert.NotEmpty(t, row.Differs, "%s leaves out %v: its Differs says why", row.Name, osOmitted[row.Name])
		}
	}
}

// Every field of a row is an input of its set command and an output of
// the show command that reads it, under the same JSON name; every row has
// an example and a change.
func TestOSResourcesMatchTheirCommands(t *testing.T) {
	for _, row := range OSResources {
		set := row.SetCommand()
		in, out := jsonNames(set.Request), jsonNames(row.ObjectType())
		if row.Collection() {
			in = append(in, jsonNames(row.AddCommand().Request)...)
		}
		for _, f := range row.Fields {
			if f.Computed {
				assert.Contains(t, out, f.Wire, "%s: %s is no output of %s", row.Name, f.Wire, set.Shows)
				continue
			}
			if f.Secret {
				// Sent, never answered.
				assert.Contains(t, append(jsonNames(set.Request), in...), f.Wire, "%s: %s is no input of %s", row.Name, f.Wire, set.Name)
				assert.NotContains(t, out, f.Wire, "%s: the secret %s is answered by %s", row.Name, f.Wire, set.Shows)
				assert.Equal(t, OSString, f.Kind, row.Name)
				continue
			}
			if row.KeyWire != "" && isKeyField(row, f.Name) {
				assert.Contains(t, in, f.Wire, "%s: %s is no input of %s", row.Name, f.Wire, row.AddCommand().Name)
				continue
			}
			assert.Contains(t, in, f.Wire, "%s: %s is no input of %s", row.Name, f.Wire, set.Name)
			assert.Contains(t, out, f.Wire, "%s: %s is no output of %s", row.Name, f.Wire, set.Shows)
			if f.Kind == OSBlock {
				nestedMatch(t, row.Name+": "+f.Wire, f.Nested, fieldType(set.Request, f.Wire), fieldType(row.ObjectType(), f.Wire))
			}
			if slices.Contains(set.Required, f.Wire) {
				assert.True(t, f.Required, "%s: %s is a required input of %s", row.Name, f.Name, set.Name)
			}
		}
		assert.Equal(t, row.VirtualSystem, slices.Contains(in, "virtual-system-id"), row.Name)
		assert.NotEmpty(t, row.Example, row.Name)
		assert.NotEmpty(t, row.Change, row.Name)
		assert.NotEqual(t, row.Example, row.Change, row.Name)
		if row.Collection() {
			del := row.DeleteCommand()
			assert.Equal(t, set.Shows, del.Shows, "%s: the delete command's show is the set command's", row.Name)
			assert.Contains(t, jsonNames(row.ShowCommand().Response), "objects", "%s: %s answers a list", row.Name, set.Shows)
			assert.NotEmpty(t, row.Key, row.Name)
			assert.NotEmpty(t, row.KeySep, row.Name)
			assert.NotEmpty(t, row.KeyShape, row.Name)
			assert.NotEmpty(t, row.Plural, row.Name)
			delIn := jsonNames(del.Request)
			for _, k := range row.Key {
				f, ok := row.Field(k)
				require.True(t, ok, "%s: key %s is a field", row.Name, k)
				assert.True(t, f.Required, "%s: key %s is required", row.Name, k)
				if row.KeyInput == "" {
					assert.Contains(t, delIn, f.Wire, "%s: key %s is an input of %s", row.Name, k, del.Name)
				}
			}
			if row.KeyInput != "" {
				assert.Contains(t, delIn, row.KeyInput, row.Name)
				assert.Contains(t, jsonNames(set.Request), row.KeyInput, row.Name)
			}
		}
	}
}

// nestedMatch checks that a block's fields are inputs of the request's
// object (in) and outputs of the answer's (out), at every level.
func nestedMatch(t *testing.T, where string, fields []OSField, in, out reflect.Type) {
	t.Helper()
	require.NotNil(t, in, "%s is no object input", where)
	require.NotNil(t, out, "%s is no object output", where)
	require.NotEmpty(t, fields, "%s has no fields", where)
	for _, n := range fields {
		assert.Contains(t, jsonNames(in), n.Wire, "%s.%s is no input", where, n.Wire)
		assert.Contains(t, jsonNames(out), n.Wire, "%s.%s is no output", where, n.Wire)
		if n.Kind == OSBlock {
			nestedMatch(t, where+"."+n.Wire, n.Nested, fieldType(in, n.Wire), fieldType(out, n.Wire))
		}
	}
}

// fieldType is the struct type of t's field of JSON name (nil when it is
// none or no struct).
func fieldType(t reflect.Type, name string) reflect.Type {
	for _, f := range reflect.VisibleFields(t) {
		if n, _, _ := strings.Cut(f.Tag.Get("json"), ","); n == name && !f.Anonymous {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				return ft
			}
		}
	}
	return nil
}

func isKeyField(row OSResource, name string) bool { return slices.Contains(row.Key, name) }

// A collection's key is written from an object's values and read back.
func TestOSResourceKeys(t *testing.T) {
	row, ok := LookupOSResource("static_route")
	require.True(t, ok)
	assert.Equal(t, "1.2.3.0/24", row.KeyOf(map[string]any{"address": "1.2.3.0", "mask-length": 24.0}))
	assert.Equal(t, "2001:db8:7::/48", row.KeyOf(map[string]any{"address": "2001:db8:7::", "mask-length": int64(48)}))
	got, err := row.ParseKey("2001:db8:7::/48")
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"address": "2001:db8:7::", "mask_length": int64(48)}, got)
	for _, bad := range []string{"", "1.2.3.0", "1.2.3.0/", "/24", "1.2.3.0/x", "1.2.3.0/129", "1.2.3.0/024", "2001:DB8::/32", "host/24"} {
		_, err := row.ParseKey(bad)
		assert.Error(t, err, bad)
		if err != nil {
			assert.Contains(t, err.Error(), "<address>/<mask_length>", bad)
		}
	}
	vlan, ok := LookupOSResource("vlan_interface")
	require.True(t, ok)
	assert.Equal(t, "eth2.42", vlan.KeyOf(map[string]any{"name": "eth2.42", "parent": "x"}))
	assert.Equal(t, "eth2.42", vlan.KeyOf(map[string]any{"parent": "eth2", "id": int64(42)}))
	got, err = vlan.ParseKey("bond0.300")
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"parent": "bond0", "resource_id": int64(300)}, got)
	for _, bad := range []string{"eth2", "eth2.1", "eth2.4095", ".42", "eth:2.42"} {
		_, err := vlan.ParseKey(bad)
		assert.Error(t, err, bad)
	}
	assert.NoError(t, CheckNextHopPriority("default"))
	assert.NoError(t, CheckNextHopPriority("8"))
	assert.Error(t, CheckNextHopPriority("9"))
	assert.Error(t, CheckNextHopPriority(""))
}

func TestOSRules(t *testing.T) {
	for _, ok := range []string{"fw-edge-1", "a.b-c.example", "x"} {
		assert.NoError(t, CheckHostname(ok), ok)
	}
	for _, bad := range []string{"", "10.0.0.1", "-a", "a-", "a..b", "a_b", "host.123"} {
		assert.Error(t, CheckHostname(bad), bad)
	}
	for _, ok := range []string{"Asia / Jerusalem", "UTC", "America / New_York", "Etc / GMT"} {
		assert.NoError(t, CheckTimezoneFormat(ok), ok)
	}
	for _, bad := range []string{"Asia/Jerusalem", "", " UTC", "Asia /Tokyo"} {
		assert.Error(t, CheckTimezoneFormat(bad), bad)
	}
	assert.NoError(t, CheckAddressOrNone(""))
	assert.Error(t, CheckAddress(""))
	assert.Error(t, CheckAddressOrNone("fe80::1%eth0"))
	assert.NoError(t, CheckAddressOrHostname("pool.ntp.example.org"))
	assert.Error(t, CheckAddressOrHostname("bad_host!"))
	assert.NoError(t, CheckDomainOrNone(""))
	assert.Error(t, CheckDomainOrNone("a..b"))
	for _, ok := range []string{"Authorized use only.", "line 1\nline 2\n\tindented", strings.Repeat("é", MaxLoginMessage)} {
		assert.NoError(t, CheckLoginMessage(ok), ok)
	}
	for _, bad := range []string{"", "bell\a", "nul\x00", "\xff", strings.Repeat("a", MaxLoginMessage+1)} {
		assert.Error(t, CheckLoginMessage(bad), bad)
	}
	assert.True(t, ValidLoginMessage(""), "the OS API takes \"\" (the default message)")
	for _, ok := range []string{"never", "1", "90", "1827"} {
		assert.NoError(t, CheckDaysOrNever(ok), ok)
	}
	for _, bad := range []string{"", "0", "1828", "090", "+5", "Never", "-1", "7d"} {
		assert.Error(t, CheckDaysOrNever(bad), bad)
	}
	assert.NoError(t, CheckIPv4("192.168.100.20"))
	for _, bad := range []string{"", "2001:db8::1", "10.0.0.0/8", "host.example"} {
		assert.Error(t, CheckIPv4(bad), bad)
	}
	for _, ok := range []string{"", "10.1.2.80", "proxy.corp.example.net"} {
		assert.NoError(t, CheckProxyAddress(ok), ok)
	}
	for _, bad := range []string{"2001:db8::1", "proxy_1", "10.1.2.80:8080", "http://proxy"} {
		assert.Error(t, CheckProxyAddress(bad), bad)
	}
}
