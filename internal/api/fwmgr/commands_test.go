package fwmgr

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// jsonFields maps the JSON names of t's fields (with those of embedded
// structs, as encoding/json sees them) to their struct fields.
func jsonFields(t reflect.Type) map[string]reflect.StructField {
	out := map[string]reflect.StructField{}
	for _, f := range reflect.VisibleFields(t) {
		if f.Anonymous {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		out[name] = f
	}
	return out
}

func TestCommandTableIsConsistent(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Commands {
		t.Run(c.Name, func(t *testing.T) {
			assert.True(t, strings.HasPrefix(c.Name, "show-"), "name")
			assert.False(t, seen[c.Name], "duplicate name")
			assert.False(t, seen["fn:"+c.Function], "duplicate function")
			seen[c.Name], seen["fn:"+c.Function] = true, true
			assert.NotEmpty(t, c.Description)
			require.Equal(t, reflect.Struct, c.Request.Kind())
			require.Equal(t, reflect.Struct, c.Response.Kind())
			in, out := jsonFields(c.Request), jsonFields(c.Response)
			_, hasMember := in["member-id"]
			assert.Equal(t, c.MemberRouting, hasMember, "MemberRouting matches the member-id input")
			_, hasVS := in["virtual-system-id"]
			assert.Equal(t, c.VirtualSystem, hasVS, "VirtualSystem matches the virtual-system-id input")
			for _, r := range c.Required {
				f, ok := in[r]
				if assert.True(t, ok, "required input %s exists", r) {
					assert.NotContains(t, f.Tag.Get("json"), "omitempty", "required input %s is always sent", r)
				}
			}
			for name, f := range in {
				if !strings.Contains(f.Tag.Get("json"), "omitempty") {
					assert.Contains(t, c.Required, name, "an input sent even when empty is required")
				}
			}
			// show-ip-conflicts has a limit of its own (per conflict type), required.
			for _, p := range []string{"offset", "order"} {
				_, ok := in[p]
				assert.Equal(t, c.Paged, ok, "paged input %s", p)
			}
			for _, p := range []string{"from", "to", "total", "objects"} {
				if c.Paged {
					assert.Contains(t, out, p, "paged output %s", p)
				}
			}
			assert.Equal(t, c.Paged, c.Sort != "", "a paged command says how it sorts")
			for name := range out {
				assert.Equal(t, strings.ToLower(name), name, "output %s is kebab-case", name)
				assert.NotContains(t, name, "_", "output %s is kebab-case", name)
			}
		})
	}
}

// specification lists the show commands of the specification's table (with
// show-configuration-bgp and the IP conflicts configuration), by command and
// the Function that names their data source (getOsShow<Function>), which
// users of the upstream provider know them by.
var specification = map[string]string{
	"show-alias-interfaces": "AliasInterfaces", "show-api-versions": "ApiVersions", "show-asset": "Asset",
	"show-bgp-errors": "BgpErrors", "show-bgp-groups": "BgpGroups", "show-bgp-paths": "BgpPaths",
	"show-bgp-peer": "BgpPeer", "show-bgp-peers": "BgpPeers", "show-bgp-route-in": "BgpRouteIn",
	"show-bgp-route-out": "BgpRouteOut", "show-bgp-routemaps": "BgpRoutemaps", "show-bgp-routes-in": "BgpRoutesIn",
	"show-bgp-routes-out": "BgpRoutesOut", "show-bgp-stats": "BgpStats", "show-bgp-summary": "BgpSummary",
	"show-bond-interfaces": "BondInterfaces", "show-bootp-interface": "BootpInterface",
	"show-bootp-interfaces": "BootpInterfaces", "show-bootp-stats": "BootpStats",
	"show-bridge-interfaces": "BridgeInterfaces", "show-cluster-members": "ClusterMembers",
	"show-cluster-state": "ClusterState", "show-configuration-ipv6-pim": "ConfigurationIpv6Pim",
	"show-configuration-isis": "ConfigurationIsis", "show-configuration-pim": "ConfigurationPim",
	"show-connections": "Connections", "show-connections-presets": "ConnectionsPresets",
	"show-custom-intelligence-feeds": "CustomIntelligenceFeeds", "show-diagnostics": "Diagnostics",
	"show-diagnostics-topics": "DiagnosticsTopics", "show-dynamic-layer": "DynamicLayer",
	"show-dynamic-layers": "DynamicLayers", "show-extended-commands": "ExtendedCommands", "show-features": "Features",
	"show-gre-interfaces": "GreInterfaces", "show-igmp-groups": "IgmpGroups",
	"show-igmp-interface-stats": "IgmpInterfaceStats", "show-igmp-interfaces": "IgmpInterfaces",
	"show-igmp-interfaces-stats": "IgmpInterfacesStats", "show-igmp-stats": "IgmpStats",
	"show-igmp-summary": "IgmpSummary", "show-interface": "Interface", "show-interfaces": "Interfaces",
	"show-interfaces-by-type": "InterfacesByType", "show-ip-conflicts": "IpConflicts",
	"show-configuration-bgp": "ConfigurationBgp", "show-ip-conflicts-configuration": "ConfigurationIpConflicts",
}

// Every command of the specification is in the table, under the Function
// its data source is known by.
func TestCommandTableHasTheSpecification(t *testing.T) {
	for name, fn := range specification {
		c, ok := LookupCommand(name)
		if assert.True(t, ok, "%s is in the table", name) {
			assert.Equal(t, fn, c.Function, name)
		}
	}
	_, ok := LookupCommand("show-no-such-command")
	assert.False(t, ok)
}

func TestClusterMembersHasNoMemberID(t *testing.T) {
	c, ok := LookupCommand("show-cluster-members")
	require.True(t, ok)
	assert.False(t, c.MemberRouting)
}

func TestMaxResultsJSON(t *testing.T) {
	for in, want := range map[string]MaxResults{`"all"`: MaxResultsAll, `"ALL"`: MaxResultsAll, `25`: {N: 25}, `"7"`: {N: 7}} {
		var m MaxResults
		require.NoError(t, json.Unmarshal([]byte(in), &m), in)
		assert.Equal(t, want, m, in)
	}
	var m MaxResults
	assert.Error(t, json.Unmarshal([]byte(`"many"`), &m))
	b, err := json.Marshal(ConnectionsRequest{MaxResults: &MaxResults{N: 3}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"max-results":3}`, string(b))
	b, err = json.Marshal(ConnectionsRequest{MaxResults: &MaxResultsAll})
	require.NoError(t, err)
	assert.JSONEq(t, `{"max-results":"all"}`, string(b))
}

func TestPath(t *testing.T) {
	assert.Equal(t, "/os_api/v1.8/show-bgp-peers", Path("", ContextOS, "1.8", "show-bgp-peers"))
	assert.Equal(t, "/abc-123/web_api/login", Path("abc-123", ContextWeb, "", "login"))
}

// The command table of the contract is the one Commands makes: after
// changing Commands, run go generate ./internal/api/fwmgr.
func TestContractDocumentIsGenerated(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/api/fwmgr.md")
	require.NoError(t, err)
	want, err := ReplaceTables(string(doc))
	require.NoError(t, err)
	assert.Equal(t, want, string(doc), "docs/api/fwmgr.md: run go generate ./internal/api/fwmgr")
	for _, c := range Commands {
		assert.Contains(t, string(doc), "| `"+c.Name+"` | "+c.Function+" |", "docs/api/fwmgr.md has a row for %s", c.Name)
	}
	for _, c := range Sets {
		assert.Contains(t, string(doc), "| `"+c.Name+"` | `"+c.Shows+"` |", "docs/api/fwmgr.md has a row for %s", c.Name)
	}
}

// Every set command (set-, add- or delete-) names the show command that answers what it set,
// answers that command's answer, takes member-id (a set applies to every
// member without it), and sends every optional input only when given.
func TestSetTableIsConsistent(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Sets {
		t.Run(c.Name, func(t *testing.T) {
			assert.True(t, strings.HasPrefix(c.Name, "set-") || strings.HasPrefix(c.Name, "add-") || strings.HasPrefix(c.Name, "delete-"),
				"name: set-, add- or delete-")
			assert.False(t, seen[c.Name], "duplicate name")
			seen[c.Name] = true
			_, clash := LookupCommand(c.Name)
			assert.False(t, clash, "a set command is no show command")
			assert.NotEmpty(t, c.Description)
			assert.Empty(t, c.Function, "a set command is no data source")
			assert.False(t, c.Paged)
			shown, ok := LookupCommand(c.Shows)
			require.True(t, ok, "Shows names a show command of Commands")
			assert.Equal(t, shown.Response, c.Response, "a set answers what its show answers")
			if c.VirtualSystem {
				assert.True(t, shown.VirtualSystem, "a set per virtual system is shown per virtual system")
			}
			require.Equal(t, reflect.Struct, c.Request.Kind())
			in := jsonFields(c.Request)
			assert.Contains(t, in, "member-id")
			assert.True(t, c.MemberRouting)
			for _, r := range c.Required {
				f, ok := in[r]
				if assert.True(t, ok, "required input %s exists", r) {
					assert.NotContains(t, f.Tag.Get("json"), "omitempty", "required input %s is always sent", r)
				}
			}
			for name, f := range in {
				if !strings.Contains(f.Tag.Get("json"), "omitempty") {
					assert.Contains(t, c.Required, name, "an input sent even when empty is required")
				} else if name != "member-id" {
					assert.Contains(t, []reflect.Kind{reflect.Pointer, reflect.Slice}, f.Type.Kind(),
						"optional input %s is a pointer: an empty value sent is a value set", name)
				}
			}
		})
	}
	_, ok := LookupSet("set-no-such-setting")
	assert.False(t, ok)
}

func TestSetTableRows(t *testing.T) {
	saved := Sets
	t.Cleanup(func() { Sets = saved })
	Sets = []Command{set[SetTimeAndDateRequest](Command{Name: "set-x", Shows: "show-time-and-date", Required: []string{"timezone"}, Description: "Sets x."})}
	assert.Equal(t, "| command | shown by | inputs | sets |\n| --- | --- | --- | --- |\n"+
		"| `set-x` | `show-time-and-date` | `timezone*` | Sets x. |\n", SetTable())
	doc := "a\n" + CommandTableBegin + "\nold\n" + CommandTableEnd + "\nb\n" + SetTableBegin + "\nold\n" + SetTableEnd + "\nc\n"
	out, err := ReplaceTables(doc)
	require.NoError(t, err)
	assert.Equal(t, "a\n"+CommandTableBegin+"\n"+CommandTable()+CommandTableEnd+"\nb\n"+SetTableBegin+"\n"+SetTable()+SetTableEnd+"\nc\n", out)
	_, err = ReplaceTables("a\n" + CommandTableBegin + "\nold\n" + CommandTableEnd + "\n")
	assert.Error(t, err, "the set table's markers are required")
	assert.Panics(t, func() { set[SetHostnameRequest](Command{Name: "set-y", Shows: "show-nothing"}) })
}

// The inputs of set-dns that have more than one shape, and the pointers
// that make an empty value a value sent.
func TestSetRequestJSON(t *testing.T) {
	empty := ""
	for want, v := range map[string]any{
		`{"primary":"","member-id":"2"}`:            SetDnsRequest{Primary: &empty, Member: Member{MemberID: "2"}},
		`{"listening-interfaces":"all"}`:            SetDnsRequest{ListeningInterfaces: &ListeningInterfaces{All: true}},
		`{"listening-interfaces":[]}`:               SetDnsRequest{ListeningInterfaces: &ListeningInterfaces{IsList: true}},
		`{"listening-interfaces":{"add":["eth2"]}}`: SetDnsRequest{ListeningInterfaces: &ListeningInterfaces{Add: []string{"eth2"}}},
		`{"servers":[{"address":"10.0.0.1"}]}`:      SetNtpRequest{Servers: &[]NTPServerInput{{Address: "10.0.0.1"}}},
		`{"timezone":"Asia / Jerusalem"}`:           SetTimeAndDateRequest{Timezone: "Asia / Jerusalem"},
		`{"name":"fw-a"}`:                           SetHostnameRequest{Name: "fw-a"},
	} {
		b, err := json.Marshal(v)
		require.NoError(t, err)
		assert.Equal(t, want, string(b))
	}
	for in, want := range map[string]ListeningInterfaces{
		`"all"`:                           {All: true},
		`["eth1", "eth2"]`:                {List: []string{"eth1", "eth2"}, IsList: true},
		`{"add": ["a"], "remove": ["b"]}`: {Add: []string{"a"}, Remove: []string{"b"}},
	} {
		var l ListeningInterfaces
		require.NoError(t, json.Unmarshal([]byte(in), &l), in)
		assert.Equal(t, want, l, in)
	}
	for _, bad := range []string{`"some"`, `3`, `{"replace": ["a"]}`, `[1]`, `true`} {
		var l ListeningInterfaces
		assert.ErrorContains(t, json.Unmarshal([]byte(bad), &l), "listening-interfaces must be", bad)
	}
}

// A command added to the table is a row of the contract's table, with its
// required inputs marked and the paging inputs left out.
func TestCommandTableRows(t *testing.T) {
	saved := Commands
	t.Cleanup(func() { Commands = saved })
	Commands = []Command{
		show[BgpRoutesRequest, Page[BgpRoute]](Command{Name: "show-x", Function: "X", Sort: "by x"}),
		show[BgpRouteRequest, BgpRouteResponse](Command{Name: "show-y", Function: "Y", Required: []string{"address", "mask-length"}}),
	}
	assert.Equal(t, "| command | Function | inputs | paging and sort (`ASC`) | outputs |\n| --- | --- | --- | --- | --- |\n"+
		"| `show-x` | X | `peer` | Paged, by x | `from`, `to`, `total`, `objects` |\n"+
		"| `show-y` | Y | `address*`, `mask-length*` | — | `object` |\n", CommandTable())
	doc := "intro\n" + CommandTableBegin + "\nold rows\n" + CommandTableEnd + "\nnotes\n"
	out, err := ReplaceCommandTable(doc)
	require.NoError(t, err)
	assert.Equal(t, "intro\n"+CommandTableBegin+"\n"+CommandTable()+CommandTableEnd+"\nnotes\n", out)
	_, err = ReplaceCommandTable("no markers")
	assert.Error(t, err)
}

// Go callers outside this package (the benchmarks) build requests from
// these types; their JSON is the wire's.
func TestRequestTypesJSON(t *testing.T) {
	limit, offset := int64(1000), int64(0)
	for want, v := range map[string]any{
		`{"limit":1000,"offset":0}`:               BgpRoutesInRequest{Limit: &limit, Offset: &offset},
		`{"peer":"10.1.1.20"}`:                    BgpRoutesInRequest{Peer: "10.1.1.20"},
		`{"name":"eth1","member-id":"2"}`:         InterfaceRequest{Name: "eth1", Member: Member{MemberID: "2"}},
		`{"address":"10.1.0.0","mask-length":16}`: BgpRouteRequest{Address: "10.1.0.0", MaskLength: 16},
		`{"limit":2}`:                             IpConflictsRequest{Limit: 2},
	} {
		b, err := json.Marshal(v)
		require.NoError(t, err)
		assert.Equal(t, want, string(b))
	}
}
