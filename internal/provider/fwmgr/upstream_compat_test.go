package fwmgr

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// upstreamSets are the attributes that the upstream provider's Gaia show
// data sources (checkpoint v3.2.0) declare as sets, by data source: their
// configurations compare and iterate them as sets (toset, contains), and
// their order means nothing.
var upstreamSets = map[string][]string{
	"api_versions": {"supported_versions"},
	"bgp_groups":   {"objects.protocol_list"},
	"bgp_peer":     {"our_capabilities_list", "peer_capabilities_list"},
	"bgp_peers":    {"objects.our_capabilities_list", "objects.peer_capabilities_list"},
	// Upstream's import route maps have no conditional_routemap; ours, of
	// the same element type as the export's, is a set too.
	"bgp_routemaps": {"objects.default.export_routemap_list.conditional_routemap", "objects.peer_list.export_routemap_list.conditional_routemap",
		"objects.default.import_routemap_list.conditional_routemap", "objects.peer_list.import_routemap_list.conditional_routemap"},
	"bond_interfaces":    {"objects.members"},
	"bridge_interfaces":  {"objects.members"},
	"configuration_isis": {"area_list.object.add", "area_list.object.remove"},
	"connections":        {"filter.instance_id", "preset"},
	"dynamic_layer": {"meta_info.tags", "objects.access_roles.machines", "objects.access_roles.networks", "objects.access_roles.users",
		"objects.application_site_categories.services", "objects.application_site_groups.members", "objects.application_sites.services",
		"objects.network_groups.members", "objects.service_groups.members", "rulebase.destination", "rulebase.service", "rulebase.source"},
	"dynamic_layers":     {"layers.meta_info.tags"},
	"interfaces":         {"names"},
	"interfaces_by_type": {"bond_interfaces.members", "bridge_interfaces.members"},
	"ip_conflicts":       {"flip_flop.mac_addresses", "reused_old_ethernet_address.mac_addresses"},
	"isis_neighbors":     {"objects.area_list", "objects.bfd_support_list", "objects.mtid_list"},
	"remote_syslogs":     {"objects.tls_encryption.permitted_peers"},
	"roles":              {"roles.extended_commands", "roles.users"},
	"routemaps": {"objects.ids.action.community", "objects.ids.action.extended_community", "objects.ids.action.metric",
		"objects.ids.action.nexthop", "objects.ids.match.as", "objects.ids.match.aspath_regex", "objects.ids.match.community",
		"objects.ids.match.extended_community", "objects.ids.match.ifaddress", "objects.ids.match.interface", "objects.ids.match.level",
		"objects.ids.match.metric_type", "objects.ids.match.neighbor", "objects.ids.match.network", "objects.ids.match.nexthop",
		"objects.ids.match.ospf_instance", "objects.ids.match.prefix_list", "objects.ids.match.prefix_tree",
		"objects.ids.match.route_type", "objects.ids.match.tag"},
	"timezones":       {"timezones"},
	"users":           {"objects.allow_access_using", "objects.roles"},
	"virtual_systems": {"objects.interfaces"},
}

// setPaths lists the set attributes of a schema, nested ones as a.b.c.
func setPaths(prefix string, attrs map[string]schema.Attribute, blocks map[string]schema.Block) []string {
	var out []string
	for name, a := range attrs {
		switch x := a.(type) {
		case schema.SetAttribute:
			out = append(out, prefix+name)
		case schema.ListNestedAttribute:
			out = append(out, setPaths(prefix+name+".", x.NestedObject.Attributes, nil)...)
		}
	}
	for name, b := range blocks {
		if x, ok := b.(schema.ListNestedBlock); ok {
			out = append(out, setPaths(prefix+name+".", x.NestedObject.Attributes, nil)...)
		}
	}
	slices.Sort(out)
	return out
}

// The attributes that are sets upstream are sets here (the 32 of the
// specification's data sources and those of the further ones), and no
// others.
func TestUpstreamSetsAreSets(t *testing.T) {
	total := 0
	for _, s := range showTable {
		var sr datasource.SchemaResponse
		newShowDataSource(s)().Schema(context.Background(), datasource.SchemaRequest{}, &sr)
		want := slices.Clone(upstreamSets[s.Name])
		slices.Sort(want)
		got := setPaths("", sr.Schema.Attributes, sr.Schema.Blocks)
		if len(want) == 0 {
			assert.Empty(t, got, "%s has no sets upstream", s.Name)
			continue
		}
		assert.Equal(t, want, got, s.Name)
		total += len(got)
	}
	assert.Equal(t, 64, total, "the 62 set attributes of upstream's data sources that this provider has, and the import route maps'")
}

// connections' filter is a block of at most one object, as upstream's
// (filter { ... }), not a nested attribute (filter = { ... }).
func TestConnectionsFilterIsABlock(t *testing.T) {
	var sr datasource.SchemaResponse
	newShowDataSource(specNamed(t, "connections"))().Schema(context.Background(), datasource.SchemaRequest{}, &sr)
	require.Contains(t, sr.Schema.Blocks, "filter")
	assert.NotContains(t, sr.Schema.Attributes, "filter")
	block, ok := sr.Schema.Blocks["filter"].(schema.ListNestedBlock)
	require.True(t, ok, "a list block, as upstream's MaxItems 1 list")
	assert.Len(t, block.Validators, 1, "at most one filter")
}

// The upstream provider's own examples (renamed) read, with the answers
// the device gives: "all" for the part or interface filters, the os
// diagnostics category, connections' filter block.
func TestAccUpstreamExamples(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	memory := seed.Node("1").Diagnostics[api.DiagnosticsCategoryOS]["memory"]
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: `
data "fwmgr_os_show_bootp_stats" "example" {
  summary = "all"
}

data "fwmgr_os_show_igmp_stats" "example" {
  type = "all"
}

data "fwmgr_os_show_igmp_groups" "example" {
  type      = "local"
  interface = "all"
}

data "fwmgr_os_show_diagnostics" "example" {
  category = "os"
  topic    = "memory"
}

data "fwmgr_os_show_diagnostics_topics" "example" {}

data "fwmgr_os_show_connections" "example" {
  max_results = "all"
  filter {
    ip_protocol      = 6
    destination_port = 443
  }
}

data "fwmgr_os_show_api_versions" "example" {}

output "supports_1_8" {
  value = contains(data.fwmgr_os_show_api_versions.example.supported_versions, "1.8")
}
`,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.fwmgr_os_show_bootp_stats.example", tfjsonpath.New("receive_summary"), knownvalue.ListSizeExact(1)),
				statecheck.ExpectKnownValue("data.fwmgr_os_show_bootp_stats.example", tfjsonpath.New("reply_summary"), knownvalue.ListSizeExact(1)),
				statecheck.ExpectKnownValue("data.fwmgr_os_show_igmp_stats.example", tfjsonpath.New("transmit"), knownvalue.ListSizeExact(1)),
				statecheck.ExpectKnownValue("data.fwmgr_os_show_igmp_groups.example", tfjsonpath.New("objects").AtSliceIndex(0).AtMapKey("type"),
					knownvalue.StringExact("local")),
				statecheck.ExpectKnownValue("data.fwmgr_os_show_diagnostics.example", tfjsonpath.New("total"), knownvalue.Int64Exact(int64(len(memory)))),
				statecheck.ExpectKnownValue("data.fwmgr_os_show_diagnostics.example", tfjsonpath.New("objects").AtSliceIndex(0).AtMapKey("type"),
					knownvalue.StringExact(memory[0].Type)),
				statecheck.ExpectKnownValue("data.fwmgr_os_show_diagnostics_topics.example", tfjsonpath.New("os"),
					knownvalue.StringExact("cpu, disk, memory")),
				statecheck.ExpectKnownValue("data.fwmgr_os_show_connections.example", tfjsonpath.New("filter").AtSliceIndex(0).AtMapKey("destination_port"),
					knownvalue.Int64Exact(443)),
				statecheck.ExpectKnownValue("data.fwmgr_os_show_api_versions.example", tfjsonpath.New("supported_versions"),
					knownvalue.SetPartial([]knownvalue.Check{knownvalue.StringExact("1.8")})),
				statecheck.ExpectKnownOutputValue("supports_1_8", knownvalue.Bool(true)),
			},
			Check: resource.TestMatchResourceAttr("data.fwmgr_os_show_connections.example", "data", regexp.MustCompile(`(?m)^.* 443 .*$`)),
		}},
	})
}

// A server written as a URL is refused at plan, with the host to write.
func TestAccServerWithScheme(t *testing.T) {
	acctest.PreCheck(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: `
provider "fwmgr" {
  server = "https://fw.example"
}
` + readsTheVersion,
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)server.*must\s+be\s+a\s+host\s+name\s+or\s+IP\s+address\s+without\s+a\s+scheme.*"fw.example",\s+not`),
		}},
	})
}

// A server that completes TLS and never answers ends the plan after the
// timeout, with a message that names the server, the command and the
// timeout setting.
func TestAccServerThatNeverAnswers(t *testing.T) {
	acctest.PreCheck(t)
	release := make(chan struct{})
	silent := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(silent.Close)
	t.Cleanup(func() { close(release) })
	u, err := url.Parse(silent.URL)
	require.NoError(t, err)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: fmt.Sprintf(`
provider "fwmgr" {
  server                    = %q
  port                      = %s
  ignore_server_certificate = true
  timeout                   = 1
}
`, u.Hostname(), u.Port()) + readsTheVersion,
			ExpectError: regexp.MustCompile(fmt.Sprintf(`(?s)show-version:\s+the\s+API\s+server\s+https://%s\s+did\s+not\s+answer\s+within\s+1s\s+\(the\s+provider's\s+timeout\s+setting`,
				regexp.QuoteMeta(u.Host))),
		}},
	})
}
