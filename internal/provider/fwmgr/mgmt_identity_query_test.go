package fwmgr

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/fwmgr"
	client "github.com/iacsuite/providers/internal/client/fwmgr"
	sandbox "github.com/iacsuite/providers/internal/sandbox/fwmgr"
	"github.com/iacsuite/providers/internal/workflowtest"
)

// The identity, query-mode and `terraform query -generate-config-out`
// tests of every management row. Each suite keeps the objects of its own
// apart by name (a tag in every name it makes), so that the suites and
// TestAccManagementTypes share the one sandbox without one listing or
// colliding with another's objects.

// mgmtIdentityCases are the identity cases of every row, one line each.
func mgmtIdentityCases() map[string]acctest.IdentityCase {
	return map[string]acctest.IdentityCase{
		"fwmgr_management_host":                      mgmtIdentityCase("host"),
		"fwmgr_management_network":                   mgmtIdentityCase("network"),
		"fwmgr_management_address_range":             mgmtIdentityCase("address-range"),
		"fwmgr_management_multicast_address_range":   mgmtIdentityCase("multicast-address-range"),
		"fwmgr_management_group":                     mgmtIdentityCase("group"),
		"fwmgr_management_group_with_exclusion":      mgmtIdentityCase("group-with-exclusion"),
		"fwmgr_management_dns_domain":                mgmtIdentityCase("dns-domain"),
		"fwmgr_management_dynamic_object":            mgmtIdentityCase("dynamic-object"),
		"fwmgr_management_security_zone":             mgmtIdentityCase("security-zone"),
		"fwmgr_management_wildcard":                  mgmtIdentityCase("wildcard"),
		"fwmgr_management_tag":                       mgmtIdentityCase("tag"),
		"fwmgr_management_time":                      mgmtIdentityCase("time"),
		"fwmgr_management_time_group":                mgmtIdentityCase("time-group"),
		"fwmgr_management_service_tcp":               mgmtIdentityCase("service-tcp"),
		"fwmgr_management_service_udp":               mgmtIdentityCase("service-udp"),
		"fwmgr_management_service_icmp":              mgmtIdentityCase("service-icmp"),
		"fwmgr_management_service_icmp6":             mgmtIdentityCase("service-icmp6"),
		"fwmgr_management_service_sctp":              mgmtIdentityCase("service-sctp"),
		"fwmgr_management_service_other":             mgmtIdentityCase("service-other"),
		"fwmgr_management_service_group":             mgmtIdentityCase("service-group"),
		"fwmgr_management_application_site":          mgmtIdentityCase("application-site"),
		"fwmgr_management_application_site_category": mgmtIdentityCase("application-site-category"),
		"fwmgr_management_application_site_group":    mgmtIdentityCase("application-site-group"),
		"fwmgr_management_package":                   mgmtIdentityCase("package"),
		"fwmgr_management_access_layer":              mgmtIdentityCase("access-layer"),
		"fwmgr_management_threat_layer":              mgmtIdentityCase("threat-layer"),
		"fwmgr_management_https_layer":               mgmtIdentityCase("https-layer"),
		"fwmgr_management_user":                      mgmtIdentityCase("user"),
		"fwmgr_management_user_group":                mgmtIdentityCase("user-group"),
		"fwmgr_management_user_template":             mgmtIdentityCase("user-template"),
		"fwmgr_management_access_role":               mgmtIdentityCase("access-role"),
		"fwmgr_management_simple_gateway":            mgmtIdentityCase("simple-gateway"),
		"fwmgr_management_simple_cluster":            mgmtIdentityCase("simple-cluster"),
		"fwmgr_management_interoperable_device":      mgmtIdentityCase("interoperable-device"),
		"fwmgr_management_vpn_community_meshed":      mgmtIdentityCase("vpn-community-meshed"),
		"fwmgr_management_vpn_community_star":        mgmtIdentityCase("vpn-community-star"),
		"fwmgr_management_threat_profile":            mgmtIdentityCase("threat-profile"),
		"fwmgr_management_threat_indicator":          mgmtIdentityCase("threat-indicator"),
	}
}

// mgmtQueryCases are the -generate-config-out cases of every row.
func mgmtQueryCases() map[string]workflowtest.QueryCase {
	return map[string]workflowtest.QueryCase{
		"fwmgr_management_host":                      mgmtQueryCase("host"),
		"fwmgr_management_network":                   mgmtQueryCase("network"),
		"fwmgr_management_address_range":             mgmtQueryCase("address-range"),
		"fwmgr_management_multicast_address_range":   mgmtQueryCase("multicast-address-range"),
		"fwmgr_management_group":                     mgmtQueryCase("group"),
		"fwmgr_management_group_with_exclusion":      mgmtQueryCase("group-with-exclusion"),
		"fwmgr_management_dns_domain":                mgmtQueryCase("dns-domain"),
		"fwmgr_management_dynamic_object":            mgmtQueryCase("dynamic-object"),
		"fwmgr_management_security_zone":             mgmtQueryCase("security-zone"),
		"fwmgr_management_wildcard":                  mgmtQueryCase("wildcard"),
		"fwmgr_management_tag":                       mgmtQueryCase("tag"),
		"fwmgr_management_time":                      mgmtQueryCase("time"),
		"fwmgr_management_time_group":                mgmtQueryCase("time-group"),
		"fwmgr_management_service_tcp":               mgmtQueryCase("service-tcp"),
		"fwmgr_management_service_udp":               mgmtQueryCase("service-udp"),
		"fwmgr_management_service_icmp":              mgmtQueryCase("service-icmp"),
		"fwmgr_management_service_icmp6":             mgmtQueryCase("service-icmp6"),
		"fwmgr_management_service_sctp":              mgmtQueryCase("service-sctp"),
		"fwmgr_management_service_other":             mgmtQueryCase("service-other"),
		"fwmgr_management_service_group":             mgmtQueryCase("service-group"),
		"fwmgr_management_application_site":          mgmtQueryCase("application-site"),
		"fwmgr_management_application_site_category": mgmtQueryCase("application-site-category"),
		"fwmgr_management_application_site_group":    mgmtQueryCase("application-site-group"),
		"fwmgr_management_package":                   mgmtQueryCase("package"),
		"fwmgr_management_access_layer":              mgmtQueryCase("access-layer"),
		"fwmgr_management_threat_layer":              mgmtQueryCase("threat-layer"),
		"fwmgr_management_https_layer":               mgmtQueryCase("https-layer"),
		"fwmgr_management_user":                      mgmtQueryCase("user"),
		"fwmgr_management_user_group":                mgmtQueryCase("user-group"),
		"fwmgr_management_user_template":             mgmtQueryCase("user-template"),
		"fwmgr_management_access_role":               mgmtQueryCase("access-role"),
		"fwmgr_management_simple_gateway":            mgmtQueryCase("simple-gateway"),
		"fwmgr_management_simple_cluster":            mgmtQueryCase("simple-cluster"),
		"fwmgr_management_interoperable_device":      mgmtQueryCase("interoperable-device"),
		"fwmgr_management_vpn_community_meshed":      mgmtQueryCase("vpn-community-meshed"),
		"fwmgr_management_vpn_community_star":        mgmtQueryCase("vpn-community-star"),
		"fwmgr_management_threat_profile":            mgmtQueryCase("threat-profile"),
		"fwmgr_management_threat_indicator":          mgmtQueryCase("threat-indicator"),
	}
}

// mgmtQueryModeBlocks are the list blocks of the query-mode test, by row:
// each lists the row's objects whose names filter(row) selects, with
// their resources.
func mgmtQueryModeBlocks(filter func(row string) string) map[string]string {
	return map[string]string{
		"host":                      acctest.ListBlock("fwmgr_management_host", "found", true, "filter = "+filter("host")),
		"network":                   acctest.ListBlock("fwmgr_management_network", "found", true, "filter = "+filter("network")),
		"address-range":             acctest.ListBlock("fwmgr_management_address_range", "found", true, "filter = "+filter("address-range")),
		"multicast-address-range":   acctest.ListBlock("fwmgr_management_multicast_address_range", "found", true, "filter = "+filter("multicast-address-range")),
		"group":                     acctest.ListBlock("fwmgr_management_group", "found", true, "filter = "+filter("group")),
		"group-with-exclusion":      acctest.ListBlock("fwmgr_management_group_with_exclusion", "found", true, "filter = "+filter("group-with-exclusion")),
		"dns-domain":                acctest.ListBlock("fwmgr_management_dns_domain", "found", true, "filter = "+filter("dns-domain")),
		"dynamic-object":            acctest.ListBlock("fwmgr_management_dynamic_object", "found", true, "filter = "+filter("dynamic-object")),
		"security-zone":             acctest.ListBlock("fwmgr_management_security_zone", "found", true, "filter = "+filter("security-zone")),
		"wildcard":                  acctest.ListBlock("fwmgr_management_wildcard", "found", true, "filter = "+filter("wildcard")),
		"tag":                       acctest.ListBlock("fwmgr_management_tag", "found", true, "filter = "+filter("tag")),
		"time":                      acctest.ListBlock("fwmgr_management_time", "found", true, "filter = "+filter("time")),
		"time-group":                acctest.ListBlock("fwmgr_management_time_group", "found", true, "filter = "+filter("time-group")),
		"service-tcp":               acctest.ListBlock("fwmgr_management_service_tcp", "found", true, "filter = "+filter("service-tcp")),
		"service-udp":               acctest.ListBlock("fwmgr_management_service_udp", "found", true, "filter = "+filter("service-udp")),
		"service-icmp":              acctest.ListBlock("fwmgr_management_service_icmp", "found", true, "filter = "+filter("service-icmp")),
		"service-icmp6":             acctest.ListBlock("fwmgr_management_service_icmp6", "found", true, "filter = "+filter("service-icmp6")),
		"service-sctp":              acctest.ListBlock("fwmgr_management_service_sctp", "found", true, "filter = "+filter("service-sctp")),
		"service-other":             acctest.ListBlock("fwmgr_management_service_other", "found", true, "filter = "+filter("service-other")),
		"service-group":             acctest.ListBlock("fwmgr_management_service_group", "found", true, "filter = "+filter("service-group")),
		"application-site":          acctest.ListBlock("fwmgr_management_application_site", "found", true, "filter = "+filter("application-site")),
		"application-site-category": acctest.ListBlock("fwmgr_management_application_site_category", "found", true, "filter = "+filter("application-site-category")),
		"application-site-group":    acctest.ListBlock("fwmgr_management_application_site_group", "found", true, "filter = "+filter("application-site-group")),
		"package":                   acctest.ListBlock("fwmgr_management_package", "found", true, "filter = "+filter("package")),
		"access-layer":              acctest.ListBlock("fwmgr_management_access_layer", "found", true, "filter = "+filter("access-layer")),
		"threat-layer":              acctest.ListBlock("fwmgr_management_threat_layer", "found", true, "filter = "+filter("threat-layer")),
		"https-layer":               acctest.ListBlock("fwmgr_management_https_layer", "found", true, "filter = "+filter("https-layer")),
		"user":                      acctest.ListBlock("fwmgr_management_user", "found", true, "filter = "+filter("user")),
		"user-group":                acctest.ListBlock("fwmgr_management_user_group", "found", true, "filter = "+filter("user-group")),
		"user-template":             acctest.ListBlock("fwmgr_management_user_template", "found", true, "filter = "+filter("user-template")),
		"access-role":               acctest.ListBlock("fwmgr_management_access_role", "found", true, "filter = "+filter("access-role")),
		"simple-gateway":            acctest.ListBlock("fwmgr_management_simple_gateway", "found", true, "filter = "+filter("simple-gateway")),
		"simple-cluster":            acctest.ListBlock("fwmgr_management_simple_cluster", "found", true, "filter = "+filter("simple-cluster")),
		"interoperable-device":      acctest.ListBlock("fwmgr_management_interoperable_device", "found", true, "filter = "+filter("interoperable-device")),
		"vpn-community-meshed":      acctest.ListBlock("fwmgr_management_vpn_community_meshed", "found", true, "filter = "+filter("vpn-community-meshed")),
		"vpn-community-star":        acctest.ListBlock("fwmgr_management_vpn_community_star", "found", true, "filter = "+filter("vpn-community-star")),
		"threat-profile":            acctest.ListBlock("fwmgr_management_threat_profile", "found", true, "filter = "+filter("threat-profile")),
		"threat-indicator":          acctest.ListBlock("fwmgr_management_threat_indicator", "found", true, "filter = "+filter("threat-indicator")),
	}
}

// The three tables above hold every row, under its own type, and no other:
// a row added to api.ManagementTypes must be added to each.
func TestMgmtIdentityQueryCasesCoverEveryRow(t *testing.T) {
	var want, wantRows []string
	for _, typ := range api.ManagementTypes {
		want = append(want, "fwmgr_"+mgmtName(typ))
		wantRows = append(wantRows, typ.Name)
	}
	slices.Sort(want)
	slices.Sort(wantRows)
	identity, query := mgmtIdentityCases(), mgmtQueryCases()
	for what, got := range map[string][]string{"identity cases": keysOf(identity), "query cases": keysOf(query)} {
		if !slices.Equal(got, want) {
			t.Errorf("the %s are of %v, want %v", what, got, want)
		}
	}
	blocks := mgmtQueryModeBlocks(func(row string) string { return strconv.Quote(row) })
	if got := keysOf(blocks); !slices.Equal(got, wantRows) {
		t.Errorf("the query-mode blocks are of %v, want %v", got, wantRows)
	}
	// Each value is made from the row of its key, not another row's.
	for _, typ := range api.ManagementTypes {
		key := "fwmgr_" + mgmtName(typ)
		if c, ok := identity[key]; ok && c.Config == nil {
			t.Errorf("the identity case of %s makes no configuration", key)
		}
		b := blocks[typ.Name]
		if head := fmt.Sprintf("list %q %q {", key, "found"); !strings.HasPrefix(b, head) || !strings.Contains(b, "filter = "+strconv.Quote(typ.Name)) {
			t.Errorf("the query-mode block of %s is not a list block of %s filtered by its row:\n%s", typ.Name, key, b)
		}
	}
	for _, row := range wantRows {
		if _, ok := mgmtRowIndex(row); !ok {
			t.Errorf("no row %s", row)
		}
	}
	if _, ok := mgmtRowIndex("no-such-row"); ok {
		t.Error("mgmtRowIndex found a row that does not exist")
	}
}

func keysOf[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// mgmtRowIndex is the index of the row named row in api.ManagementTypes.
func mgmtRowIndex(row string) (int, bool) {
	i := slices.IndexFunc(api.ManagementTypes, func(t api.ManagementType) bool { return t.Name == row })
	return i, i >= 0
}

// mgmtTaggedRow is the acceptance row of the type named row (its example
// objects and its renames), with tag in every name, apart from the
// other suites' objects. index sets the number that a time object's name
// carries instead (at most 11 characters).
func mgmtTaggedRow(t *testing.T, row, tag string, index int) *mgmtAccRow {
	t.Helper()
	i, ok := mgmtRowIndex(row)
	if !ok {
		t.Fatalf("no management row %s", row)
	}
	r := newMgmtAccRow(t, index+i, api.ManagementTypes[i])
	for k, v := range r.names {
		switch {
		case strings.HasPrefix(v, "."): // a domain: another label
			r.names[k] = "." + tag + v
		case strings.HasSuffix(v, " "+r.typ.Name):
			r.names[k] = v + " " + tag
		}
	}
	return r
}

// An object UID that no object of the sandbox has.
const absentUID = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"

// mgmtIdentityCase is the identity case of the row named row: its example
// objects, renamed for the identity suite, with the own object as
// <type>.test, and no provider block (acctest.Together writes
// it once for every row; the rows' labels are their own).
func mgmtIdentityCase(row string) acctest.IdentityCase {
	return acctest.IdentityCase{
		Config:     func(t *testing.T) string { return mgmtTestConfig(t, row, "id", 30) },
		Attributes: []string{mgmtAttrID},
		Absent:     map[string]string{mgmtAttrID: strconv.Quote(absentUID)},
		Malformed:  map[string][2]string{mgmtAttrID: {`"New Host 1"`, `an object UID \(a UUID`}},
	}
}

// mgmtTestConfig is the configuration of the row named row's example
// objects, renamed with tag (and index, for the time objects' short
// names), with the row's own object as <type>.test, and no provider block.
func mgmtTestConfig(t *testing.T, row, tag string, index int) string {
	r := mgmtTaggedRow(t, row, tag, index)
	var b strings.Builder
	r.config(t, &b, false)
	own := fmt.Sprintf("resource %q %q {", "fwmgr_"+mgmtName(r.typ), r.label(len(r.deps)))
	config := b.String()
	if strings.Count(config, own) != 1 {
		t.Fatalf("the configuration of %s does not hold its own object once (%s):\n%s", row, own, config)
	}
	return strings.Replace(config, own, fmt.Sprintf("resource %q \"test\" {", "fwmgr_"+mgmtName(r.typ)), 1)
}

// TestAccIdentity tests the identity of every management resource: create
// sets it, an import block with it imports the object unchanged, and a
// malformed, missing or absent UID is refused. All rows share one
// configuration, so that the table's rows add no Terraform runs.
func TestAccIdentity(t *testing.T) {
	acctest.PreCheck(t)
	cases := mgmtIdentityCases()
	maps.Copy(cases, ruleIdentityCases())
	acctest.TestIdentity(t, protoV6ProviderFactories, cases, acctest.Together(mgmtProvider))
}

// outOfBand is a management session of the test's own on the shared
// sandbox, which makes objects as another tool would. Its marker differs
// from the provider's, so that neither discards the other's session as a
// leftover.
var outOfBand struct {
	once sync.Once
	m    *client.Management
	err  error
}

func outOfBandManagement(t *testing.T) *client.Management {
	t.Helper()
	outOfBand.once.Do(func() {
		port, err := strconv.Atoi(shared.url.Port())
		if err != nil {
			outOfBand.err = fmt.Errorf("sandbox port: %w", err)
			return
		}
		c, err := client.New(client.Config{Server: shared.url.Hostname(), Port: port, Context: client.ContextWeb,
			Username: sandbox.DefaultUser, Password: sandbox.DefaultPassword})
		if err != nil {
			outOfBand.err = err
			return
		}
		// The sandbox ends a publish task at once: no need to wait long
		// between polls; and each test makes its objects one after
		// another, so a change need not wait for others to join its
		// publish.
		outOfBand.m = c.NewManagement(client.ManagementConfig{Marker: "[fwmgr acceptance test, out of band]", PollInterval: 10 * time.Millisecond, Gather: -1})
	})
	if outOfBand.err != nil {
		t.Fatal(outOfBand.err)
	}
	return outOfBand.m
}

// renameRefs is body with the references of fields renamed (in blocks
// too), for the API.
func renameRefs(fields []api.Field, body map[string]any, rename func(string) string) map[string]any {
	out := map[string]any{}
	for k, v := range body {
		out[k] = v
	}
	for _, f := range fields {
		v, ok := body[f.Name]
		if !ok {
			continue
		}
		switch x := v.(type) {
		case string:
			if len(f.RefTypes) > 0 {
				out[f.Name] = rename(x)
			}
		case []any:
			items := make([]any, len(x))
			for i, e := range x {
				switch y := e.(type) {
				case string:
					if len(f.RefTypes) > 0 {
						y = rename(y)
					}
					items[i] = y
				case map[string]any:
					items[i] = renameRefs(f.Fields, y, rename)
				default:
					items[i] = e
				}
			}
			out[f.Name] = items
		case map[string]any:
			out[f.Name] = renameRefs(f.Fields, x, rename)
		}
	}
	return out
}

// mgmtMadeOutOfBand makes, through the API, two objects of the row named
// row (its Example, under two names with tag that no other object has)
// after the objects they reference, and returns the filter that selects
// exactly the two, their names and their UIDs.
func mgmtMadeOutOfBand(t *testing.T, row, tag string, index int) (filter string, names, uids []string) {
	t.Helper()
	r := mgmtTaggedRow(t, row, tag, index)
	m := outOfBandManagement(t)
	ctx := context.Background()
	add := func(typ, name string, body map[string]any) string {
		ot, ok := api.LookupManagementType(typ)
		if !ok {
			t.Fatalf("example object of unknown type %s", typ)
		}
		body = renameRefs(ot.AllFields(), body, r.rename)
		body["name"] = name
		out, err := m.Apply(ctx, "add-"+typ, body)
		if err != nil {
			t.Fatalf("add-%s %q: %v", typ, name, err)
		}
		uid, _ := out["uid"].(string)
		if uid == "" {
			t.Fatalf("add-%s %q answered no uid: %v", typ, name, out)
		}
		return uid
	}
	for _, o := range r.deps {
		add(o.Type, r.rename(o.Body["name"].(string)), o.Body)
	}
	// The filter is a part of the names that no other object's name,
	// comments or string field holds: the tag and the row. A time
	// object's name has at most 11 characters; a domain's is a domain.
	filter = tag + ":" + row + ":"
	names = []string{filter + "a", filter + "b"}
	if row == "dns-domain" {
		filter = "." + tag + "-domain."
		names = []string{".a" + filter + "example", ".b" + filter + "example"}
	}
	for _, n := range names {
		uids = append(uids, add(row, n, r.typ.Example))
	}
	return filter, names, uids
}

// mgmtQueryCase is the -generate-config-out case of the row named row:
// two of its Examples made out of band, selected by filter.
func mgmtQueryCase(row string) workflowtest.QueryCase {
	return workflowtest.QueryCase{
		Objects: func(t *testing.T) (string, int) {
			filter, names, _ := mgmtMadeOutOfBand(t, row, "qc", 40)
			return "filter = " + strconv.Quote(filter), len(names)
		},
	}
}

// TestAccQueryGeneratedConfig adopts, for every management row, two
// objects made out of band: terraform query finds them, generates their
// configuration, which imports them with no change.
func TestAccQueryGeneratedConfig(t *testing.T) {
	acctest.PreCheck(t)
	cases := mgmtQueryCases()
	maps.Copy(cases, ruleQueryCases())
	// The OS API's collections, on a device of their own (the package's
	// shared one is read by the show data source tests): member 1's static
	// routes and VLAN interfaces, the seeded ones and two of each made out of
	// band.
	dev := startDevice(t, nil)
	cases["fwmgr_os_static_route"] = workflowtest.QueryCase{ProviderConfig: dev.providerBlock(), Objects: func(t *testing.T) (string, int) {
		return `member_id = "1"`, len(osStaticRoutesOutOfBand(t, dev, 2))
	}}
	cases["fwmgr_os_vlan_interface"] = workflowtest.QueryCase{ProviderConfig: dev.providerBlock(), Objects: func(t *testing.T) (string, int) {
		return `member_id = "1"`, len(osVlansOutOfBand(t, dev, 2))
	}}
	// Member 1's remote syslog servers and SNMP trap receivers: the seeded
	// ones and two of each made out of band.
	outOfBand := func(t *testing.T, add, show string, bodies ...map[string]any) (string, int) {
		for _, b := range bodies {
			dev.raw(t, add, b)
		}
		objects, _ := dev.raw(t, show, map[string]any{"member-id": "1"})["objects"].([]any)
		return `member_id = "1"`, len(objects)
	}
	cases["fwmgr_os_remote_syslog"] = workflowtest.QueryCase{ProviderConfig: dev.providerBlock(), Objects: func(t *testing.T) (string, int) {
		return outOfBand(t, "add-remote-syslog", "show-remote-syslogs",
			map[string]any{"server-ip": "198.51.100.60", "level": "info", "member-id": "1"},
			map[string]any{"server-ip": "2001:db8::60", "level": "err", "protocol": "tcp", "port": 6514, "member-id": "1"})
	}}
	cases["fwmgr_os_snmp_trap_receiver"] = workflowtest.QueryCase{ProviderConfig: dev.providerBlock(), Objects: func(t *testing.T) (string, int) {
		return outOfBand(t, "add-snmp-trap-receiver", "show-snmp-trap-receivers",
			map[string]any{"address": "198.51.100.162", "version": "v3", "member-id": "1"},
			map[string]any{"address": "198.51.100.163", "version": "v2", "community-string": "out-of-band", "member-id": "1"})
	}}
	workflowtest.TestQueries(t, workflowtest.Provider{Name: "fwmgr", New: New("test"), Config: mgmtProvider}, cases)
}

// TestAccQueryManagement lists, in one query run for all rows, the two
// objects of each row that the filter selects, with their resources: the
// identity (the UID) and the name of each.
func TestAccQueryManagement(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireQuery(t)
	filters := map[string]string{}
	var checks []querycheck.QueryResultCheck
	for _, typ := range api.ManagementTypes {
		filter, names, uids := mgmtMadeOutOfBand(t, typ.Name, "qm", 70)
		filters[typ.Name] = filter
		addr := "fwmgr_" + mgmtName(typ) + ".found"
		checks = append(checks, acctest.ExpectIdentities(addr, acctest.Identity(mgmtAttrID, uids[0]), acctest.Identity(mgmtAttrID, uids[1]))...)
		for i, uid := range uids {
			checks = append(checks,
				querycheck.ExpectResourceDisplayName(addr, queryfilter.ByResourceIdentity(acctest.Identity(mgmtAttrID, uid)), knownvalue.StringExact(names[i])),
				querycheck.ExpectResourceKnownValues(addr, queryfilter.ByResourceIdentity(acctest.Identity(mgmtAttrID, uid)), []querycheck.KnownValueCheck{
					{Path: tfjsonpath.New(mgmtAttrID), KnownValue: knownvalue.StringExact(uid)},
					{Path: tfjsonpath.New("name"), KnownValue: knownvalue.StringExact(names[i])},
				}))
		}
	}
	blocks := mgmtQueryModeBlocks(func(row string) string { return strconv.Quote(filters[row]) })
	var config strings.Builder
	for _, row := range keysOf(blocks) {
		config.WriteString(blocks[row])
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mgmtProvider},
			{Query: true, Config: config.String(), QueryResultChecks: checks},
		},
	})
}
