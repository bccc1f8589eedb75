package fwmgr

import (
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
}

// osSetsHere are, by row, upstream's lists that the row has as sets, which
// its Differs says.
var osSetsHere = map[string][]string{"allowed_clients": {"allowed_hosts", "allowed_networks"}}

// osOmitted are upstream's attributes a row leaves out, each said in the
// row's Differs.
var osOmitted = map[string][]string{"time_and_date": {"date TypeString", "time TypeString"}}

// osRequiredHere is, by row, an argument that upstream has optional and
// the row requires (the set command does), which the row's Differs says.
var osRequiredHere = map[string]string{"time_and_date": "timezone"}

var osKindNames = map[OSKind]string{OSString: "TypeString", OSBool: "TypeBool", OSInt: "TypeInt", OSStringSet: "TypeSet", OSBlockSet: "TypeSet"}

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
			for _, n := range f.Nested {
				got = append(got, f.Name+"."+n.Name+" "+osKindNames[n.Kind])
			}
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
		in, out := jsonNames(set.Request), jsonNames(row.ShowCommand().Response)
		for _, f := range row.Fields {
			assert.Contains(t, in, f.Wire, "%s: %s is no input of %s", row.Name, f.Wire, set.Name)
			assert.Contains(t, out, f.Wire, "%s: %s is no output of %s", row.Name, f.Wire, set.Shows)
			if slices.Contains(set.Required, f.Wire) {
				assert.True(t, f.Required, "%s: %s is a required input of %s", row.Name, f.Name, set.Name)
			}
		}
		assert.Equal(t, row.VirtualSystem, slices.Contains(in, "virtual-system-id"), row.Name)
		assert.NotEmpty(t, row.Example, row.Name)
		assert.NotEmpty(t, row.Change, row.Name)
		assert.NotEqual(t, row.Example, row.Change, row.Name)
	}
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
