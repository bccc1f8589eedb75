package workflowtest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-framework/provider"

	"github.com/iacsuite/providers/internal/acctest"
)

// QueryCase is how users of Terraform 1.14+ adopt objects made outside
// Terraform: a `list` block of the resource type in a .tfquery.hcl file,
// `terraform query -generate-config-out=generated.tf`, then the generated
// resource and import blocks must validate, plan only imports, apply, and
// plan empty; and each result's resource (include_resource) must equal the
// state that the import's read gives.
type QueryCase struct {
	// Objects makes the objects the query must find, out of band (through
	// the service's API, not Terraform), and returns the body of the list
	// block's config block (the filters) that selects exactly them, and how
	// many there are (at least 2 where the service allows it, so that the
	// listing really lists).
	Objects func(t *testing.T) (config string, count int)
	// Volatile names the attributes that a read sets to the time of the
	// read (and the resource's docs say so): they are not compared between
	// the results and the imported state.
	Volatile []string
	// Add is what the generated configuration cannot hold (ImportCase.Add),
	// for every generated resource block.
	Add string
	// ProviderConfig, when set, replaces Provider.Config.
	ProviderConfig string
	// Records, when set, names the input of Add that the service never
	// returns and the first apply records in place (ImportCase.Records): the
	// plan of the generated configuration then imports and changes each
	// object, calling nothing, and a result's resource has it null.
	Records string
}

// TestQueries runs the query case of every list resource of p, and fails
// for a list resource without a case and for a case without a list
// resource. cases are keyed by type name.
//
// The cases run in batches (see runCases): one query file holds the list
// block of every case that shares, and one run of each command (query,
// query -generate-config-out, validate, plan, apply, plan) serves them all;
// a result count, a plan change or a difference from the imported state
// fails the type it is of. A case with Add or Records runs alone, and cases
// of different provider blocks in different batches.
func TestQueries(t *testing.T, p Provider, cases map[string]QueryCase) {
	t.Helper()
	acctest.RequireTerraform(t, acctest.TerraformQuery, "terraform query")
	runCases(t, p, ListResourceTypes(p), cases, runner[QueryCase, queryMade]{
		kind: "query", file: "all_resources_query_generated_config_test.go",
		alone:          func(c QueryCase) bool { return c.Add != "" || c.Records != "" },
		providerConfig: func(c QueryCase) string { return c.ProviderConfig },
		prepare: func(t *testing.T, typ string, c QueryCase) (queryMade, bool) {
			config, count := c.Objects(t)
			if count < 1 {
				t.Fatalf("the query case of %s makes no object", typ)
			}
			return queryMade{config, count}, true
		},
		run: runQueries,
	})
}

// queryMade is what a query case made: the body of its list block's config
// block, and how many objects it selects.
type queryMade struct {
	config string
	count  int
}

type queryMember = member[QueryCase, queryMade]

// ListResourceTypes lists the list resource type names of p.
func ListResourceTypes(p Provider) []string {
	lp, ok := p.New().(provider.ProviderWithListResources)
	if !ok {
		return nil
	}
	return typeNames(p, lp.ListResources(context.Background()))
}

// QueryBlock is a .tfquery.hcl file with one list block of typ, named
// found, of the provider p, with include_resource and the config body.
func QueryBlock(p Provider, typ, config string) string {
	return fmt.Sprintf("list %q \"found\" {\n  provider         = %s\n  include_resource = true\n  limit            = 1000\n  config {\n%s\n  }\n}\n",
		typ, p.Name, indent(config, "    "))
}

func indent(s, by string) string {
	lines := strings.Split(strings.Trim(s, "\n"), "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			lines[i] = by + strings.TrimSpace(l)
		}
	}
	return strings.Join(lines, "\n")
}

// Query runs `terraform query -json` in the working directory and returns
// the results of the list block typ.found; a diagnostic of error level
// fails the test.
func (w *Workdir) Query(typ string) []tfjson.ListResourceFoundData {
	w.t.Helper()
	found, errs := w.queryAll()
	if len(errs) > 0 {
		w.t.Fatalf("terraform query: %s", strings.Join(errs, "\n"))
	}
	return found[typ]
}

// queryAll runs `terraform query -json` in the working directory and
// returns the results of each list block <type>.found, by type, and the
// messages of error level.
func (w *Workdir) queryAll() (found map[string][]tfjson.ListResourceFoundData, errs []string) {
	w.t.Helper()
	r := w.Run("query", "-json", "-no-color")
	found = map[string][]tfjson.ListResourceFoundData{}
	sc := bufio.NewScanner(strings.NewReader(r.Stdout))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var msg struct {
			Level      string                        `json:"@level"`
			Message    string                        `json:"@message"`
			Diagnostic json.RawMessage               `json:"diagnostic"`
			ListResult *tfjson.ListResourceFoundData `json:"list_resource_found"`
		}
		if err := json.Unmarshal(sc.Bytes(), &msg); err != nil {
			w.t.Fatalf("terraform query -json: %v: %s", err, sc.Text())
		}
		if msg.Level == "error" {
			errs = append(errs, msg.Message+" "+string(msg.Diagnostic))
		}
		if msg.ListResult != nil {
			typ, ok := strings.CutSuffix(strings.TrimPrefix(msg.ListResult.Address, "list."), ".found")
			if ok {
				found[typ] = append(found[typ], *msg.ListResult)
			}
		}
	}
	if err := sc.Err(); err != nil {
		w.t.Fatal(err)
	}
	if r.ExitCode != 0 && len(errs) == 0 {
		errs = append(errs, r.String())
	}
	return found, errs
}

// runQueries runs one batch of query cases in one working directory.
func runQueries(t *testing.T, p Provider, ms []*queryMember) {
	t.Helper()
	if c := ms[0].c.ProviderConfig; c != "" {
		p.Config = c
	}
	w := NewWorkdir(t, p, "")
	writeQueries := func(ms []*queryMember) {
		var b strings.Builder
		for _, m := range ms {
			b.WriteString(QueryBlock(p, m.typ, m.made.config))
		}
		w.WriteFile("search.tfquery.hcl", b.String())
	}
	writeQueries(ms)
	found, errs := w.queryAll()
	if len(errs) > 0 {
		blameMessages(t, ms, "terraform query failed", errs)
		return
	}
	live := slices.Clone(ms)
	for _, m := range ms {
		results := found[m.typ]
		if len(results) != m.made.count {
			m.errorf("terraform query found %d results of %s, want %d: %+v", len(results), m.typ, m.made.count, results)
		}
		for _, r := range results {
			if len(r.Identity) == 0 || r.ResourceObject == nil || r.DisplayName == "" {
				m.errorf("a result of %s lacks its identity, resource or display name: %+v", m.typ, r)
			}
		}
		if len(m.errs) > 0 {
			live = without(live, []*queryMember{m})
		}
	}
	if len(live) == 0 {
		return
	}
	if len(live) < len(ms) {
		writeQueries(live)
	}

	q := w.Run("query", "-no-color", "-generate-config-out=generated.tf")
	generated := w.readOptional("generated.tf")
	if q.ExitCode != 0 {
		blame(t, q, "terraform query -generate-config-out failed", ownerByType(live))
		return
	}
	imports := importTargets(generated)
	total, recorded := 0, 0
	for _, m := range live {
		if imports[m.typ] != m.made.count {
			m.errorf("generated.tf holds %d import blocks of %s, want %d:\n%s", imports[m.typ], m.typ, m.made.count, generated)
		}
		total += m.made.count
		if m.c.Records != "" {
			recorded += m.made.count
		}
	}
	generated = completeGenerated(p, live, generated, func(c QueryCase) string { return c.Add }, func(c QueryCase) string { return c.Records })
	if generated == "" {
		return
	}
	w.WriteFile("generated.tf", generated)
	// The query file stays: plan and apply read only the .tf files.
	if r := w.Run("validate", "-no-color"); r.ExitCode != 0 {
		blame(t, r, "the generated configuration is not valid", ownerByType(live))
		return
	}
	plan := w.Run("plan", "-input=false", "-no-color", "-out=import.tfplan")
	if plan.ExitCode != 0 {
		blame(t, plan, "the plan of the generated configuration failed", ownerByType(live))
		return
	}
	planned := map[*queryMember]int{}
	for addr, rc := range w.changes("import.tfplan") {
		m := ownerByType(live)(addr)
		switch {
		case m == nil:
			t.Errorf("the plan of the generated configuration changes what no case made: %s", describe(rc))
		case importing(rc, importActions(m.c.Records)):
			planned[m]++
		default:
			m.errorf("the plan of the generated configuration is not plain imports of %s: %s\ngenerated.tf holds:\n%s", m.typ, describe(rc), blocksOf(generated, m.typ))
		}
	}
	for _, m := range live {
		if planned[m] != m.made.count {
			m.errorf("the plan of the generated configuration imports %d %s, want %d:\n%s", planned[m], m.typ, m.made.count, plan)
		}
	}
	if !strings.Contains(plan.Stdout, fmt.Sprintf(planSummary, total, recorded)) {
		t.Errorf("the plan of the generated configuration is not %d plain imports:\n%s", total, plan)
	}
	defer func() {
		if r := w.Run("destroy", "-auto-approve", "-input=false", "-no-color"); r.ExitCode != 0 {
			t.Errorf("%s", r)
		}
	}()
	apply := w.Run("apply", "-auto-approve", "-input=false", "-no-color", "import.tfplan")
	if apply.ExitCode != 0 {
		blame(t, apply, "the apply of the generated configuration failed", ownerByType(live))
		return
	}
	if !strings.Contains(apply.Stdout, fmt.Sprintf(applySummary, total, recorded)) {
		t.Errorf("the apply of the generated configuration did more than import:\n%s", apply)
	}
	emptyAfter(t, w, live, generated)

	// Each result's resource is what the import's read put in the state.
	for _, m := range live {
		compareResults(m, found[m.typ], w)
		m.skip = ""
	}
	for _, m := range ms {
		m.skip = ""
	}
}

// compareResults checks that each query result of the member's type has
// the resource that the import's read put in the state.
func compareResults(m *queryMember, results []tfjson.ListResourceFoundData, w *Workdir) {
	c, typ := m.c, m.typ
	state, identities := w.stateResources(typ)
	if len(state) != m.made.count {
		m.errorf("the state holds %d %s, want %d", len(state), typ, m.made.count)
	}
	for _, r := range results {
		found := false
		for i, s := range state {
			// The identity in the state: some identity attributes are not
			// attributes of the resource (parts of its id, a nested block).
			if identityOf(identities[i], r.Identity) {
				found = true
				listed := maps.Clone(r.ResourceObject)
				for _, a := range c.Volatile {
					delete(listed, a)
					delete(s, a)
				}
				if c.Records != "" {
					// The listing cannot know what the apply recorded.
					if listed[c.Records] != nil {
						m.errorf("the resource of result %q has %s %v; the service never returns it", r.DisplayName, c.Records, listed[c.Records])
					}
					s = maps.Clone(s)
					s[c.Records] = nil
				}
				if !reflect.DeepEqual(listed, s) {
					m.errorf("the resource of result %q differs from the read after import:\n%s", r.DisplayName, diffValues(listed, s))
				}
			}
		}
		if !found {
			m.errorf("no imported %s has the identity %v of result %q", typ, r.Identity, r.DisplayName)
		}
	}
}

// importTarget is the target of an import block: its type.
var importTarget = regexp.MustCompile(`(?m)^\s*to\s*=\s*([a-z0-9_]+)\.`)

// importTargets counts the import blocks of a generated file by type.
func importTargets(generated string) map[string]int {
	out := map[string]int{}
	for _, m := range importTarget.FindAllStringSubmatch(generated, -1) {
		out[m[1]]++
	}
	return out
}

// blameMessages gives messages of terraform to the members whose type they
// name, and fails t with those that name none.
func blameMessages(t *testing.T, ms []*queryMember, what string, msgs []string) {
	t.Helper()
	for _, msg := range msgs {
		owned := false
		for _, m := range ms {
			if strings.Contains(msg, "list."+m.typ+".") || strings.Contains(msg, `"`+m.typ+`"`) {
				m.errorf("%s: %s", what, msg)
				owned = true
			}
		}
		if !owned {
			t.Errorf("%s: %s", what, msg)
		}
	}
}

// identityOf reports whether the values have the identity's attribute
// values.
func identityOf(values, identity map[string]any) bool {
	for k, v := range identity {
		if !reflect.DeepEqual(values[k], v) {
			return false
		}
	}
	return true
}

// diffValues lists the attributes whose values differ.
func diffValues(listed, read map[string]any) string {
	return diffAs(listed, read, "listed", "read")
}

// diffAs lists the attributes whose values differ between a and b, which
// it calls aName and bName.
func diffAs(listed, read map[string]any, aName, bName string) string {
	keys := map[string]bool{}
	for k := range listed {
		keys[k] = true
	}
	for k := range read {
		keys[k] = true
	}
	names := make([]string, 0, len(keys))
	for k := range keys {
		names = append(names, k)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, k := range names {
		if !reflect.DeepEqual(listed[k], read[k]) {
			fmt.Fprintf(&b, "  %s: %s %#v, %s %#v\n", k, aName, listed[k], bName, read[k])
		}
	}
	return b.String()
}

// StateResources returns the attribute values of every resource of type typ
// in the state (`terraform show -json`).
func (w *Workdir) StateResources(typ string) []map[string]any {
	w.t.Helper()
	values, _ := w.stateResources(typ)
	return values
}

// stateResources returns the attribute values and the identity of every
// resource of type typ in the state.
func (w *Workdir) stateResources(typ string) (values, identities []map[string]any) {
	w.t.Helper()
	for _, res := range w.state() {
		if res.Type == typ {
			values = append(values, res.AttributeValues)
			identities = append(identities, res.IdentityValues)
		}
	}
	return values, identities
}

// addAttributesToAll is addAttributes for every resource block of typ in a
// generated file that holds several, with their import blocks.
func addAttributesToAll(generated, typ, add string) (string, error) {
	var out []string
	var block []string
	in := false
	for _, line := range strings.Split(generated, "\n") {
		switch {
		case strings.HasPrefix(line, fmt.Sprintf("resource %q ", typ)):
			in, block = true, []string{line}
		case in:
			block = append(block, line)
			if line == "}" {
				patched, err := addAttributes(strings.Join(block, "\n")+"\n", add)
				if err != nil {
					return "", err
				}
				out = append(out, strings.TrimSuffix(patched, "\n"))
				in = false
			}
		default:
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n"), nil
}
