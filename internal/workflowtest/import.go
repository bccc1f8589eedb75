package workflowtest

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// ImportCase is how users of Terraform 1.5+ import one resource type: an
// `import` block with the documented ID, `terraform plan
// -generate-config-out=generated.tf`, apply, and a plan that must be empty.
type ImportCase struct {
	// Config creates, with the provider under test, the object to import as
	// the resource "<type>.test", and whatever that object needs.
	Config func(t *testing.T) string
	// ID is the documented import ID of the object, from the state values
	// of "<type>.test" (IDFrom builds the common ones).
	ID func(values map[string]any) string
	// Add is what the generated configuration cannot hold (a write-only or
	// sensitive input the service never returns) and the Import section of
	// the resource's documentation asks the user to add: one-line
	// attributes, each replacing the generated line of the same attribute. Empty when
	// the generated configuration is valid as written, which is the rule.
	Add string
	// Records, when set, names the input that the service never returns
	// and that the first apply after the import records in state, in place
	// and without a call (a password the service keeps to itself); the
	// Import section of the documentation says so. The import plan then
	// changes that one resource in place, and the plan after it is empty.
	Records string
	// ProviderConfig, when set, is the provider block of this case's
	// configurations instead of Provider.Config (a resource that needs a
	// provider setting of its own, such as orch's controller_mode or hub
	// mode).
	ProviderConfig string
	// NotImportable, when set, says why the type has nothing to import (a
	// command modelled as a resource, as internal/idcatalog's commands
	// list it); the case then needs nothing else and is not run.
	NotImportable string
}

// IDFrom is an ID made of the state values of attrs, in format.
func IDFrom(format string, attrs ...string) func(map[string]any) string {
	return func(values map[string]any) string {
		args := make([]any, len(attrs))
		for i, a := range attrs {
			args[i] = values[a]
		}
		return fmt.Sprintf(format, args...)
	}
}

// TestImports runs the import case of every resource type of p, in
// parallel, and fails for a resource type without a case and for a case
// without a resource type. cases are keyed by resource type name.
func TestImports(t *testing.T, p Provider, cases map[string]ImportCase) {
	t.Helper()
	runCases(t, p, "import", ResourceTypes(p), cases, "import_generated_config_test.go", runImport)
}

// runCases runs the case of every type in types, in parallel, with run, and
// fails for a type without a case and for a case without a type. kind names
// the cases ("import", "query") and file the test file of the provider that
// holds them.
func runCases[C any](t *testing.T, p Provider, kind string, types []string, cases map[string]C, file string,
	run func(t *testing.T, p Provider, typ string, c C)) {
	t.Helper()
	for name := range cases {
		if !slices.Contains(types, name) {
			t.Errorf("%s case %q: the provider has no such type", kind, name)
		}
	}
	for _, typ := range types {
		t.Run(typ, func(t *testing.T) {
			t.Parallel()
			c, ok := cases[typ]
			if !ok {
				t.Fatalf("%s has no %s case: add one to the %s cases of internal/provider/%s/%s", typ, kind, kind, p.Name, file)
			}
			run(t, p, typ, c)
		})
	}
}

// ResourceTypes lists the resource type names of p, as its Resources
// returns them.
func ResourceTypes(p Provider) []string {
	ctx := context.Background()
	var types []string
	for _, newResource := range p.New().Resources(ctx) {
		var resp resource.MetadataResponse
		newResource().Metadata(ctx, resource.MetadataRequest{ProviderTypeName: p.Name}, &resp)
		types = append(types, resp.TypeName)
	}
	slices.Sort(types)
	return types
}

const (
	planImportNoChanges  = "Plan: 1 to import, 0 to add, 0 to change, 0 to destroy."
	applyImportNoChanges = "Resources: 1 imported, 0 added, 0 changed, 0 destroyed."
	planImportRecords    = "Plan: 1 to import, 0 to add, 1 to change, 0 to destroy."
	applyImportRecords   = "Resources: 1 imported, 0 added, 1 changed, 0 destroyed."
)

func runImport(t *testing.T, p Provider, typ string, c ImportCase) {
	if c.NotImportable != "" {
		t.Logf("%s is not imported: %s", typ, c.NotImportable)
		return
	}
	if c.ProviderConfig != "" {
		p.Config = c.ProviderConfig
	}
	setup := NewWorkdir(t, p, c.Config(t))
	setup.MustRun("apply", "-auto-approve", "-input=false", "-no-color")
	t.Cleanup(func() { setup.MustRun("destroy", "-auto-approve", "-input=false", "-no-color") })
	id := c.ID(setup.StateValues(typ + ".test"))
	importAndCheck(t, p, typ, c, fmt.Sprintf("import {\n  to = %s.imported\n  id = %q\n}\n", typ, id))
	if !p.ByIdentity {
		return
	}
	identity := setup.StateIdentity(typ + ".test")
	if len(identity) == 0 {
		t.Fatalf("%s.test has no identity in the state: the import by identity needs Terraform 1.12 or newer", typ)
	}
	names := slices.Sorted(maps.Keys(identity))
	var b strings.Builder
	fmt.Fprintf(&b, "import {\n  to = %s.imported\n  identity = {\n", typ)
	for _, n := range names {
		v, err := json.Marshal(identity[n])
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "    %s = %s\n", n, v)
	}
	b.WriteString("  }\n}\n")
	importAndCheck(t, p, typ, c, b.String())
}

// importAndCheck runs the import block (of typ, to <typ>.imported) with
// -generate-config-out, completes the generated configuration as the case
// says, and checks that it plans only the import, applies, and then plans
// nothing.
func importAndCheck(t *testing.T, p Provider, typ string, c ImportCase, importBlock string) {
	t.Helper()
	imp := NewWorkdir(t, p, importBlock)
	plan := imp.Run("plan", "-input=false", "-no-color", "-generate-config-out=generated.tf")
	generated := imp.ReadFile("generated.tf")
	if c.Add == "" {
		if plan.ExitCode != 0 {
			t.Fatalf("the generated configuration is not valid as written:\n%s\ngenerated.tf:\n%s", plan, generated)
		}
	} else {
		if plan.ExitCode == 0 && strings.Contains(plan.Stdout, planImportNoChanges) {
			t.Fatalf("the generated configuration is valid as written; drop Add from the case of %s\ngenerated.tf:\n%s", typ, generated)
		}
		checkDocumented(t, p, typ, c.Add)
		patched, err := addAttributes(generated, c.Add)
		if err != nil {
			t.Fatalf("%v\ngenerated.tf:\n%s", err, generated)
		}
		imp.WriteFile("generated.tf", patched)
		plan = imp.MustRun("plan", "-input=false", "-no-color")
		generated = patched
	}
	wantPlan, wantApply := planImportNoChanges, applyImportNoChanges
	if c.Records != "" {
		checkDocumented(t, p, typ, c.Records+" =")
		wantPlan, wantApply = planImportRecords, applyImportRecords
	}
	if !strings.Contains(plan.Stdout, wantPlan) {
		t.Fatalf("the import plan is not a plain import:\n%s\ngenerated.tf:\n%s", plan, generated)
	}
	if r := imp.MustRun("apply", "-auto-approve", "-input=false", "-no-color"); !strings.Contains(r.Stdout, wantApply) {
		t.Fatalf("the import apply did more than import:\n%s", r)
	}
	if r := imp.Run("plan", "-detailed-exitcode", "-input=false", "-no-color"); r.ExitCode != 0 {
		t.Fatalf("the plan after the import is not empty:\n%s\ngenerated.tf:\n%s", r, generated)
	}
}

var attributeLine = regexp.MustCompile(`^\s*([a-z_][a-z0-9_]*)\s*=`)

// addAttributes replaces, in the one resource block of generated, the
// single-line attributes that add sets, and appends add's lines to the
// block.
func addAttributes(generated, add string) (string, error) {
	names := map[string]bool{}
	for _, line := range strings.Split(add, "\n") {
		if m := attributeLine.FindStringSubmatch(line); m != nil {
			names[m[1]] = true
		}
	}
	lines := strings.Split(strings.TrimRight(generated, "\n"), "\n")
	end := len(lines) - 1
	if lines[end] != "}" {
		return "", fmt.Errorf("generated.tf does not end with its resource block")
	}
	var out []string
	for _, line := range lines[:end] {
		if m := attributeLine.FindStringSubmatch(line); m != nil && names[m[1]] {
			if strings.HasSuffix(strings.TrimSpace(line), "{") || strings.HasSuffix(strings.TrimSpace(line), "[") {
				return "", fmt.Errorf("generated.tf holds %s over several lines; Add can only replace a one-line attribute", m[1])
			}
			continue
		}
		out = append(out, line)
	}
	for _, line := range strings.Split(strings.TrimRight(add, "\n"), "\n") {
		out = append(out, "  "+strings.TrimSpace(line))
	}
	return strings.Join(append(out, "}"), "\n") + "\n", nil
}

// checkDocumented fails unless the Import section of the resource's page
// (docs/<provider>/resources/<name>.md) names every attribute that add sets.
func checkDocumented(t *testing.T, p Provider, typ, add string) {
	t.Helper()
	page := filepath.Join(repoRoot(t), "docs", p.Name, "resources", strings.TrimPrefix(typ, p.Name+"_")+".md")
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatalf("the docs of %s: %v", typ, err)
	}
	_, section, ok := strings.Cut(string(b), "## Import")
	if !ok {
		t.Fatalf("%s has no Import section", page)
	}
	for _, line := range strings.Split(add, "\n") {
		if m := attributeLine.FindStringSubmatch(line); m != nil && !strings.Contains(section, m[1]) {
			t.Errorf("the Import section of %s does not say to add %s to the generated configuration", page, m[1])
		}
	}
}

// repoRoot is the directory of the root module.
func repoRoot(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("no caller information")
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}
