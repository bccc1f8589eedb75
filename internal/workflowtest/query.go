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
	"strconv"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"

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

// TestQueries runs the query case of every list resource of p, in parallel,
// and fails for a list resource without a case and for a case without a
// list resource. cases are keyed by type name.
func TestQueries(t *testing.T, p Provider, cases map[string]QueryCase) {
	t.Helper()
	acctest.RequireTerraform(t, acctest.TerraformQuery, "terraform query")
	runCases(t, p, "query", ListResourceTypes(p), cases, "query_generated_config_test.go", runQuery)
}

// ListResourceTypes lists the list resource type names of p.
func ListResourceTypes(p Provider) []string {
	ctx := context.Background()
	lp, ok := p.New().(provider.ProviderWithListResources)
	if !ok {
		return nil
	}
	var types []string
	for _, newList := range lp.ListResources(ctx) {
		var resp resource.MetadataResponse
		newList().Metadata(ctx, resource.MetadataRequest{ProviderTypeName: p.Name}, &resp)
		types = append(types, resp.TypeName)
	}
	slices.Sort(types)
	return types
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
	r := w.MustRun("query", "-json", "-no-color")
	var out []tfjson.ListResourceFoundData
	sc := bufio.NewScanner(strings.NewReader(r.Stdout))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var msg struct {
			Level      string                        `json:"@level"`
			Message    string                        `json:"@message"`
			ListResult *tfjson.ListResourceFoundData `json:"list_resource_found"`
		}
		if err := json.Unmarshal(sc.Bytes(), &msg); err != nil {
			w.t.Fatalf("terraform query -json: %v: %s", err, sc.Text())
		}
		if msg.Level == "error" {
			w.t.Fatalf("terraform query: %s\n%s", msg.Message, r.Stdout)
		}
		if msg.ListResult != nil && strings.TrimPrefix(msg.ListResult.Address, "list.") == typ+".found" {
			out = append(out, *msg.ListResult)
		}
	}
	if err := sc.Err(); err != nil {
		w.t.Fatal(err)
	}
	return out
}

var planImports = regexp.MustCompile(`Plan: (\d+) to import, 0 to add, 0 to change, 0 to destroy\.`)
var applyImports = regexp.MustCompile(`Resources: (\d+) imported, 0 added, 0 changed, 0 destroyed\.`)

// With QueryCase.Records, each import also changes the object (in place).
var planImportsRecording = regexp.MustCompile(`Plan: (\d+) to import, 0 to add, (\d+) to change, 0 to destroy\.`)
var applyImportsRecording = regexp.MustCompile(`Resources: (\d+) imported, 0 added, (\d+) changed, 0 destroyed\.`)

func runQuery(t *testing.T, p Provider, typ string, c QueryCase) {
	if c.ProviderConfig != "" {
		p.Config = c.ProviderConfig
	}
	config, count := c.Objects(t)
	if count < 1 {
		t.Fatalf("the query case of %s makes no object", typ)
	}
	w := NewWorkdir(t, p, "")
	w.WriteFile("search.tfquery.hcl", QueryBlock(p, typ, config))

	results := w.Query(typ)
	if len(results) != count {
		t.Fatalf("terraform query found %d results, want %d: %+v", len(results), count, results)
	}
	for _, r := range results {
		if len(r.Identity) == 0 || r.ResourceObject == nil || r.DisplayName == "" {
			t.Fatalf("a result lacks its identity, resource or display name: %+v", r)
		}
	}

	q := w.Run("query", "-no-color", "-generate-config-out=generated.tf")
	generated := w.ReadFile("generated.tf")
	if q.ExitCode != 0 {
		t.Fatalf("%s\ngenerated.tf:\n%s", q, generated)
	}
	if got := strings.Count(generated, "import {"); got != count {
		t.Fatalf("generated.tf holds %d import blocks, want %d:\n%s", got, count, generated)
	}
	if c.Add != "" {
		checkDocumented(t, p, typ, c.Add)
		patched, err := addAttributesToAll(generated, typ, c.Add)
		if err != nil {
			t.Fatalf("%v\ngenerated.tf:\n%s", err, generated)
		}
		w.WriteFile("generated.tf", patched)
		generated = patched
	}
	// The query file stays: plan and apply read only the .tf files.
	w.MustRun("validate", "-no-color")
	planRx, applyRx := planImports, applyImports
	if c.Records != "" {
		checkDocumented(t, p, typ, c.Records+" =")
		planRx, applyRx = planImportsRecording, applyImportsRecording
	}
	// m[2], when there, is the number changed: each object once.
	plan := w.Run("plan", "-input=false", "-no-color")
	if m := planRx.FindStringSubmatch(plan.Stdout); plan.ExitCode != 0 || m == nil || m[1] != strconv.Itoa(count) || len(m) > 2 && m[2] != m[1] {
		t.Fatalf("the plan of the generated configuration is not %d plain imports:\n%s\ngenerated.tf:\n%s", count, plan, generated)
	}
	apply := w.MustRun("apply", "-auto-approve", "-input=false", "-no-color")
	if m := applyRx.FindStringSubmatch(apply.Stdout); m == nil || m[1] != strconv.Itoa(count) || len(m) > 2 && m[2] != m[1] {
		t.Fatalf("the apply of the generated configuration did more than import:\n%s", apply)
	}
	t.Cleanup(func() { w.MustRun("destroy", "-auto-approve", "-input=false", "-no-color") })
	if r := w.Run("plan", "-detailed-exitcode", "-input=false", "-no-color"); r.ExitCode != 0 {
		t.Fatalf("the plan after the import is not empty:\n%s\ngenerated.tf:\n%s", r, generated)
	}

	// Each result's resource is what the import's read put in the state.
	state, identities := w.stateResources(typ)
	if len(state) != count {
		t.Fatalf("the state holds %d %s, want %d", len(state), typ, count)
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
						t.Errorf("the resource of result %q has %s %v; the service never returns it", r.DisplayName, c.Records, listed[c.Records])
					}
					s = maps.Clone(s)
					s[c.Records] = nil
				}
				if !reflect.DeepEqual(listed, s) {
					t.Errorf("the resource of result %q differs from the read after import:\n%s", r.DisplayName, diffValues(listed, s))
				}
			}
		}
		if !found {
			t.Errorf("no imported %s has the identity %v of result %q", typ, r.Identity, r.DisplayName)
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
			fmt.Fprintf(&b, "  %s: listed %#v, read %#v\n", k, listed[k], read[k])
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
