package pulumitest

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/pulumi/pulumi-terraform-bridge/v3/pkg/tfbridge"
	"gopkg.in/yaml.v3"
)

// ImportCase says how one resource type is created outside the program
// that imports it, and which import ID names it: the ID its Terraform
// documentation gives (terraform import <type>.<name> <ID>), so that the
// same IDs work with `pulumi import`.
type ImportCase struct {
	// Name of the resource in the programs; other cases refer to it as
	// ${Name.<output>}.
	Name string
	// Properties is the body of the resource's `properties:` map in a
	// Pulumi YAML program (lines at any indentation).
	Properties string
	// ID is the Terraform import ID of the created resource, from its
	// outputs.
	ID func(out Outputs) string
	// Provider, when set, names the provider configuration of
	// ImportSuite.Providers the case runs with (hub mode, controller mode),
	// with the other cases of that name and apart from the rest; they may
	// refer to each other only.
	Provider string
	// NotImportable, when set, says why the resource type has no import
	// (a command modelled as a resource, with nothing on the service to
	// import): the type then needs no other field, and Run skips it.
	NotImportable string
	// Records are the input properties an import cannot read (a password
	// the service never returns, a setting of the provider's alone): the
	// user adds them to the generated code (where the import may have
	// written a placeholder). The program gets their values of Properties;
	// its preview then updates that resource alone (recording them, calling
	// nothing), and the preview after `pulumi up` is empty.
	Records []string
}

// Outputs are the outputs of a resource in the state.
type Outputs map[string]any

// S returns the output key as a string: numbers without a fraction are
// written as integers, absent keys as "".
func (o Outputs) S(key string) string {
	switch v := o[key].(type) {
	case nil:
		return ""
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	default:
		return fmt.Sprint(v)
	}
}

// ImportSuite is the import test of one package: every resource type of
// the provider has a case.
type ImportSuite struct {
	// Package is the Pulumi package name (netfab).
	Package string
	// Resources maps every Terraform resource type of the provider to its
	// Pulumi token (from the bridge's ProviderInfo).
	Resources map[string]string
	// Cases maps a Terraform resource type to its case. A key
	// "<type>#<anything>" is one more resource of that type (one that
	// another case needs, imported like the others).
	Cases map[string]ImportCase
	// Vars are replaced in the cases' Properties ("{{kubeconfig}}": a
	// path).
	Vars map[string]string
	// Configure sets the provider's settings on a new stack in dir.
	Configure func(cli *CLI, dir string)
	// Providers are the other provider configurations cases name
	// (ImportCase.Provider), like Configure.
	Providers map[string]func(cli *CLI, dir string)
}

// NewImportSuite is the import suite of the package info bridges, with
// the token of every resource and cases; Configure (and Providers) are
// the caller's to set.
func NewImportSuite(info tfbridge.ProviderInfo, cases map[string]ImportCase) ImportSuite {
	return ImportSuite{Package: info.Name, Resources: ResourceTokens(info), Cases: cases}
}

// ResourceTokens is the token of every resource of a ProviderInfo's
// Resources, by Terraform type.
func ResourceTokens(info tfbridge.ProviderInfo) map[string]string {
	out := make(map[string]string, len(info.Resources))
	for tf, r := range info.Resources {
		out[tf] = string(r.Tok)
	}
	return out
}

// CheckCases fails the test for every resource type without a case, and
// for every case of a type the provider does not have.
func (s ImportSuite) CheckCases(t *testing.T) {
	t.Helper()
	for _, tf := range sortedKeys(s.Resources) {
		if _, ok := s.Cases[tf]; !ok {
			t.Errorf("%s (%s) has no import case: add one to the import test of %s, with the import ID of its Terraform docs",
				tf, s.token(tf), s.Package)
		}
	}
	names := map[string]string{}
	for _, tf := range sortedKeys(s.Cases) {
		if _, ok := s.Resources[typeOf(tf)]; !ok {
			t.Errorf("import case %s: the provider has no such resource", tf)
		}
		c := s.Cases[tf]
		if c.NotImportable != "" {
			continue
		}
		if c.Name == "" || c.ID == nil {
			t.Errorf("import case %s: Name and ID are required", tf)
		}
		if _, ok := s.Providers[c.Provider]; c.Provider != "" && !ok && s.Configure != nil {
			t.Errorf("import case %s: no provider configuration %q", tf, c.Provider)
		}
		if other, dup := names[c.Name]; dup {
			t.Errorf("import cases %s and %s use the same name %q", other, tf, c.Name)
		}
		names[c.Name] = tf
	}
}

// Run creates one resource of every case with a program of its own,
// forgets them (the stack is removed, the resources stay), and imports
// each into a new stack with `pulumi import <token> <name> <id>`, the ID
// being the one Terraform documents. The YAML code each import prints must
// declare exactly that resource; together they make a program whose
// preview against the imported stack shows no change. The imported stack is
// then destroyed, which must delete what was imported; afterDestroy checks
// the service.
//
// The cases of each provider configuration (ImportCase.Provider) run with
// stacks of their own, in parallel subtests.
func (s ImportSuite) Run(t *testing.T, cli *CLI, afterDestroy func()) {
	t.Helper()
	s.CheckCases(t)
	if t.Failed() {
		t.FailNow()
	}
	groups := map[string]map[string]ImportCase{}
	for tf, c := range s.Cases {
		if c.NotImportable != "" {
			t.Logf("%s: not imported: %s", tf, c.NotImportable)
			continue
		}
		if groups[c.Provider] == nil {
			groups[c.Provider] = map[string]ImportCase{}
		}
		groups[c.Provider][tf] = c
	}
	if len(groups) == 1 && groups[""] != nil {
		s.run(t, cli, groups[""], s.Configure, "")
	} else {
		t.Run("providers", func(t *testing.T) {
			for _, name := range sortedKeys(groups) {
				configure, suffix, sub := s.Configure, "", "default"
				if name != "" {
					configure, suffix, sub = s.Providers[name], "-"+name, name
				}
				if configure == nil {
					t.Fatalf("import cases name the provider configuration %q, which ImportSuite.Providers lacks", name)
				}
				t.Run(sub, func(t *testing.T) {
					t.Parallel()
					s.run(t, cli.forTest(t), groups[name], configure, suffix)
				})
			}
		})
	}
	if afterDestroy != nil {
		afterDestroy()
	}
}

// run is Run for cases run with the provider configuration configure, in
// projects named with suffix.
func (s ImportSuite) run(t *testing.T, cli *CLI, cases map[string]ImportCase, configure func(*CLI, string), suffix string) {
	t.Helper()
	// Parents are imported before their children, so that destroying the
	// imported stack one resource at a time (the imports record no
	// dependencies) deletes children first.
	tfs, err := importOrder(cases)
	if err != nil {
		t.Fatal(err)
	}

	// 1. The resources, created by a program that is then forgotten.
	var fixture strings.Builder
	fmt.Fprintf(&fixture, "name: %s-import-fixture%s\nruntime: yaml\nresources:\n", s.Package, suffix)
	for _, tf := range tfs {
		c := cases[tf]
		fmt.Fprintf(&fixture, "  %s:\n    type: %s\n    properties:\n%s", c.Name, s.token(tf), indent(s.vars(c.Properties), 6))
	}
	fixtureDir := t.TempDir()
	writeFile(t, filepath.Join(fixtureDir, "Pulumi.yaml"), fixture.String())
	cli.Run(fixtureDir, "stack", "init", "fixture", "--non-interactive")
	configure(cli, fixtureDir)
	cli.Run(fixtureDir, "up", "--yes", "--skip-preview", "--non-interactive")
	created := map[string]Outputs{}
	for _, r := range cli.State(fixtureDir) {
		// The resource's ID is never a secret in the state, while the
		// output it comes from may be (a service key): cases read it as
		// "id".
		out := Outputs{"id": r.ID}
		maps.Copy(out, r.Outputs)
		created[r.Name()] = out
	}
	ids := map[string]string{}
	for _, tf := range tfs {
		c := cases[tf]
		out, ok := created[c.Name]
		if !ok {
			t.Fatalf("%s: %s is not in the state of the program that created it", tf, c.Name)
		}
		ids[tf] = c.ID(out)
		if ids[tf] == "" {
			t.Fatalf("%s: empty import ID from outputs %v", tf, out)
		}
	}
	// --force removes the stack with its resources still in the service.
	cli.Run(fixtureDir, "stack", "rm", "--force", "--yes", "--non-interactive")

	// 2. Each resource imported by its Terraform import ID.
	dir := t.TempDir()
	project := fmt.Sprintf("name: %s-import%s\nruntime: yaml\n", s.Package, suffix)
	writeFile(t, filepath.Join(dir, "Pulumi.yaml"), project)
	cli.Run(dir, "stack", "init", "imported", "--non-interactive")
	configure(cli, dir)
	merged := map[string]any{}
	for _, tf := range tfs {
		c := cases[tf]
		code := filepath.Join(t.TempDir(), "generated.yaml")
		cli.Run(dir, "import", s.token(tf), c.Name, ids[tf], "--yes", "--skip-preview", "--protect=false", "--non-interactive", "--out", code)
		raw, err := os.ReadFile(code)
		if err != nil {
			t.Fatalf("%s: the generated code: %v", tf, err)
		}
		var generated struct {
			Resources map[string]map[string]any `yaml:"resources"`
		}
		if err := unmarshalKeepingText(raw, &generated); err != nil {
			t.Fatalf("%s: the generated code is not YAML: %v\n%s", tf, err, raw)
		}
		r, ok := generated.Resources[c.Name]
		if len(generated.Resources) != 1 || !ok || !sameType(r["type"], s.token(tf)) {
			t.Errorf("%s: the generated code does not declare exactly %s of type %s:\n%s", tf, c.Name, s.token(tf), raw)
			continue
		}
		t.Logf("pulumi import %s %s %s generated:\n%s", s.token(tf), c.Name, ids[tf], raw)
		merged[c.Name] = r
	}
	state := map[string]bool{}
	for _, r := range cli.State(dir) {
		if r.ID != "" && !strings.HasPrefix(r.Type, "pulumi:") {
			state[r.Name()] = true
		}
	}
	for _, tf := range tfs {
		if !state[cases[tf].Name] {
			t.Errorf("%s: %s is not in the state after the import", tf, cases[tf].Name)
		}
	}

	// 3. The generated code, as the program, previews without changes
	// (but for the values the user adds, see Records).
	recorded := map[string]string{} // URN suffix (::name) of a resource recording values: one of them
	for _, tf := range tfs {
		c := cases[tf]
		r, _ := merged[c.Name].(map[string]any)
		if len(c.Records) == 0 || r == nil {
			continue
		}
		var created map[string]any
		if err := yaml.Unmarshal([]byte(indent(s.vars(c.Properties), 0)), &created); err != nil {
			t.Fatalf("%s: the Properties: %v", tf, err)
		}
		props, _ := r["properties"].(map[string]any)
		if props == nil {
			props = map[string]any{}
			r["properties"] = props
		}
		for _, k := range c.Records {
			if created[k] == nil {
				t.Fatalf("%s: the Properties have no %s to record", tf, k)
			}
			props[k] = created[k]
		}
		recorded["::"+c.Name] = c.Records[0]
	}
	program, err := yaml.Marshal(map[string]any{"resources": merged})
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "Pulumi.yaml"), project+string(program))
	preview := func(want map[string]string) {
		t.Helper()
		var p Preview
		res := cli.Exec(dir, "preview", "--json", "--non-interactive", "--diff")
		if err := json.Unmarshal([]byte(res.Stdout), &p); err != nil {
			t.Fatalf("pulumi preview of the generated program: %v\n%s\n%s", res.Err, res.Stdout, res.Stderr)
		}
		for _, d := range p.Diagnostics {
			if d.Severity == "error" {
				t.Errorf("pulumi preview of the generated program: %s", d.Message)
			}
		}
		if res.Err != nil {
			t.Errorf("pulumi preview of the generated program: %v\nprogram:\n%s", res.Err, program)
			return
		}
		updates := 0
		for _, st := range p.Steps {
			if st.Op == "same" {
				continue
			}
			prop, ok := want[st.URN[strings.LastIndex(st.URN, "::"):]]
			if ok && st.Op == "update" && slices.Contains(st.DiffReasons, prop) && len(st.ReplaceReasons) == 0 {
				updates++
				continue
			}
			t.Errorf("the program the imports generated does not preview empty: %s %s: diff %v, replace %v\nprogram:\n%s",
				st.Op, st.URN, st.DiffReasons, st.ReplaceReasons, program)
		}
		if updates != len(want) {
			t.Errorf("the preview of the generated program updates %d resources to record %v, not %d: %v", updates, want, len(want), p.ChangeSummary)
		}
	}
	preview(recorded)
	if len(recorded) > 0 {
		cli.Run(dir, "up", "--yes", "--skip-preview", "--non-interactive")
		preview(nil)
	}

	// 4. Destroying the imported stack deletes what was imported: the
	// imports record no dependencies, so children go first, one depth of
	// the references between cases at a time.
	urns := map[string]string{}
	for _, r := range cli.State(dir) {
		urns[r.Name()] = r.URN
	}
	depth := depths(cases, tfs)
	for d := slices.Max(slices.Collect(maps.Values(depth))); d >= 0; d-- {
		args := []string{"destroy", "--yes", "--skip-preview", "--non-interactive"}
		for _, tf := range tfs {
			if depth[tf] == d {
				args = append(args, "--target", urns[cases[tf].Name])
			}
		}
		cli.Run(dir, args...)
	}
	for _, r := range cli.State(dir) {
		if !strings.HasPrefix(r.Type, "pulumi:") {
			t.Errorf("%s is left in the imported stack after destroy", r.URN)
		}
	}
}

// forTest is the CLI for a subtest t: the same home, backend and
// environment.
func (c *CLI) forTest(t *testing.T) *CLI {
	d := *c
	d.t = t
	return &d
}

// vars replaces the suite's Vars in properties.
func (s ImportSuite) vars(properties string) string {
	for k, v := range s.Vars {
		properties = strings.ReplaceAll(properties, k, v)
	}
	return properties
}

// typeOf is the Terraform type of a case's key.
func typeOf(key string) string {
	tf, _, _ := strings.Cut(key, "#")
	return tf
}

// token is the Pulumi token of a case's key.
func (s ImportSuite) token(key string) string { return s.Resources[typeOf(key)] }

// sameType: typ is token, or the short form the YAML code generator writes:
// pkg:Name for pkg:index/name:Name, pkg:mod:Name for pkg:mod/version:Name
// (the schema's moduleFormat keeps the module's first segment).
func sameType(typ any, token string) bool {
	s, _ := typ.(string)
	if s == token {
		return true
	}
	want := strings.Split(token, ":")
	got := strings.Split(s, ":")
	if len(want) != 3 || got[0] != want[0] || got[len(got)-1] != want[2] {
		return false
	}
	module, _, _ := strings.Cut(want[1], "/")
	switch len(got) {
	case 2:
		return module == "index"
	case 3:
		return got[1] == want[1] || got[1] == module
	}
	return false
}

// importOrder sorts the cases' Terraform types so that a case comes after
// the cases its properties refer to (${name.…}), by name otherwise.
func importOrder(cases map[string]ImportCase) ([]string, error) {
	byName := map[string]string{}
	for tf, c := range cases {
		byName[c.Name] = tf
	}
	var order []string
	state := map[string]int{} // 1 visiting, 2 done
	var visit func(tf string) error
	visit = func(tf string) error {
		switch state[tf] {
		case 1:
			return fmt.Errorf("import cases refer to each other in a cycle through %s", tf)
		case 2:
			return nil
		}
		state[tf] = 1
		var deps []string
		for _, m := range refPattern.FindAllStringSubmatch(cases[tf].Properties, -1) {
			if dep, ok := byName[m[1]]; ok {
				deps = append(deps, dep)
			}
		}
		sort.Strings(deps)
		for _, dep := range deps {
			if err := visit(dep); err != nil {
				return err
			}
		}
		state[tf] = 2
		order = append(order, tf)
		return nil
	}
	for _, tf := range sortedKeys(cases) {
		if err := visit(tf); err != nil {
			return nil, err
		}
	}
	return order, nil
}

// depths: 0 for a case that refers to no other case, else one more than
// the deepest case it refers to; order is an importOrder.
func depths(cases map[string]ImportCase, order []string) map[string]int {
	byName := map[string]string{}
	for tf, c := range cases {
		byName[c.Name] = tf
	}
	out := map[string]int{}
	for _, tf := range order {
		out[tf] = 0
		for _, m := range refPattern.FindAllStringSubmatch(cases[tf].Properties, -1) {
			if dep, ok := byName[m[1]]; ok && out[dep]+1 > out[tf] {
				out[tf] = out[dep] + 1
			}
		}
	}
	return out
}

var refPattern = regexp.MustCompile(`\$\{([A-Za-z0-9_-]+)[.\[}]`)

// StateResource is a resource of `pulumi stack export`.
type StateResource struct {
	URN     string  `json:"urn"`
	Type    string  `json:"type"`
	ID      string  `json:"id"`
	Inputs  Outputs `json:"inputs"`
	Outputs Outputs `json:"outputs"`
}

// Name is the resource's name (the last part of its URN).
func (r StateResource) Name() string { return r.URN[strings.LastIndex(r.URN, "::")+2:] }

// State returns the resources of the selected stack of the project in dir.
func (c *CLI) State(dir string) []StateResource {
	c.t.Helper()
	var export struct {
		Deployment struct {
			Resources []StateResource `json:"resources"`
		} `json:"deployment"`
	}
	c.RunJSON(dir, &export, "stack", "export")
	return export.Deployment.Resources
}

// indent re-indents YAML lines by n spaces, after removing the leading
// whitespace they have in common (tabs of Go source included).
func indent(s string, n int) string {
	lines := strings.Split(strings.Trim(s, "\n"), "\n")
	common := ""
	first := true
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		lead := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if first {
			common, first = lead, false
			continue
		}
		for !strings.HasPrefix(lead, common) {
			common = common[:len(common)-1]
		}
	}
	var b strings.Builder
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			b.WriteString("\n")
			continue
		}
		b.WriteString(strings.Repeat(" ", n) + strings.TrimPrefix(l, common) + "\n")
	}
	return b.String()
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return slices.Clip(keys)
}

// unmarshalKeepingText decodes YAML keeping a scalar that looks like a date
// (a user's expiration-date 2030-05-30) the text it is: yaml.v3 decodes it
// into a time.Time for an interface value, which marshals back as the
// timestamp 2030-05-30T00:00:00Z, a program the generated code is not.
func unmarshalKeepingText(raw []byte, out any) error {
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return err
	}
	var keep func(n *yaml.Node)
	keep = func(n *yaml.Node) {
		if n.Kind == yaml.ScalarNode && n.Tag == "!!timestamp" {
			n.Tag = "!!str"
		}
		for _, c := range n.Content {
			keep(c)
		}
	}
	keep(&doc)
	return doc.Decode(out)
}
