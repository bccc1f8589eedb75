package fwmgr

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// The OS configuration resources change singletons of the device, which
// the show data source tests read on the package's shared device and
// compare with the device's answers a moment later: a set there in between
// would fail them. So these tests run on a device of their own, one per
// test function; on it every row's test runs in parallel with the others
// (each changes only its own setting), and the steps of one row, which
// change its one setting on every member and then on one, run in order.

// osResourceAddr is the resource of a row in the tests' configurations.
func osResourceAddr(row api.OSResource) string { return osTypeName(row) + ".test" }

// osShowName is the show data source that reads what the row sets.
func osShowName(row api.OSResource) string {
	return "fwmgr_os_show_" + snakeCase(row.ShowCommand().Function)
}

// osConfig is a configuration of dev with the row's resource (body, on
// member when not empty; no resource when body is empty) and the row's
// show data source on members 1 and 2, read after the resource.
func osConfig(dev *testDevice, row api.OSResource, body, member string) string {
	var b strings.Builder
	b.WriteString(dev.providerBlock())
	dependsOn := ""
	if body != "" {
		fmt.Fprintf(&b, "\nresource %q \"test\" {\n", osTypeName(row))
		if member != "" {
			fmt.Fprintf(&b, "  member_id = %q\n", member)
		}
		for _, line := range strings.Split(body, "\n") {
			b.WriteString("  " + line + "\n")
		}
		b.WriteString("}\n")
		dependsOn = fmt.Sprintf("  depends_on = [%s]\n", osResourceAddr(row))
	}
	for _, m := range []string{"1", "2"} {
		fmt.Fprintf(&b, "\ndata %q \"m%s\" {\n  member_id = %q\n%s}\n", osShowName(row), m, m, dependsOn)
	}
	return b.String()
}

// osElements are the values of the row's fields in a flattened state, a
// set's (or list's) elements sorted, so that a resource's set and a data
// source's list compare.
func osElements(attrs map[string]string, row api.OSResource) map[string]string {
	out := map[string]string{}
	for _, f := range row.Fields {
		name := attrName(f.Wire)
		switch f.Kind {
		case api.OSStringSet, api.OSBlockSet, api.OSBlockList:
			n, _ := strconv.Atoi(attrs[name+".#"])
			elems := make([]string, 0, n)
			for i := 0; i < n; i++ {
				if f.Kind == api.OSStringSet {
					elems = append(elems, attrs[fmt.Sprintf("%s.%d", name, i)])
					continue
				}
				parts := make([]string, 0, len(f.Nested))
				for _, nf := range f.Nested {
					parts = append(parts, nf.Name+"="+attrs[fmt.Sprintf("%s.%d.%s", name, i, attrName(nf.Wire))])
				}
				elems = append(elems, strings.Join(parts, ","))
			}
			sort.Strings(elems)
			out[f.Name] = "[" + strings.Join(elems, " ") + "]"
		case api.OSBlock:
			osSingleBlockValues(out, attrs, f, f.Name, name)
		default:
			out[f.Name] = attrs[name]
		}
	}
	return out
}

// osSingleBlockValues adds the values of a single block (a list of one in
// both states) to out, by their paths (a.b), its blocks' alike, with the
// number of blocks (a.#) so that a block missing on one side differs.
func osSingleBlockValues(out, attrs map[string]string, f api.OSField, key, name string) {
	out[key+".#"] = attrs[name+".#"]
	for _, n := range f.Nested {
		if n.Kind == api.OSBlock {
			osSingleBlockValues(out, attrs, n, key+"."+n.Name, name+".0."+attrName(n.Wire))
			continue
		}
		out[key+"."+n.Name] = attrs[name+".0."+attrName(n.Wire)]
	}
}

func osAttrs(st *terraform.State, addr string) (map[string]string, error) {
	rs, ok := st.RootModule().Resources[addr]
	if !ok || rs.Primary == nil {
		return nil, fmt.Errorf("%s is not in the state", addr)
	}
	return rs.Primary.Attributes, nil
}

// osShows checks that the show data source of each member in shown reads
// what the resource holds, and that of each member in kept reads want
// (the values before: a member the set did not reach).
func osShows(row api.OSResource, shown, kept []string, want map[string]string) resource.TestCheckFunc {
	return func(st *terraform.State) error {
		res, err := osAttrs(st, osResourceAddr(row))
		if err != nil {
			return err
		}
		set := osElements(res, row)
		for _, m := range shown {
			ds, err := osAttrs(st, fmt.Sprintf("data.%s.m%s", osShowName(row), m))
			if err != nil {
				return err
			}
			if got := osElements(ds, row); fmt.Sprint(got) != fmt.Sprint(set) {
				return fmt.Errorf("member %s shows %v, the resource holds %v", m, got, set)
			}
		}
		for _, m := range kept {
			ds, err := osAttrs(st, fmt.Sprintf("data.%s.m%s", osShowName(row), m))
			if err != nil {
				return err
			}
			if got := osElements(ds, row); fmt.Sprint(got) != fmt.Sprint(want) {
				return fmt.Errorf("member %s shows %v, it should have kept %v", m, got, want)
			}
		}
		return nil
	}
}

// osBefore reads, through the show data sources of a configuration
// without the resource, the values of members 1 and 2, into before.
func osBefore(row api.OSResource, before map[string]map[string]string) resource.TestCheckFunc {
	return func(st *terraform.State) error {
		for _, m := range []string{"1", "2"} {
			ds, err := osAttrs(st, fmt.Sprintf("data.%s.m%s", osShowName(row), m))
			if err != nil {
				return err
			}
			before[m] = osElements(ds, row)
		}
		return nil
	}
}

// osRestored checks that members 1 and 2 show again what they showed in
// before.
func osRestored(row api.OSResource, before map[string]map[string]string) resource.TestCheckFunc {
	return func(st *terraform.State) error {
		if _, ok := st.RootModule().Resources[osResourceAddr(row)]; ok {
			return fmt.Errorf("%s is still in the state", osResourceAddr(row))
		}
		for _, m := range []string{"1", "2"} {
			ds, err := osAttrs(st, fmt.Sprintf("data.%s.m%s", osShowName(row), m))
			if err != nil {
				return err
			}
			if got := osElements(ds, row); fmt.Sprint(got) != fmt.Sprint(before[m]) {
				return fmt.Errorf("after destroy member %s shows %v, not what it showed before: %v", m, got, before[m])
			}
		}
		return nil
	}
}

// osDrift changes the row's setting on the device (every member) behind
// Terraform's back, with the set command of the row's example values
// written by hand in the wire's names.
var osDrift = map[string]map[string]any{
	"hostname":           {"name": "changed-by-hand"},
	"dns":                {"primary": "10.99.0.53", "forwarding-domains": []any{}},
	"ntp":                {"enabled": true, "servers": []any{map[string]any{"address": "10.99.0.123"}}},
	"time_and_date":      {"timezone": "UTC"},
	"banner":             {"message": "changed by hand", "enabled": true},
	"message_of_the_day": {"message": "changed by hand", "enabled": true},
	"proxy":              {"address": "10.99.0.80", "port": 9999},
	"allowed_clients":    {"allowed-hosts": []any{"10.99.0.1"}, "allowed-networks": []any{}},
	"password_policy": {"password-strength": map[string]any{"minimum-length": 20},
		"lock-settings": map[string]any{"failed-attempts-settings": map[string]any{"failed-attempts-allowed": 99}}},
}

// TestAccOSResources runs every row of api.OSResources: the values before
// are read through the show data sources; create with the row's example
// on every member (both members show it); every argument changed in place;
// import by ID, verified; a change made on the device shows in the next
// plan as an update, which puts the configuration back; destroy restores
// what both members showed before. Then the same on member 2 alone: member
// 1 keeps its value, and destroy restores member 2's.
func TestAccOSResources(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	dev := startDevice(t, nil)
	for _, row := range api.OSResources {
		if row.Collection() {
			continue // TestAccOSCollections
		}
		t.Run(row.Name, func(t *testing.T) {
			t.Parallel()
			drift, ok := osDrift[row.Name]
			if !ok {
				t.Fatalf("no drift of %s in osDrift", row.Name)
			}
			before := map[string]map[string]string{}
			addr := osResourceAddr(row)
			importID := osAllMembers
			if row.VirtualSystem {
				importID += ":0"
			}
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{
					{Config: osConfig(dev, row, "", ""), Check: osBefore(row, before)},
					{Config: osConfig(dev, row, row.Example, ""), Check: osShows(row, []string{"1", "2"}, nil, nil)},
					{Config: osConfig(dev, row, row.Example, ""), ConfigPlanChecks: resource.ConfigPlanChecks{
						PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
					{Config: osConfig(dev, row, row.Change, ""), Check: osShows(row, []string{"1", "2"}, nil, nil),
						ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
							plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate)}}},
					{Config: osConfig(dev, row, row.Change, ""), ResourceName: addr, ImportState: true,
						ImportStateId: importID, ImportStateVerify: true, ImportStateVerifyIgnore: []string{attrDebug}},
					{Config: osConfig(dev, row, row.Change, ""),
						PreConfig: func() { dev.raw(t, row.Set, drift) },
						ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
							plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate)}},
						Check: osShows(row, []string{"1", "2"}, nil, nil)},
					// The data sources are read before the destroy is
					// applied: the next run reads them again.
					{Config: osConfig(dev, row, "", "")},
					{Config: osConfig(dev, row, "", ""), Check: osRestored(row, before)},
					// One member: member 2 shows the value, member 1
					// keeps what it had.
					{Config: osConfig(dev, row, row.Example, "2"),
						Check: func(st *terraform.State) error {
							return osShows(row, []string{"2"}, []string{"1"}, before["1"])(st)
						}},
					{Config: osConfig(dev, row, row.Example, "2"), ResourceName: addr, ImportState: true,
						ImportStateId: strings.Replace(importID, osAllMembers, "2", 1), ImportStateVerify: true,
						ImportStateVerifyIgnore: []string{attrDebug}},
					{Config: osConfig(dev, row, "", "")},
					{Config: osConfig(dev, row, "", ""), Check: osRestored(row, before)},
				},
			})
		})
	}
}

// TestAccOSResources_invalid: bad values are refused at plan, each with a
// message that names the argument and its rule, and bad import IDs name
// the shape.
func TestAccOSResources_invalid(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	dev := startDevice(t, nil)
	cases := []struct {
		row, body, member string
		want              string
	}{
		{"hostname", `name = "10.0.0.1"`, "", `name must be a host name: labels of 1 to 63 letters`},
		{"hostname", `name = "-edge"`, "", `name must be a host name`},
		{"hostname", `name = "fw-1"`, "0", `member_id must be a cluster member's member-id`},
		{"dns", `primary = "not-an-address"`, "", `primary must be an IPv4 or IPv6 address or "" \(none\)`},
		{"dns", `suffix = "bad..example"`, "", `suffix must be a domain name`},
		{"dns", "virtual_system_id = -1", "", `virtual_system_id value must be at least 0`},
		{"dns", "forwarding_domains {\n  suffix  = \"x_y\"\n  primary = \"10.0.0.1\"\n}", "", `forwarding_domains.*suffix must be a host name`},
		{"dns", "forwarding_domains {\n  suffix  = \"lab.example\"\n  primary = \"\"\n}", "", `primary must be an IPv4 or IPv6 address`},
		{"ntp", "servers {\n  address = \"10.0.0.1\"\n  version = 5\n}", "", `version value must be between 1 and 4`},
		{"ntp", "servers {\n  address = \"10.0.0.1\"\n  type    = \"peer\"\n}", "", `type value must be one of`},
		{"ntp", "servers {\n  address = \"bad_host!\"\n}", "", `address must be an IPv4 or IPv6 address or a host name`},
		{"time_and_date", `timezone = "Asia/Tokyo"`, "", `timezone must be a time zone written as show-timezones lists it`},
		{"banner", `message = ""`, "", `message must be 1 to 2000 characters of text`},
		{"banner", fmt.Sprintf("message = %q", strings.Repeat("x", api.MaxLoginMessage+1)), "", `message must be 1 to 2000 characters`},
		{"message_of_the_day", `message = "bell\u0007"`, "", `message must be 1 to 2000 characters of text: printable characters`},
		{"proxy", "address = \"10.1.2.80\"\nport = 0", "", `port value must be between 1 and 65535`},
		{"proxy", "address = \"10.1.2.80\"\nport = 65536", "", `port value must be between 1 and 65535`},
		{"proxy", "address = \"2001:db8::80\"\nport = 8080", "", `address must be an IPv4 address or a host name, or "" \(no proxy\)`},
		{"allowed_clients", `allowed_hosts = ["10.0.0.1", "2001:db8::1"]`, "", `allowed_hosts.*must be an IPv4 address`},
		{"allowed_clients", "allowed_networks {\n  subnet      = \"10.0.0.0\"\n  mask_length = 33\n}", "", `mask_length value must be between 1 and 32`},
		{"allowed_clients", "allowed_networks {\n  subnet      = \"fd00::\"\n  mask_length = 16\n}", "", `subnet must be an IPv4 address`},
		{"allowed_clients", "allowed_networks {\n  mask_length = 16\n}", "", `The argument "subnet" is required`},
		{"password_policy", "password_strength {\n  minimum_length = 5\n}", "", `minimum_length value must be between 6 and 128`},
		{"password_policy", "password_strength {\n  complexity = 1\n}\npassword_strength {\n  complexity = 2\n}", "", `password_strength.*must contain at most 1`},
		{"password_policy", "lock_settings {\n  password_expiration_days = \"0\"\n}", "", `password_expiration_days must be "never" or a whole number of days from 1 to 1827`},
		{"password_policy", "lock_settings {\n  failed_attempts_settings {\n    failed_attempts_allowed = 1\n  }\n}", "", `failed_attempts_allowed value must be between 2 and 1000`},
		{"password_policy", "lock_settings {\n  inactivity_settings {\n    inactivity_threshold_days = 1828\n  }\n}", "", `inactivity_threshold_days value must be between 1 and 1827`},
	}
	steps := []resource.TestStep{}
	for _, c := range cases {
		row, ok := api.LookupOSResource(c.row)
		if !ok {
			t.Fatalf("no row %s", c.row)
		}
		steps = append(steps, resource.TestStep{Config: osConfig(dev, row, c.body, c.member), PlanOnly: true,
			ExpectError: regexp.MustCompile(`(?s)` + spaced(c.want))})
	}
	hostname, _ := api.LookupOSResource("hostname")
	dns, _ := api.LookupOSResource("dns")
	for _, c := range []struct {
		row  api.OSResource
		body string
		id   string
	}{
		{hostname, hostname.Example, "first"},
		{hostname, hostname.Example, "0"},
		{hostname, hostname.Example, "all:0"},
		{dns, dns.Example, "all"},
		{dns, dns.Example, "2:x"},
		{dns, dns.Example, "2:-1"},
	} {
		steps = append(steps, resource.TestStep{Config: osConfig(dev, c.row, c.body, ""), ResourceName: osResourceAddr(c.row),
			ImportState: true, ImportStateId: c.id,
			ExpectError: regexp.MustCompile(`(?s)import\s+identifier\s+"` + regexp.QuoteMeta(c.id) + `"\s+is\s+not\s+of\s+the\s+shape\s+<member_id>`)})
	}
	resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: protoV6ProviderFactories, Steps: steps})
}

func spaced(pattern string) string { return strings.ReplaceAll(pattern, " ", `\s+`) }

// TestAccOSIdentity tests the identity of every OS resource, each case on
// a device of its own (see the top of this file), on member 2: create
// sets the identity, an import block with it imports the setting
// unchanged, and a malformed, missing or absent (member 9, which does not
// exist) member or virtual system is refused.
func TestAccOSIdentity(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	config := func(name string) func(t *testing.T) string {
		row, ok := api.LookupOSResource(name)
		if !ok {
			t.Fatalf("no row %s", name)
		}
		return func(t *testing.T) string {
			dev := startDevice(t, nil)
			return fmt.Sprintf("%s\nresource %q \"test\" {\n  member_id = \"2\"\n  %s\n}\n", dev.providerBlock(), osTypeName(row),
				strings.ReplaceAll(row.Example, "\n", "\n  "))
		}
	}
	member := [2]string{`"first"`, `a cluster member's member-id \(1\) or all`}
	cases := map[string]acctest.IdentityCase{
		"fwmgr_os_hostname": {Config: config("hostname"), Attributes: []string{attrMemberID},
			Absent: map[string]string{attrMemberID: `"9"`}, Malformed: map[string][2]string{attrMemberID: member}},
		"fwmgr_os_ntp": {Config: config("ntp"), Attributes: []string{attrMemberID},
			Absent: map[string]string{attrMemberID: `"9"`}, Malformed: map[string][2]string{attrMemberID: member}},
		"fwmgr_os_time_and_date": {Config: config("time_and_date"), Attributes: []string{attrMemberID},
			Absent: map[string]string{attrMemberID: `"9"`}, Malformed: map[string][2]string{attrMemberID: member}},
		"fwmgr_os_dns": {Config: config("dns"), Attributes: []string{attrMemberID, osAttrVirtualSystemID},
			Absent:    map[string]string{attrMemberID: `"9"`, osAttrVirtualSystemID: "0"},
			Malformed: map[string][2]string{attrMemberID: member, osAttrVirtualSystemID: {"-1", `a virtual system's ID, 0 or more`}}},
		"fwmgr_os_banner": {Config: config("banner"), Attributes: []string{attrMemberID},
			Absent: map[string]string{attrMemberID: `"9"`}, Malformed: map[string][2]string{attrMemberID: member}},
		"fwmgr_os_message_of_the_day": {Config: config("message_of_the_day"), Attributes: []string{attrMemberID},
			Absent: map[string]string{attrMemberID: `"9"`}, Malformed: map[string][2]string{attrMemberID: member}},
		"fwmgr_os_proxy": {Config: config("proxy"), Attributes: []string{attrMemberID},
			Absent: map[string]string{attrMemberID: `"9"`}, Malformed: map[string][2]string{attrMemberID: member}},
		"fwmgr_os_allowed_clients": {Config: config("allowed_clients"), Attributes: []string{attrMemberID},
			Absent: map[string]string{attrMemberID: `"9"`}, Malformed: map[string][2]string{attrMemberID: member}},
		"fwmgr_os_password_policy": {Config: config("password_policy"), Attributes: []string{attrMemberID},
			Absent: map[string]string{attrMemberID: `"9"`}, Malformed: map[string][2]string{attrMemberID: member}},
		"fwmgr_os_static_route": {Config: config("static_route"), Attributes: []string{attrMemberID, "address", "mask_length"},
			Absent: map[string]string{attrMemberID: `"2"`, "address": `"1.2.9.0"`, "mask_length": "24"},
			Malformed: map[string][2]string{attrMemberID: member, "address": {`"not-an-address"`, `must be an IPv4 or IPv6 network address`},
				"mask_length": {"129", `a whole number from 0 to 128`}}},
		"fwmgr_os_vlan_interface": {Config: config("vlan_interface"), Attributes: []string{attrMemberID, "parent", "resource_id"},
			Absent: map[string]string{attrMemberID: `"2"`, "parent": `"eth2"`, "resource_id": "999"},
			Malformed: map[string][2]string{attrMemberID: member, "parent": {`"eth2.5"`, `must be the name of a physical or bond interface`},
				"resource_id": {"1", `a whole number from 2 to 4094`}}},
	}
	if len(cases) != len(api.OSResources) {
		t.Fatalf("%d identity cases for %d OS resources: add the new row's", len(cases), len(api.OSResources))
	}
	acctest.TestIdentity(t, protoV6ProviderFactories, cases)
}
