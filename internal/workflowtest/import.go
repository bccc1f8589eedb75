package workflowtest

import (
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

	tfjson "github.com/hashicorp/terraform-json"
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

// TestImports runs the import case of every resource type of p, and fails
// for a resource type without a case and for a case without a resource
// type. cases are keyed by resource type name.
//
// The cases run in batches (see runCases): the objects of every case that
// shares are made by one configuration (each case's labels other than
// "<type>.test" are its own: cases whose labels clash go to different
// batches), imported by one configuration of import blocks, with one plan
// -generate-config-out, one apply and one plan that must be empty, whose
// changes fail the type they change. A case with Add or Records runs alone,
// and cases of different provider blocks (ProviderConfig) never share.
func TestImports(t *testing.T, p Provider, cases map[string]ImportCase) {
	t.Helper()
	runCases(t, p, ResourceTypes(p), cases, runner[ImportCase, string]{
		kind: "import", file: "all_resources_import_generated_config_test.go",
		alone:          func(c ImportCase) bool { return c.Add != "" || c.Records != "" },
		providerConfig: func(c ImportCase) string { return c.ProviderConfig },
		prepare: func(t *testing.T, typ string, c ImportCase) (string, bool) {
			if c.NotImportable != "" {
				t.Logf("%s is not imported: %s", typ, c.NotImportable)
				return "", false
			}
			return c.Config(t), true
		},
		split: splitByLabels,
		run:   runImports,
	})
}

type importMember = member[ImportCase, string]

// splitByLabels puts the cases into batches whose configurations declare
// no address (or block that must be single) twice, in the order given.
func splitByLabels(ms []*importMember) [][]*importMember {
	var batches [][]*importMember
	var taken []map[string]bool
next:
	for _, m := range ms {
		labels := declared(m.made)
		for i, b := range taken {
			if !slices.ContainsFunc(labels, func(l string) bool { return b[l] }) {
				batches[i] = append(batches[i], m)
				for _, l := range labels {
					b[l] = true
				}
				continue next
			}
		}
		b := map[string]bool{}
		for _, l := range labels {
			b[l] = true
		}
		batches, taken = append(batches, []*importMember{m}), append(taken, b)
	}
	return batches
}

// topBlock is the header of a block at the top level of a configuration.
var topBlock = regexp.MustCompile(`(?m)^(resource|data|ephemeral|variable|output|module|provider|locals|terraform)\b\s*("[^"]*")?\s*("[^"]*")?`)

// declared are the addresses that a configuration declares, and a name for
// each block that two configurations cannot both hold (a provider block,
// locals: their names are not parsed, so two never share).
func declared(config string) []string {
	var out []string
	for _, m := range topBlock.FindAllStringSubmatch(config, -1) {
		out = append(out, strings.Join([]string{m[1], strings.Trim(m[2], `"`), strings.Trim(m[3], `"`)}, "."))
	}
	return out
}

// address is the address of a declared block ("resource.t.n" is t.n, as
// Terraform names it in its messages).
func address(label string) string {
	kind, rest, _ := strings.Cut(label, ".")
	if kind == "resource" {
		return rest
	}
	return label
}

// runImports runs one batch of import cases: makes the objects of all,
// imports each by its ID and, with p.ByIdentity, again by its identity.
func runImports(t *testing.T, p Provider, ms []*importMember) {
	t.Helper()
	if c := ms[0].c.ProviderConfig; c != "" {
		p.Config = c
	}
	owners := map[string]*importMember{}
	var config strings.Builder
	for _, m := range ms {
		config.WriteString("\n" + m.made)
		for _, l := range declared(m.made) {
			owners[address(l)] = m
		}
	}
	setup := NewWorkdir(t, p, config.String())
	defer func() {
		if r := setup.Run("destroy", "-auto-approve", "-input=false", "-no-color"); r.ExitCode != 0 {
			t.Errorf("%s", r)
		}
	}()
	if r := setup.Run("apply", "-auto-approve", "-input=false", "-no-color"); r.ExitCode != 0 {
		blame(t, r, "the configuration that makes the objects to import does not apply", func(a string) *importMember { return owners[a] })
		return
	}
	state := map[string]*tfjson.StateResource{}
	for _, res := range setup.state() {
		state[res.Address] = res
	}
	byID, byIdentity := map[*importMember]string{}, map[*importMember]string{}
	for _, m := range ms {
		res := state[m.typ+".test"]
		if res == nil {
			m.errorf("%s.test is not in the state: the case's Config must make it", m.typ)
			continue
		}
		byID[m] = fmt.Sprintf("import {\n  to = %s.imported\n  id = %q\n}\n", m.typ, m.c.ID(res.AttributeValues))
		if !p.ByIdentity {
			continue
		}
		if len(res.IdentityValues) == 0 {
			m.errorf("%s.test has no identity in the state: the import by identity needs Terraform 1.12 or newer", m.typ)
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "import {\n  to = %s.imported\n  identity = {\n", m.typ)
		for _, n := range slices.Sorted(maps.Keys(res.IdentityValues)) {
			v, err := json.Marshal(res.IdentityValues[n])
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "    %s = %s\n", n, v)
		}
		b.WriteString("  }\n}\n")
		byIdentity[m] = b.String()
	}
	importAndCheck(t, p, byID)
	if p.ByIdentity {
		importAndCheck(t, p, byIdentity)
	}
	for _, m := range ms {
		m.skip = ""
	}
}

// importAndCheck runs the import blocks of the members (each to
// <type>.imported) with -generate-config-out, completes the generated
// configuration as each case says, and checks that it plans only the
// imports, applies, and then plans nothing. A member whose generated
// configuration is refused is left out, and the others are tried again.
func importAndCheck(t *testing.T, p Provider, blocks map[*importMember]string) {
	t.Helper()
	live := slices.SortedFunc(maps.Keys(blocks), func(a, b *importMember) int { return strings.Compare(a.typ, b.typ) })
	for len(live) > 0 {
		var config strings.Builder
		for _, m := range live {
			config.WriteString(blocks[m])
		}
		imp := NewWorkdir(t, p, config.String())
		plan := imp.Run("plan", "-input=false", "-no-color", "-generate-config-out=generated.tf", "-out=import.tfplan")
		generated := imp.readOptional("generated.tf")
		hasAdd := slices.ContainsFunc(live, func(m *importMember) bool { return m.c.Add != "" })
		if hasAdd && plan.ExitCode == 0 {
			changes := imp.changes("import.tfplan")
			for _, m := range live {
				if m.c.Add != "" && importing(changes[m.typ+".imported"], importActions("")) {
					m.errorf("the generated configuration is valid as written; drop Add from the case of %s\ngenerated.tf:\n%s", m.typ, generated)
				}
			}
		}
		patched := completeGenerated(p, live, generated, func(c ImportCase) string { return c.Add }, func(c ImportCase) string { return c.Records })
		if patched == "" {
			return
		}
		if hasAdd {
			generated = patched
			imp.WriteFile("generated.tf", generated)
			plan = imp.Run("plan", "-input=false", "-no-color", "-out=import.tfplan")
		}
		if plan.ExitCode != 0 {
			failed := blame(t, plan, "the generated configuration is not valid as written", ownerByType(live))
			if len(failed) == 0 || len(failed) == len(live) {
				return
			}
			live = without(live, failed)
			continue
		}
		changes := imp.changes("import.tfplan")
		recorded := 0
		for _, m := range live {
			want := importActions(m.c.Records)
			if m.c.Records != "" {
				recorded++
			}
			if rc := changes[m.typ+".imported"]; !importing(rc, want) {
				got := m.typ + ".imported: not in the plan"
				if rc != nil {
					got = describe(rc)
				}
				m.errorf("the import plan is not a plain import (%v):\n%s\ngenerated.tf holds:\n%s", want, got, blocksOf(generated, m.typ))
			}
		}
		if !strings.Contains(plan.Stdout, fmt.Sprintf(planSummary, len(live), recorded)) {
			t.Errorf("the import plan is not %d plain imports:\n%s", len(live), plan)
		}
		apply := imp.Run("apply", "-auto-approve", "-input=false", "-no-color", "import.tfplan")
		if apply.ExitCode != 0 {
			blame(t, apply, "the apply of the import failed", ownerByType(live))
			return
		}
		if !strings.Contains(apply.Stdout, fmt.Sprintf(applySummary, len(live), recorded)) {
			t.Errorf("the import apply did more than import:\n%s", apply)
		}
		emptyAfter(t, imp, live, generated)
		return
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

// undocumented are the failures of the Import section of the resource's
// page (docs/<provider>/resources/<name>.md): it must name every attribute
// that add sets.
func undocumented(p Provider, typ, add string) []string {
	page := filepath.Join(repoRoot(), "docs", p.Name, "resources", strings.TrimPrefix(typ, p.Name+"_")+".md")
	b, err := os.ReadFile(page)
	if err != nil {
		return []string{fmt.Sprintf("the docs of %s: %v", typ, err)}
	}
	_, section, ok := strings.Cut(string(b), "## Import")
	if !ok {
		return []string{page + " has no Import section"}
	}
	var errs []string
	for _, line := range strings.Split(add, "\n") {
		if m := attributeLine.FindStringSubmatch(line); m != nil && !strings.Contains(section, m[1]) {
			errs = append(errs, fmt.Sprintf("the Import section of %s does not say to add %s to the generated configuration", page, m[1]))
		}
	}
	return errs
}

// repoRoot is the directory of the root module.
func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}
