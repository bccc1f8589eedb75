package fwmgr

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
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
// test function.
//
// Every row is in one configuration, and one sequence of steps runs all the
// rows together (each row changes only its own setting, and Terraform
// applies the rows' resources in parallel): a new row adds resources and
// data sources to the steps' plans, not steps, so the tests' time hardly
// grows with the rows. Every check runs for each row and names the row in
// its failure (osEach).

// The resource of a row is osLabel; an import step imports the same
// setting again, by ID, into osImportedLabel beside it, and the next step
// forgets that one with a removed block (osForget), so that the state of
// osLabel, with what destroy puts back, stays as create left it.
const (
	osLabel         = "test"
	osImportedLabel = "imported"
)

// osResourceAddr is the resource of a row in the tests' configurations.
func osResourceAddr(row api.OSResource) string { return osAddr(row, osLabel) }

func osAddr(row api.OSResource, label string) string { return osTypeName(row) + "." + label }

// osShowName is the show data source that reads what the row sets.
func osShowName(row api.OSResource) string {
	return "fwmgr_os_show_" + snakeCase(row.ShowCommand().Function)
}

// osPart writes the row's part of a configuration: the row's resource
// (body, on member when not empty; no resource when body is empty) and the
// row's show data source on members 1 and 2, read after the resource.
func osPart(b *strings.Builder, row api.OSResource, body, member string) {
	dependsOn := ""
	if body != "" {
		osResourceBlock(b, row, osLabel, body, member)
		dependsOn = fmt.Sprintf("  depends_on = [%s]\n", osResourceAddr(row))
	}
	for _, m := range []string{"1", "2"} {
		fmt.Fprintf(b, "\ndata %q \"m%s\" {\n  member_id = %q\n%s}\n", osShowName(row), m, m, dependsOn)
	}
}

func osResourceBlock(b *strings.Builder, row api.OSResource, label, body, member string) {
	fmt.Fprintf(b, "\nresource %q %q {\n", osTypeName(row), label)
	if member != "" {
		fmt.Fprintf(b, "  member_id = %q\n", member)
	}
	for _, line := range strings.Split(body, "\n") {
		b.WriteString("  " + line + "\n")
	}
	b.WriteString("}\n")
}

// osImport writes, besides the row's part, the same resource again as
// osImportedLabel with an import block of id: the import by ID of a
// setting that osLabel holds, checked by osImportPlanned and
// osImportVerified.
func osImport(b *strings.Builder, row api.OSResource, body, member, id string) {
	osPart(b, row, body, member)
	osResourceBlock(b, row, osImportedLabel, body, member)
	fmt.Fprintf(b, "\nimport {\n  to = %s\n  id = %q\n}\n", osAddr(row, osImportedLabel), id)
}

// osForget writes the removed block that forgets the row's imported
// resource without destroying it (the step after an import).
func osForget(b *strings.Builder, row api.OSResource) {
	fmt.Fprintf(b, "\nremoved {\n  from = %s\n  lifecycle {\n    destroy = false\n  }\n}\n", osAddr(row, osImportedLabel))
}

// osConfigAll is a configuration of dev with part written for every row.
func osConfigAll(dev *testDevice, rows []api.OSResource, part func(b *strings.Builder, row api.OSResource)) string {
	var b strings.Builder
	b.WriteString(dev.providerBlock())
	for _, row := range rows {
		part(&b, row)
	}
	return b.String()
}

// osEach is the check of every row, each failure prefixed by its row's
// name, all failures together.
func osEach(rows []api.OSResource, check func(row api.OSResource) resource.TestCheckFunc) resource.TestCheckFunc {
	return func(st *terraform.State) error {
		var errs []error
		for _, row := range rows {
			if err := check(row)(st); err != nil {
				errs = append(errs, fmt.Errorf("row %s: %w", row.Name, err))
			}
		}
		return errors.Join(errs...)
	}
}

// osEachAction is the plan check that every row's resource plans action
// (the failure names the resource, and so the row).
func osEachAction(rows []api.OSResource, action plancheck.ResourceActionType) []plancheck.PlanCheck {
	checks := make([]plancheck.PlanCheck, 0, len(rows))
	for _, row := range rows {
		checks = append(checks, plancheck.ExpectResourceAction(osResourceAddr(row), action))
	}
	return checks
}

// osPlanCheck is a plan check written as a function of the plan.
type osPlanCheck func(plan *tfjson.Plan) error

func (f osPlanCheck) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	resp.Error = f(req.Plan)
}

// osChanges are the plan's resource changes by address.
func osChanges(plan *tfjson.Plan) map[string]*tfjson.Change {
	out := map[string]*tfjson.Change{}
	for _, rc := range plan.ResourceChanges {
		if rc.Change != nil {
			out[rc.Address] = rc.Change
		}
	}
	return out
}

// osImportPlanned is the plan check of an import step (osImport): every
// row's osImportedLabel is imported with no change, and its osLabel has no
// change either: what terraform-plugin-testing's ImportBlockWithID checks
// of one resource, for all of them in one plan.
func osImportPlanned(rows []api.OSResource) plancheck.PlanCheck {
	return osPlanCheck(func(plan *tfjson.Plan) error {
		changes := osChanges(plan)
		var errs []error
		for _, row := range rows {
			imp := osAddr(row, osImportedLabel)
			switch ch := changes[imp]; {
			case ch == nil:
				errs = append(errs, fmt.Errorf("row %s: %s is not in the plan", row.Name, imp))
			case ch.Importing == nil:
				errs = append(errs, fmt.Errorf("row %s: %s is not imported (%v)", row.Name, imp, ch.Actions))
			case !ch.Actions.NoOp():
				errs = append(errs, fmt.Errorf("row %s: %s is imported with a change (%v)", row.Name, imp, ch.Actions))
			}
			if ch := changes[osResourceAddr(row)]; ch != nil && !ch.Actions.NoOp() {
				errs = append(errs, fmt.Errorf("row %s: %s changes (%v)", row.Name, osResourceAddr(row), ch.Actions))
			}
		}
		return errors.Join(errs...)
	})
}

// osForgotten is the plan check of the step after an import: every row's
// osImportedLabel is forgotten, not destroyed (destroy would set a value).
func osForgotten(rows []api.OSResource) plancheck.PlanCheck {
	return osPlanCheck(func(plan *tfjson.Plan) error {
		changes := osChanges(plan)
		var errs []error
		for _, row := range rows {
			imp := osAddr(row, osImportedLabel)
			if ch := changes[imp]; ch == nil || !ch.Actions.Forget() {
				errs = append(errs, fmt.Errorf("row %s: %s is not forgotten", row.Name, imp))
			}
		}
		return errors.Join(errs...)
	})
}

// osImportVerified is ImportStateVerify of every row after an import step:
// the imported resource's attributes are the same as those of the resource
// that created the setting, but for debug (empty containers left out, as
// ImportStateVerify leaves them).
func osImportVerified(row api.OSResource) resource.TestCheckFunc {
	return func(st *terraform.State) error {
		held, err := osAttrs(st, osResourceAddr(row))
		if err != nil {
			return err
		}
		got, err := osAttrs(st, osAddr(row, osImportedLabel))
		if err != nil {
			return err
		}
		keys := map[string]bool{}
		for _, m := range []map[string]string{held, got} {
			for k, v := range m {
				empty := (strings.HasSuffix(k, ".#") || strings.HasSuffix(k, ".%")) && v == "0"
				if !empty && k != attrDebug && !strings.HasPrefix(k, attrDebug+".") {
					keys[k] = true
				}
			}
		}
		var diffs []string
		for k := range keys {
			if held[k] != got[k] {
				diffs = append(diffs, fmt.Sprintf("%s: imported %q, created %q", k, got[k], held[k]))
			}
		}
		if len(diffs) > 0 {
			sort.Strings(diffs)
			return fmt.Errorf("the import by %s differs from what create stored: %s", got[attrID], strings.Join(diffs, "; "))
		}
		return nil
	}
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
		for _, label := range []string{osLabel, osImportedLabel} {
			if _, ok := st.RootModule().Resources[osAddr(row, label)]; ok {
				return fmt.Errorf("%s is still in the state", osAddr(row, label))
			}
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
// written by hand in the wire's names: one PreConfig sets every row's.
var osDrift = map[string]map[string]any{
	"hostname":           {"name": "changed-by-hand"},
	"dns":                {"primary": "10.99.0.53", "forwarding-domains": []any{}},
	"ntp":                {"enabled": true, "servers": []any{map[string]any{"address": "10.99.0.123"}}},
	"time_and_date":      {"timezone": "UTC"},
	"banner":             {"message": "changed by hand", "enabled": true},
	"message_of_the_day": {"message": "changed by hand", "enabled": true},
	"proxy":              {"address": "10.99.0.80", "port": 9999},
	"allowed_clients":    {"allowed-hosts": []any{"10.99.0.1"}, "allowed-networks": []any{}},
	"syslog":             {"filename": "/var/log/by-hand.log", "forwarded-logs-files": []any{}},
	"snmp":               {"contact": "changed by hand", "location": "elsewhere"},
	"password_policy": {"password-strength": map[string]any{"minimum-length": 20},
		"lock-settings": map[string]any{"failed-attempts-settings": map[string]any{"failed-attempts-allowed": 99}}},
}

// osImportID is the import ID of a row's setting on member ("": every
// member), in virtual system 0 where the row has virtual systems.
func osImportID(row api.OSResource, member string) string {
	id := member
	if id == "" {
		id = osAllMembers
	}
	if row.VirtualSystem {
		id += ":0"
	}
	return id
}

// osSingletonRows are the singleton rows of api.OSResources, each with
// its drift in osDrift.
func osSingletonRows(t *testing.T) []api.OSResource {
	var rows []api.OSResource
	for _, row := range api.OSResources {
		if row.Collection() {
			continue // TestAccOSCollections
		}
		if _, ok := osDrift[row.Name]; !ok {
			t.Fatalf("no drift of %s in osDrift", row.Name)
		}
		rows = append(rows, row)
	}
	return rows
}

// osNone, osExample and osChange pick the body of each row's resource in
// a configuration (osNone: no resource, only the show data sources).
var (
	osNone    = func(api.OSResource) string { return "" }
	osExample = func(row api.OSResource) string { return row.Example }
	osChange  = func(row api.OSResource) string { return row.Change }
)

// osConfigs are the configurations of the rows' steps, every row in each:
// plain (osPart), with the import of every row's setting (osImport), and
// with its imported resource forgotten (the step after).
type osConfigs struct {
	dev  *testDevice
	rows []api.OSResource
	// id is the import ID of a row's resource on member ("": every member).
	id func(row api.OSResource, member string) string
}

func (c osConfigs) plain(body func(api.OSResource) string, member string) string {
	return osConfigAll(c.dev, c.rows, func(b *strings.Builder, row api.OSResource) { osPart(b, row, body(row), member) })
}

func (c osConfigs) imported(body func(api.OSResource) string, member string) string {
	return osConfigAll(c.dev, c.rows, func(b *strings.Builder, row api.OSResource) {
		osImport(b, row, body(row), member, c.id(row, member))
	})
}

func (c osConfigs) forgotten(body func(api.OSResource) string, member string) string {
	return osConfigAll(c.dev, c.rows, func(b *strings.Builder, row api.OSResource) {
		osPart(b, row, body(row), member)
		osForget(b, row)
	})
}

// TestAccOSResources runs every singleton row of api.OSResources, all in
// one configuration and one sequence of steps (a new row adds no step):
// the values before are read through the show data sources; create with
// each row's example on every member (both members show it); an empty
// plan; every argument changed in place (each row's resource an update);
// import by ID (an import block per row, verified against the state create
// left); a change made on the device shows in the next plan as an update,
// which puts the configuration back; destroy restores what both members
// showed before. Then the same on member 2 alone: member 1 keeps its
// value, and destroy restores member 2's. Every check is made per row and
// names the row.
func TestAccOSResources(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	dev := startDevice(t, nil)
	rows := osSingletonRows(t)
	before := map[string]map[string]map[string]string{} // row, member: values
	for _, row := range rows {
		before[row.Name] = map[string]map[string]string{}
	}
	c := osConfigs{dev: dev, rows: rows, id: osImportID}
	both := []string{"1", "2"}
	shows := osEach(rows, func(row api.OSResource) resource.TestCheckFunc { return osShows(row, both, nil, nil) })
	restored := osEach(rows, func(row api.OSResource) resource.TestCheckFunc { return osRestored(row, before[row.Name]) })
	imported := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{osImportPlanned(rows)}}
	verified := osEach(rows, osImportVerified)
	drift := func() {
		for _, row := range rows {
			dev.raw(t, row.Set, osDrift[row.Name])
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: c.plain(osNone, ""), Check: osEach(rows, func(row api.OSResource) resource.TestCheckFunc {
				return osBefore(row, before[row.Name])
			})},
			{Config: c.plain(osExample, ""), Check: shows},
			{Config: c.plain(osExample, ""), ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{Config: c.plain(osChange, ""), Check: shows,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: osEachAction(rows, plancheck.ResourceActionUpdate)}},
			{Config: c.imported(osChange, ""), ConfigPlanChecks: imported, Check: verified},
			// Changed on the device behind Terraform: an update puts it
			// back (and the imported resources are forgotten).
			{Config: c.forgotten(osChange, ""), PreConfig: drift,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: append(osEachAction(rows, plancheck.ResourceActionUpdate),
					osForgotten(rows))},
				Check: shows},
			// The data sources are read before the destroy is applied: the
			// next run reads them again.
			{Config: c.plain(osNone, "")},
			{Config: c.plain(osNone, ""), Check: restored},
			// One member: member 2 shows the value, member 1 keeps what it
			// had.
			{Config: c.plain(osExample, "2"), Check: osEach(rows, func(row api.OSResource) resource.TestCheckFunc {
				return func(st *terraform.State) error {
					return osShows(row, []string{"2"}, []string{"1"}, before[row.Name]["1"])(st)
				}
			})},
			{Config: c.imported(osExample, "2"), ConfigPlanChecks: imported, Check: verified},
			{Config: c.forgotten(osNone, ""), ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{osForgotten(rows)}}},
			{Config: c.plain(osNone, ""), Check: restored},
		},
	})
}

// osInvalidCase is a bad configuration of a row's resource (body, on
// member when not empty) and the message it must be refused with.
type osInvalidCase struct {
	row, body, member string
	want              string
}

// osInvalidConfig holds every case's resource as bad_<i> (and, with ids,
// an import block of its ID each): one plan reports every case's
// diagnostic, so the cases cost one step.
func osInvalidConfig(t *testing.T, dev *testDevice, cases []osInvalidCase, ids []string) string {
	var b strings.Builder
	b.WriteString(dev.providerBlock())
	for i, c := range cases {
		row, ok := api.LookupOSResource(c.row)
		if !ok {
			t.Fatalf("no row %s", c.row)
		}
		label := fmt.Sprintf("bad_%d", i)
		osResourceBlock(&b, row, label, c.body, c.member)
		if ids != nil {
			fmt.Fprintf(&b, "\nimport {\n  to = %s\n  id = %q\n}\n", osAddr(row, label), ids[i])
		}
	}
	return b.String()
}

// osInvalidError requires every case's message, each after its own
// resource's name, in the order of the configuration: Terraform sorts the
// diagnostics of arguments by their place in it.
func osInvalidError(cases []osInvalidCase) *regexp.Regexp {
	var b strings.Builder
	b.WriteString(`(?s)`)
	for i, c := range cases {
		fmt.Fprintf(&b, `\bbad_%d\b.*?%s.*?`, i, spaced(c.want))
	}
	return regexp.MustCompile(b.String())
}

// osAllErrors is the ErrorCheck of a test case with a step of bad import
// IDs (and no ExpectError, which would come first): Terraform reports the
// diagnostics of import blocks in no fixed order, and without a place in
// the configuration, so each case's message, which quotes its ID, is
// looked for on its own. The step passes when all are there; any other
// error (an ID accepted makes a plan that is not empty) fails it with the
// messages missing.
func osAllErrors(cases []osInvalidCase) func(error) error {
	return func(err error) error {
		var missing []string
		for _, c := range cases {
			if !regexp.MustCompile(`(?s)` + spaced(c.want)).MatchString(err.Error()) {
				missing = append(missing, fmt.Sprintf("row %s: %s", c.row, c.want))
			}
		}
		if len(missing) > 0 {
			return fmt.Errorf("%w\n\nno error matches:\n%s", err, strings.Join(missing, "\n"))
		}
		return nil
	}
}

// osBadImportID is the message of a bad import ID of a resource whose IDs
// have the shape that starts with shape.
func osBadImportID(id, shape string) string {
	return `import identifier "` + regexp.QuoteMeta(id) + `" is not of the shape ` + shape
}

// TestAccOSResources_invalid: bad values are refused at plan, each with a
// message that names the argument and its rule, and bad import IDs name
// the shape; all the values in one plan, all the IDs in another.
func TestAccOSResources_invalid(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	dev := startDevice(t, nil)
	values := []osInvalidCase{
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
	hostname, _ := api.LookupOSResource("hostname")
	dns, _ := api.LookupOSResource("dns")
	var imports []osInvalidCase
	var ids []string
	for _, c := range []struct {
		row api.OSResource
		id  string
	}{
		{hostname, "first"},
		{hostname, "0"},
		{hostname, "all:0"},
		{dns, "all"},
		{dns, "2:x"},
		{dns, "2:-1"},
	} {
		imports = append(imports, osInvalidCase{row: c.row.Name, body: c.row.Example, want: osBadImportID(c.id, "<member_id>")})
		ids = append(ids, c.id)
	}
	resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: protoV6ProviderFactories, ErrorCheck: osAllErrors(imports),
		Steps: []resource.TestStep{
			{Config: osInvalidConfig(t, dev, values, nil), PlanOnly: true, ExpectError: osInvalidError(values)},
			{Config: osInvalidConfig(t, dev, imports, ids), PlanOnly: true},
		}})
}

func spaced(pattern string) string { return strings.ReplaceAll(pattern, " ", `\s+`) }

// TestAccOSIdentity tests the identity of every OS resource on member 2
// of a device of its own (see the top of this file): create sets the
// identity, an import block with it imports the setting unchanged, and a
// malformed, missing or absent (member 9, which does not exist) member,
// virtual system or key is refused. Every row is in one configuration
// (acctest.Together), so that new rows add no Terraform runs. A singleton
// row's case follows from the row; a collection row's names an absent
// object and a malformed value of each key field in osKeyIdentity.
func TestAccOSIdentity(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	dev := startDevice(t, nil)
	// The types are written out (not ranged over the rows) because the
	// identity audit of internal/idcatalog reads them from this source.
	cases := map[string]acctest.IdentityCase{
		"fwmgr_os_hostname":           osIdentityCase(t, "hostname"),
		"fwmgr_os_dns":                osIdentityCase(t, "dns"),
		"fwmgr_os_ntp":                osIdentityCase(t, "ntp"),
		"fwmgr_os_time_and_date":      osIdentityCase(t, "time_and_date"),
		"fwmgr_os_banner":             osIdentityCase(t, "banner"),
		"fwmgr_os_message_of_the_day": osIdentityCase(t, "message_of_the_day"),
		"fwmgr_os_proxy":              osIdentityCase(t, "proxy"),
		"fwmgr_os_allowed_clients":    osIdentityCase(t, "allowed_clients"),
		"fwmgr_os_password_policy":    osIdentityCase(t, "password_policy"),
		"fwmgr_os_syslog":             osIdentityCase(t, "syslog"),
		"fwmgr_os_snmp":               osIdentityCase(t, "snmp"),
		"fwmgr_os_remote_syslog":      osIdentityCase(t, "remote_syslog"),
		"fwmgr_os_snmp_trap_receiver": osIdentityCase(t, "snmp_trap_receiver"),
		"fwmgr_os_static_route":       osIdentityCase(t, "static_route"),
		"fwmgr_os_vlan_interface":     osIdentityCase(t, "vlan_interface"),
	}
	if len(cases) != len(api.OSResources) {
		t.Fatalf("%d identity cases for %d OS resources: add the new row's", len(cases), len(api.OSResources))
	}
	acctest.TestIdentity(t, protoV6ProviderFactories, cases, acctest.Together(dev.providerBlock()))
}

// osIdentityCase is the identity case of the row named name, its resource
// on member 2 (no provider block: acctest.Together writes it): a singleton
// row's follows from the row; a collection row's names an absent object
// and a malformed value of each key field in osKeyIdentity.
func osIdentityCase(t *testing.T, name string) acctest.IdentityCase {
	row, ok := api.LookupOSResource(name)
	if !ok {
		t.Fatalf("no row %s", name)
	}
	body := fmt.Sprintf("resource %q \"test\" {\n  member_id = \"2\"\n  %s\n}\n", osTypeName(row),
		strings.ReplaceAll(row.Example, "\n", "\n  "))
	c := acctest.IdentityCase{Config: func(*testing.T) string { return body }, Attributes: []string{attrMemberID},
		Absent:    map[string]string{attrMemberID: `"9"`},
		Malformed: map[string][2]string{attrMemberID: {`"first"`, `a cluster member's member-id \(1\) or all`}}}
	if row.VirtualSystem {
		c.Attributes = append(c.Attributes, osAttrVirtualSystemID)
		c.Absent[osAttrVirtualSystemID] = "0"
		c.Malformed[osAttrVirtualSystemID] = [2]string{"-1", `a virtual system's ID, 0 or more`}
	}
	if row.Collection() {
		key, ok := osKeyIdentity[row.Name]
		if !ok {
			t.Fatalf("no absent object and malformed key of %s in osKeyIdentity", row.Name)
		}
		// member 2 exists: the absent object is one of no such key there
		c.Absent[attrMemberID] = `"2"`
		for _, name := range row.Key {
			c.Attributes = append(c.Attributes, name)
			c.Absent[name] = key.absent[name]
			c.Malformed[name] = key.malformed[name]
		}
	}
	return c
}

// osKeyIdentity are, by collection row, the HCL values of the key fields
// of an object that does not exist, and of each a malformed value with the
// shape its refusal names.
var osKeyIdentity = map[string]struct {
	absent    map[string]string
	malformed map[string][2]string
}{
	"remote_syslog": {
		absent: map[string]string{"server_ip": `"10.9.9.9"`},
		malformed: map[string][2]string{
			"server_ip": {`"10:0::130"`, `must be an IPv4 or IPv6 address written as the device writes it`}},
	},
	"snmp_trap_receiver": {
		absent: map[string]string{"address": `"4.4.9.9"`},
		malformed: map[string][2]string{
			"address": {`"trap.example.net"`, `must be an IPv4 or IPv6 address written as the device writes it`}},
	},
	"static_route": {
		absent: map[string]string{"address": `"1.2.9.0"`, "mask_length": "24"},
		malformed: map[string][2]string{"address": {`"not-an-address"`, `must be an IPv4 or IPv6 network address`},
			"mask_length": {"129", `a whole number from 0 to 128`}},
	},
	"vlan_interface": {
		absent: map[string]string{"parent": `"eth2"`, "resource_id": "999"},
		malformed: map[string][2]string{"parent": {`"eth2.5"`, `must be the name of a physical or bond interface`},
			"resource_id": {"1", `a whole number from 2 to 4094`}},
	},
}
