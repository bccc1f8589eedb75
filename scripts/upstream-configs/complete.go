package main

import (
	"fmt"
	"hash/fnv"
	"regexp"
	"sort"
	"strings"
)

// Upstream's examples are snippets for its docs, not configurations: most
// reference a model, an application, a user or an offer they do not declare
// ("model_uuid = juju_model.development.uuid"), show alternatives of one
// resource under the same address, or leave a placeholder ("<model-uuid>")
// for the reader. Run as written, nearly all fail before they reach a
// provider. completeExample turns a renamed example into configurations a
// reader would write from it: one per alternative, with the objects it
// references declared by small fixtures, and its placeholders filled in. What
// fails then is the example's own content. The harness reports both: the
// examples as written and completed.

// hclBlockHead is the first line of a top-level block.
var hclBlockHead = regexp.MustCompile(`^(resource|data|variable|locals|output|provider|terraform|import|list|action|ephemeral|check|moved|removed)\b[^{]*\{`)

type hclTopBlock struct {
	addr string // "resource orch_model.x", "data orch_model.x"; empty for blocks without one address
	text string
}

// topBlocks splits a configuration into its top-level blocks (comments and
// blank lines between blocks are dropped). Braces inside quoted strings are
// not counted.
func topBlocks(hcl string) []hclTopBlock {
	var out []hclTopBlock
	lines := strings.Split(hcl, "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if !hclBlockHead.MatchString(l) {
			continue
		}
		depth, j := 0, i
		for ; j < len(lines); j++ {
			depth += braceDelta(lines[j])
			if depth <= 0 {
				break
			}
		}
		if j == len(lines) {
			j = len(lines) - 1
		}
		out = append(out, hclTopBlock{addr: blockAddr(l), text: strings.Join(lines[i:j+1], "\n")})
		i = j
	}
	return out
}

func braceDelta(l string) int {
	d, inStr := 0, false
	for k := 0; k < len(l); k++ {
		switch c := l[k]; {
		case c == '\\' && inStr:
			k++
		case c == '"':
			inStr = !inStr
		case c == '#' && !inStr:
			return d
		case c == '/' && !inStr && k+1 < len(l) && l[k+1] == '/':
			return d
		case c == '{' && !inStr:
			d++
		case c == '}' && !inStr:
			d--
		}
	}
	return d
}

var blockLabels = regexp.MustCompile(`^(resource|data|list|action|ephemeral)\s+"([^"]+)"\s+"([^"]+)"`)

func blockAddr(head string) string {
	m := blockLabels.FindStringSubmatch(head)
	if m == nil {
		return ""
	}
	return m[1] + " " + m[2] + "." + m[3]
}

// alternatives splits a configuration whose blocks repeat an address, which
// upstream's docs do to show alternatives (and unrelated snippets) on one
// page, into its snippets: the groups of blocks that reference each other
// (a reference to a repeated address goes to its nearest declaration above,
// or else below). provider, terraform and variable blocks go with every
// snippet. Without a repeated address the configuration is one.
func alternatives(hcl string) []string {
	blocks := topBlocks(hcl)
	count := map[string]int{}
	repeated := false
	for _, b := range blocks {
		if b.addr != "" {
			count[b.addr]++
			repeated = repeated || count[b.addr] > 1
		}
	}
	if !repeated {
		return []string{hcl}
	}
	shared := func(b hclTopBlock) bool {
		h := strings.TrimSpace(b.text)
		return strings.HasPrefix(h, "provider") || strings.HasPrefix(h, "terraform") || strings.HasPrefix(h, "variable")
	}
	parent := make([]int, len(blocks))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	decl := func(addr string, at int) int {
		best := -1
		for j, b := range blocks {
			if b.addr != addr {
				continue
			}
			if j < at || best == -1 {
				best = j
			}
			if j > at {
				break
			}
		}
		return best
	}
	for i, b := range blocks {
		if shared(b) {
			continue
		}
		for _, m := range resourceRef.FindAllStringSubmatch(stripComments(b.text), -1) {
			kind := "resource "
			if m[1] != "" {
				kind = "data "
			}
			if j := decl(kind+m[2]+"."+m[3], i); j >= 0 && j != i {
				parent[find(i)] = find(j)
			}
		}
	}
	var order []int
	groups := map[int][]int{}
	for i, b := range blocks {
		if shared(b) {
			continue
		}
		r := find(i)
		if _, ok := groups[r]; !ok {
			order = append(order, r)
		}
		groups[r] = append(groups[r], i)
	}
	var out []string
	for _, r := range order {
		var parts []string
		for i, b := range blocks {
			if shared(b) || find(i) == r {
				parts = append(parts, b.text)
			}
		}
		out = append(out, strings.Join(parts, "\n\n")+"\n")
	}
	return out
}

var (
	resourceRef = regexp.MustCompile(`(?:^|[^.\w])(data\.)?(orch_[a-z0-9_]+)\.([A-Za-z_][\w-]*)`)
	varRef      = regexp.MustCompile(`\bvar\.([A-Za-z_]\w*)`)
)

// k8sCharms are the catalogue's charms that run only on a cluster cloud.
var k8sCharms = map[string]bool{"traefik-k8s": true, "coredns": true}

// fixtureCharm is the charm of an application the example references
// without declaring, by the application's name.
func fixtureCharm(app string) string {
	switch {
	case strings.Contains(app, "wordpress"):
		return "wordpress"
	case strings.Contains(app, "percona"):
		return "percona-cluster"
	case strings.Contains(app, "mysql"):
		return "mysql"
	case strings.Contains(app, "traefik"):
		return "traefik-k8s"
	}
	return "ubuntu"
}

// objectName is a name of an object for the fixture of address name n:
// lower case, hyphens, and a suffix that keeps the cases that run at the same
// time apart.
func objectName(n, sfx string) string {
	return strings.ReplaceAll(strings.ToLower(n), "_", "-") + "-" + sfx
}

// completeExample declares the objects a renamed example references and does
// not declare. It returns the completed configuration and the fixtures it
// added (by address), or the configuration unchanged.
func completeExample(hcl, sfx string, hub bool) (string, []string) {
	declared := map[string]bool{}
	for _, b := range topBlocks(hcl) {
		if a, ok := strings.CutPrefix(b.addr, "resource "); ok {
			declared[a] = true
		}
	}
	// references outside comments
	var code strings.Builder
	code.WriteString(stripComments(hcl))
	refs := map[string]bool{}
	for _, m := range resourceRef.FindAllStringSubmatch(code.String(), -1) {
		if m[1] != "" {
			continue // data sources read existing objects: no fixture
		}
		a := m[2] + "." + m[3]
		if !declared[a] {
			refs[a] = true
		}
	}
	vars := map[string]bool{}
	for _, m := range varRef.FindAllStringSubmatch(code.String(), -1) {
		if !strings.Contains(code.String(), `variable "`+m[1]+`"`) {
			vars[m[1]] = true
		}
	}
	if len(refs) == 0 && len(vars) == 0 {
		return hcl, nil
	}
	// The model of the fixtures: the example's own (declared or
	// referenced), else one of the fixtures'.
	model := ""
	for _, a := range sortedKeys(declared) {
		if strings.HasPrefix(a, "orch_model.") {
			model = a
			break
		}
	}
	if model == "" {
		for _, a := range sortedKeys(refs) {
			if strings.HasPrefix(a, "orch_model.") {
				model = a
				break
			}
		}
	}
	needsModel := false
	cluster := false
	for a := range refs {
		typ, name, _ := strings.Cut(a, ".")
		if typ == "orch_application" || typ == "orch_offer" {
			needsModel = true
			if k8sCharms[fixtureCharm(name)] {
				cluster = true
			}
		}
	}
	if needsModel && model == "" {
		model = "orch_model.fixture"
		refs[model] = true
	}
	var fx []string
	var added []string
	for _, a := range sortedKeys(refs) {
		typ, name, _ := strings.Cut(a, ".")
		var b string
		switch typ {
		case "orch_model":
			cloud := ""
			if cluster && a == model {
				cloud = "\n  cloud {\n    name = \"microk8s\"\n  }"
			}
			b = fmt.Sprintf("resource \"orch_model\" %q {\n  name = %q%s\n}\n", name, objectName(name, sfx), cloud)
		case "orch_user":
			b = fmt.Sprintf("resource \"orch_user\" %q {\n  name     = %q\n  password = \"Fixture-passw0rd-1\"\n}\n", name, objectName(name, sfx))
		case "orch_application":
			b = fmt.Sprintf("resource \"orch_application\" %q {\n  model_uuid = %s.uuid\n  name       = %q\n  charm {\n    name = %q\n  }\n}\n",
				name, model, strings.ReplaceAll(strings.ToLower(name), "_", "-"), fixtureCharm(name))
		case "orch_offer":
			app := name + "_offered"
			b = fmt.Sprintf("resource \"orch_application\" %q {\n  model_uuid = %s.uuid\n  name       = %q\n  charm {\n    name = \"percona-cluster\"\n  }\n}\n\n"+
				"resource \"orch_offer\" %q {\n  model_uuid       = %s.uuid\n  application_name = orch_application.%s.name\n  endpoints        = [\"server\"]\n}\n",
				app, model, objectName(app, sfx), name, model, app)
		case "orch_hub_group", "orch_hub_role":
			if !hub {
				continue
			}
			b = fmt.Sprintf("resource %q %q {\n  name = %q\n}\n", typ, name, objectName(name, sfx))
		default:
			// secrets, actions, controllers: what they hold is the
			// example's to say; no fixture
			continue
		}
		fx = append(fx, b)
		added = append(added, a)
	}
	for _, v := range sortedKeys(vars) {
		fx = append(fx, fmt.Sprintf("variable %q {\n  type      = string\n  sensitive = true\n  default   = \"Fixture-%s-1\"\n}\n", v, v))
		added = append(added, "var."+v)
	}
	if len(fx) == 0 {
		return hcl, nil
	}
	return "# fixtures of the objects the example references\n" + strings.Join(fx, "\n") + "\n" + hcl, added
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// modelUUIDPlaceholder is the placeholder of upstream's list examples; a
// completed query runs against a fixture model, whose UUID replaces it.
const modelUUIDPlaceholder = `"<model-uuid>"`

const queryFixture = "resource \"orch_model\" \"fixture\" {\n  name = %q\n}\n"

type completedCase struct {
	name  string
	steps []step
	na    string
	hub   bool
}

// completedExample is an orch example completed (completeExample), one case
// per alternative; none when completing changes nothing. The hub's examples
// run against the hub.
func completedExample(e example, prof *profile) []completedCase {
	if e.na != "" || len(e.steps) == 0 {
		return nil
	}
	hub := strings.Contains(e.name, "juju_jaas_")
	sfx := func(k int) string {
		h := fnv.New32a()
		fmt.Fprintf(h, "%s#%d", e.name, k)
		return fmt.Sprintf("%06x", h.Sum32()&0xffffff)
	}
	if len(e.steps) == 1 && !e.steps[0].Query {
		alts := alternatives(prof.rename(e.steps[0].Config))
		var out []completedCase
		for k, alt := range alts {
			text, added := completeExample(alt, sfx(k), hub)
			if len(alts) == 1 && len(added) == 0 {
				return nil
			}
			name := e.name + " [completed]"
			if len(alts) > 1 {
				name = fmt.Sprintf("%s [completed %d/%d]", e.name, k+1, len(alts))
			}
			st := e.steps[0]
			st.Config = text
			out = append(out, completedCase{name: name, steps: []step{st}, hub: hub})
		}
		return out
	}
	var steps []step
	changed := false
	for k, st := range e.steps {
		if st.Query {
			if strings.Contains(stripComments(st.Config), modelUUIDPlaceholder) {
				steps = append(steps, step{Config: fmt.Sprintf(queryFixture, objectName("fixture", sfx(k))), Example: true})
				st.Resolve = map[string]string{modelUUIDPlaceholder: "orch_model.fixture.uuid"}
				changed = true
			}
			steps = append(steps, st)
			continue
		}
		text, added := completeExample(prof.rename(st.Config), sfx(k), hub)
		if len(added) > 0 {
			changed = true
		}
		st.Config = text
		steps = append(steps, st)
	}
	if !changed {
		return nil
	}
	return []completedCase{{name: e.name + " [completed]", steps: steps, hub: hub}}
}

// stripComments drops the comment lines of a configuration.
func stripComments(hcl string) string {
	var b strings.Builder
	for _, l := range strings.Split(hcl, "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "#") || strings.HasPrefix(t, "//") {
			continue
		}
		b.WriteString(l + "\n")
	}
	return b.String()
}
