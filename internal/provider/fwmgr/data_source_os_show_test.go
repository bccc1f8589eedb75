package fwmgr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/iacsuite/providers/internal/acctest"
)

// One configuration reads every data source of the table with its
// generated example (the one in its docs). Every value of each answer the
// device gives for the same request, fetched over plain HTTP without the
// provider, must be in the data source's state under its snake_case name;
// a few values are also checked against the seeded device directly.
func TestAccShowDataSources(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	var config strings.Builder
	examples := Examples()
	for _, s := range showTable {
		config.WriteString(examples[s.TypeName()] + "\n")
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config.String(),
			Check: func(st *terraform.State) error {
				var errs []error
				compared := 0
				for _, s := range showTable {
					attrs, err := dataSourceAttributes(st, s.TypeName())
					if err != nil {
						errs = append(errs, err)
						continue
					}
					want := flatten(shared.raw(t, s.cmd.Name, s.examplePayload()))
					for _, k := range volatile[s.Name] {
						delete(want, k) // read a moment apart
					}
					if len(want) == 0 {
						errs = append(errs, fmt.Errorf("%s: the device answered nothing to compare", s.TypeName()))
					}
					compared += len(want)
					var sr datasource.SchemaResponse
					newShowDataSource(s)().Schema(context.Background(), datasource.SchemaRequest{}, &sr)
					sets := setPaths("", sr.Schema.Attributes, sr.Schema.Blocks)
					if err := compareAttributes(sortSets(attrs, sets), sortSets(want, sets)); err != nil {
						errs = append(errs, fmt.Errorf("%s: %w", s.TypeName(), err))
					}
					if attrs["id"] == "" {
						errs = append(errs, fmt.Errorf("%s: no id", s.TypeName()))
					}
				}
				t.Logf("%d values of %d data sources compared with the device's answers", compared, len(showTable))
				return errors.Join(errs...)
			},
		}},
	})
}

// volatile are the outputs that change from one read to the next: a clock.
var volatile = map[string][]string{"time_and_date": {"date", "time", "iso8601", "posix"}}

// Values read straight from the seeded device: the sandbox's data, not
// the provider's.
func TestAccShowSeededValues(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	member := seed.Node("1")
	iface := member.Interfaces[0].All[0]
	peer := member.BgpPeers[0]
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: fmt.Sprintf(`
data "fwmgr_os_show_interface" "first" {
  name = %q
}
data "fwmgr_os_show_bgp_peer" "first" {
  peer = %q
}
data "fwmgr_os_show_bgp_peers" "page" {}
data "fwmgr_os_show_cluster_members" "all" {}
data "fwmgr_os_show_version" "this" {}
`, iface.Name, peer.Peer),
			Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("data.fwmgr_os_show_interface.first", "ipv4_address", iface.IPv4Address),
				resource.TestCheckResourceAttr("data.fwmgr_os_show_interface.first", "id", "show-interface?name="+iface.Name),
				resource.TestCheckResourceAttr("data.fwmgr_os_show_bgp_peer.first", "state", peer.State),
				resource.TestCheckResourceAttr("data.fwmgr_os_show_bgp_peer.first", "remote_as", peer.RemoteAS),
				resource.TestCheckResourceAttr("data.fwmgr_os_show_bgp_peers.page", "total", strconv.Itoa(len(member.BgpPeers))),
				resource.TestCheckResourceAttr("data.fwmgr_os_show_bgp_peers.page", "from", "1"),
				resource.TestCheckResourceAttr("data.fwmgr_os_show_bgp_peers.page", "objects.0.peer", member.BgpPeers[0].Peer),
				resource.TestCheckResourceAttr("data.fwmgr_os_show_cluster_members.all", "members.#", strconv.Itoa(len(seed.Members))),
				resource.TestCheckResourceAttr("data.fwmgr_os_show_cluster_members.all", "pending_gateways.0.hostname", seed.PendingGateways[0].Hostname),
				resource.TestCheckResourceAttr("data.fwmgr_os_show_version.this", "product_version", seed.Version.ProductVersion),
			),
		}},
	})
}

// member_id runs the command on that member: its serial number and
// asset inventory, not the other member's.
func TestAccShowMemberID(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: `
data "fwmgr_os_show_serial_number" "default" {}
data "fwmgr_os_show_serial_number" "one" {
  member_id = "1"
}
data "fwmgr_os_show_serial_number" "two" {
  member_id = "2"
}
data "fwmgr_os_show_bgp_peers" "two" {
  member_id = "2"
  limit     = 1
}
`,
			Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("data.fwmgr_os_show_serial_number.default", "serial_number", seed.Node("1").SerialNumber),
				resource.TestCheckResourceAttr("data.fwmgr_os_show_serial_number.one", "serial_number", seed.Node("1").SerialNumber),
				resource.TestCheckResourceAttr("data.fwmgr_os_show_serial_number.two", "serial_number", seed.Node("2").SerialNumber),
				resource.TestCheckResourceAttr("data.fwmgr_os_show_serial_number.two", "member_id", "2"),
				resource.TestCheckResourceAttr("data.fwmgr_os_show_bgp_peers.two", "objects.0.uptime",
					strconv.FormatInt(seed.Node("2").BgpPeers[0].Uptime, 10)),
				func(*terraform.State) error {
					if seed.Node("1").SerialNumber == seed.Node("2").SerialNumber {
						return errors.New("the seeded members have the same serial number: the test proves nothing")
					}
					return nil
				},
			),
		}},
	})
}

// Reading every route received, page by page, returns each route exactly
// once, whatever the page size and order.
func TestAccShowBgpRoutesPaging(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	routes := seed.Node("1").RoutesIn
	if len(routes) < 2000 {
		t.Fatalf("the device has %d routes in; paging needs at least 2000", len(routes))
	}
	for _, tc := range []struct {
		limit int
		order string
	}{{1000, "ASC"}, {700, "DESC"}} {
		t.Run(fmt.Sprintf("%d %s", tc.limit, tc.order), func(t *testing.T) {
			pages := (len(routes) + tc.limit - 1) / tc.limit
			var config strings.Builder
			for p := range pages {
				fmt.Fprintf(&config, "data \"fwmgr_os_show_bgp_routes_in\" \"p%d\" {\n  limit  = %d\n  offset = %d\n  order  = %q\n}\n",
					p, tc.limit, p*tc.limit, tc.order)
			}
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: config.String(),
					Check: func(st *terraform.State) error {
						seen := map[string]int{}
						var order []string
						for p := range pages {
							attrs, err := dataSourceAttributes(st, fmt.Sprintf("fwmgr_os_show_bgp_routes_in.p%d", p))
							if err != nil {
								return err
							}
							if attrs["total"] != strconv.Itoa(len(routes)) {
								return fmt.Errorf("page %d: total %s, want %d", p, attrs["total"], len(routes))
							}
							n, _ := strconv.Atoi(attrs["objects.#"])
							for i := range n {
								key := attrs[fmt.Sprintf("objects.%d.peer", i)] + " " + attrs[fmt.Sprintf("objects.%d.route", i)]
								seen[key]++
								order = append(order, key)
							}
						}
						if len(order) != len(routes) {
							return fmt.Errorf("read %d routes over %d pages, want %d", len(order), pages, len(routes))
						}
						for _, r := range routes {
							if key := r.Peer + " " + r.Route; seen[key] != 1 {
								return fmt.Errorf("route %s read %d times", key, seen[key])
							}
						}
						first := routes[0].Peer + " " + routes[0].Route
						if tc.order == "DESC" {
							first = routes[len(routes)-1].Peer + " " + routes[len(routes)-1].Route
						}
						if order[0] != first {
							return fmt.Errorf("first route %s, want %s in %s order", order[0], first, tc.order)
						}
						return nil
					},
				}},
			})
		})
	}
}

// A show data source through a provider configured for the management API
// fails with an error that says what to do.
func TestAccShowWithWebContext(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      shared.providerBlock(`context = "web_api"`) + `data "fwmgr_os_show_asset" "x" {}`,
			ExpectError: regexp.MustCompile(`(?s)fwmgr_os_show_asset runs the OS API command show-asset.*context = "os_api"`),
		}},
	})
}

// debug logs the request and the answer through the provider's log.
func TestAccShowDebug(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: `data "fwmgr_os_show_serial_number" "x" {
  debug = true
}`,
			Check: resource.TestCheckResourceAttr("data.fwmgr_os_show_serial_number.x", "debug", "true"),
		}},
	})
}

// examplePayload is the request the generated example sends.
func (s showSpec) examplePayload() map[string]any {
	payload := map[string]any{}
	for _, in := range s.inputs {
		if in.Example == "" {
			continue
		}
		switch in.Kind {
		case inString:
			var v string
			if json.Unmarshal([]byte(in.Example), &v) != nil {
				v = in.Example // a number written for a string input
			}
			payload[in.Wire] = v
		case inInt:
			n, _ := strconv.ParseInt(in.Example, 10, 64)
			payload[in.Wire] = n
		case inBool:
			payload[in.Wire] = in.Example == "true"
		}
	}
	return payload
}

func dataSourceAttributes(st *terraform.State, typeAndName string) (map[string]string, error) {
	if !strings.Contains(typeAndName, ".") {
		typeAndName += ".example"
	}
	rs, ok := st.RootModule().Resources["data."+typeAndName]
	if !ok || rs.Primary == nil {
		return nil, fmt.Errorf("data.%s is not in the state", typeAndName)
	}
	return rs.Primary.Attributes, nil
}

// flatten turns a JSON answer into the flat attributes of the state:
// snake_case names, lists as name.# and name.<i>, a nested object as a
// list of one.
func flatten(answer map[string]any) map[string]string {
	out := map[string]string{}
	var walk func(prefix string, v any, top bool)
	walk = func(prefix string, v any, top bool) {
		switch v := v.(type) {
		case nil:
		case map[string]any:
			if !top {
				out[prefix+".#"] = "1"
				prefix += ".0"
			}
			for k, e := range v {
				name := strings.ReplaceAll(k, "-", "_")
				if prefix != "" {
					name = prefix + "." + name
				}
				walk(name, e, false)
			}
		case []any:
			out[prefix+".#"] = strconv.Itoa(len(v))
			for i, e := range v {
				p := fmt.Sprintf("%s.%d", prefix, i)
				if m, ok := e.(map[string]any); ok {
					for k, f := range m {
						walk(p+"."+strings.ReplaceAll(k, "-", "_"), f, false)
					}
					continue
				}
				walk(p, e, false)
			}
		case bool:
			out[prefix] = strconv.FormatBool(v)
		case json.Number:
			out[prefix] = v.String()
		default:
			out[prefix] = fmt.Sprint(v)
		}
	}
	walk("", answer, true)
	return out
}

// sortSets orders the elements of every set of flat attributes by value:
// a set's elements have no order, the device answers them in its own and
// the state in Terraform's.
func sortSets(attrs map[string]string, sets []string) map[string]string {
	index := regexp.MustCompile(`\.[0-9]+(\.|$)`)
	elems := map[string][]string{}
	out := map[string]string{}
	for k, v := range attrs {
		parent, last, _ := cutLast(k)
		if _, err := strconv.Atoi(last); err == nil && slices.Contains(sets, index.ReplaceAllString(parent, "$1")) {
			elems[parent] = append(elems[parent], v)
			continue
		}
		out[k] = v
	}
	for parent, vs := range elems {
		slices.Sort(vs)
		for i, v := range vs {
			out[fmt.Sprintf("%s.%d", parent, i)] = v
		}
	}
	return out
}

func cutLast(key string) (string, string, bool) {
	i := strings.LastIndex(key, ".")
	if i < 0 {
		return "", key, false
	}
	return key[:i], key[i+1:], true
}

func compareAttributes(got, want map[string]string) error {
	var diffs []string
	for k, w := range want {
		if g, ok := got[k]; !ok || g != w {
			diffs = append(diffs, fmt.Sprintf("%s = %q, want %q", k, g, w))
		}
	}
	if len(diffs) == 0 {
		return nil
	}
	sort.Strings(diffs)
	if len(diffs) > 10 {
		diffs = append(diffs[:10], fmt.Sprintf("… and %d more", len(diffs)-10))
	}
	return errors.New(strings.Join(diffs, "; "))
}

// The filter block of show-connections reaches the device under
// its wire names, and max_results takes the word all.
func TestAccShowConnectionsFilter(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	conns := seed.Node("1").Connections
	source := conns[0].Source
	want := 0
	for _, c := range conns {
		if c.Source == source {
			want++
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: fmt.Sprintf(`
data "fwmgr_os_show_connections" "from_one_source" {
  max_results = "all"
  filter {
    source = %q
  }
}
data "fwmgr_os_show_connections" "two" {
  max_results = 2
}
`, source),
			Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("data.fwmgr_os_show_connections.from_one_source", "results", strconv.Itoa(want)),
				resource.TestCheckResourceAttr("data.fwmgr_os_show_connections.from_one_source", "filter.0.source", source),
				resource.TestCheckResourceAttr("data.fwmgr_os_show_connections.two", "results", "2"),
				func(*terraform.State) error {
					if want == len(conns) {
						return errors.New("every seeded connection has the same source: the filter test proves nothing")
					}
					return nil
				},
			),
		}},
	})
}
