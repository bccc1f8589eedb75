package fwmgr

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// The examples of the management types are made from their table rows, as
// the show data sources' are: a row's Example (an add body that the table's
// tests check) becomes the resource's configuration, so that the docs, the
// examples test and the table cannot disagree.

// managementTypeName is the Terraform type of a management row
// (fwmgr_management_service_tcp).
func managementTypeName(t api.ManagementType) string {
	return "fwmgr_management_" + strings.ReplaceAll(t.Name, "-", "_")
}

// managementProvider is the provider block every management example
// carries: the management API is the web_api context, and a configuration
// that manages objects says so (the other settings come from FWMGR_*
// variables).
const managementProvider = `provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}
`

// managementExamples returns the example files of every management row, by
// path under examples/fwmgr.
func managementExamples() map[string]string {
	out := map[string]string{}
	for _, t := range api.ManagementTypes {
		typ := managementTypeName(t)
		res := "resources/" + typ + "/"
		out[res+"resource.tf"] = fmt.Sprintf("# %s\n%s\n%s", firstSentence(t.Doc), managementProvider, resourceBlock(t))
		out[res+"import.sh"] = fmt.Sprintf("# By the object's UID, or by its name (quoted when it has spaces).\nterraform import %s.example <id>\n", typ)
		out[res+"import-by-string-id.tf"] = fmt.Sprintf("import {\n  to = %s.example\n  id = \"<id>\"\n}\n", typ)
		out[res+"import-by-identity.tf"] = fmt.Sprintf("import {\n  to = %s.example\n  identity = {\n    id = \"<id>\"\n  }\n}\n", typ)
		out["data-sources/"+typ+"/data-source.tf"] = fmt.Sprintf(
			"# An object read by its name (or uid); here one this configuration creates.\n%s\n%s\ndata %q \"example\" {\n  name = %s.example.name\n}\n\noutput %q {\n  value = data.%s.example.id\n}\n",
			managementProvider, resourceBlock(t), typ, typ, strings.ReplaceAll(t.Name, "-", "_")+"_uid", typ)
		out["list-resources/"+typ+"/list-resource.tfquery.hcl"] = fmt.Sprintf(
			"# The %s objects whose name, comments or addresses contain a text. With the provider\n"+
				"# configured (context = \"web_api\") in a .tf file beside it:\n"+
				"#   terraform query                                   # lists them\n"+
				"#   terraform query -generate-config-out=generated.tf # writes their resource and import blocks\n"+
				"list %q \"all\" {\n  provider         = fwmgr\n  include_resource = true\n\n  config {\n    filter = %s\n  }\n}\n",
			t.Name, typ, strconv.Quote(listFilter(t)))
	}
	// The command resource of upstream's configurations; nothing to import.
	out["resources/fwmgr_management_publish/resource.tf"] = `# Superseded: every change of this provider's resources is published before
# the resource returns, so a configuration needs no publish resource, no
# depends_on and no triggers. Upstream's configurations that have one run
# unchanged; it publishes whatever is still pending (normally nothing).
` + managementProvider + `
resource "fwmgr_management_host" "web" {
  name         = "web-1"
  ipv4_address = "192.0.2.80"
}

resource "fwmgr_management_publish" "example" {
  triggers   = [fwmgr_management_host.web.id]
  depends_on = [fwmgr_management_host.web]
}
`
	for _, t := range api.RulebaseTypes {
		for path, text := range rulebaseExamples(t) {
			out[path] = text
		}
	}
	// Upstream's install and verify command resources, superseded by the
	// actions of the same names.
	out["resources/fwmgr_management_install_policy/resource.tf"] = `# Superseded by the action fwmgr_management_install_policy (Terraform 1.14+),
# which installs whenever its trigger fires. This resource installs only when it
# is created or replaced: here, whenever the rule changes (triggers).
` + managementProvider + installPolicyExamplePolicy + `
resource "fwmgr_management_install_policy" "example" {
  policy_package = fwmgr_management_package.example.name
  targets        = ["corporate-gateway"]
  triggers       = [fwmgr_management_access_rule.web.id, fwmgr_management_access_rule.web.action]
}
`
	out["resources/fwmgr_management_verify_policy/resource.tf"] = `# Superseded by the action fwmgr_management_verify_policy (Terraform 1.14+).
# This resource verifies only when it is created or its package changes.
` + managementProvider + installPolicyExamplePolicy + `
resource "fwmgr_management_verify_policy" "example" {
  policy_package = fwmgr_management_package.example.name
  depends_on     = [fwmgr_management_access_rule.web]
}
`
	return out
}

// installPolicyExamplePolicy is a package of its own with one layer and one
// rule, installable on the predefined gateway corporate-gateway.
const installPolicyExamplePolicy = `
resource "fwmgr_management_access_layer" "example" {
  name = "Example Layer"
}

resource "fwmgr_management_package" "example" {
  name                 = "Example_Package"
  access               = true
  threat_prevention    = false
  access_layers        = [fwmgr_management_access_layer.example.name]
  installation_targets = ["corporate-gateway"]
}

resource "fwmgr_management_host" "web" {
  name         = "example-web"
  ipv4_address = "192.0.2.90"
}

resource "fwmgr_management_access_rule" "web" {
  layer       = fwmgr_management_access_layer.example.name
  name        = "Web server"
  destination = [fwmgr_management_host.web.name]
  service     = ["https"]
  action      = "Accept"
  position {
    top = "top"
  }
}
`

// rulebaseExamples are the example files of a rulebase row (an access rule
// or section): its Example at the top of a layer of its own, so that what
// the example lists and imports is its own, and the import IDs
// <layer>;<uid> (upstream's) and the identity (layer and UID).
func rulebaseExamples(t api.RulebaseType) map[string]string {
	typ := "fwmgr_" + ruleName(t)
	layerName := "Example_" + strings.ReplaceAll(strings.ToUpper(t.Name[:1])+t.Name[1:], "-", "_") + "_Layer"
	// The container (a layer, or a package for NAT) is of the type the
	// container field references, and its attribute is named as upstream's.
	cres, cattr := "fwmgr_management_"+strings.ReplaceAll(t.Container.RefTypes[0], "-", "_"), t.Container.Attribute()
	if t.Container.Name == "package" {
		layerName = strings.TrimSuffix(layerName, "_Layer") + "_Package"
	}
	layer := fmt.Sprintf("resource %q \"example\" {\n  name = %q\n}\n", cres, layerName)
	body := map[string]any{}
	for k, v := range t.Example {
		body[k] = v
	}
	body[t.Container.Name] = hclRef(cres + ".example.name")
	if t.Parent != "" {
		// An entry of a rule's rulebase (a threat exception): the rule's
		// example in the same layer, which the entry names by rule_name.
		layer += parentExample(t, cres)
		body["rule-name"] = hclRef("fwmgr_management_" + strings.ReplaceAll(t.Parent, "-", "_") + ".example.name")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "resource %q \"example\" {\n", typ)
	writeBody(&b, t.AllFields(), body, "  ")
	b.WriteString("\n  position {\n    top = \"top\"\n  }\n}\n")
	res, ds, ls := "resources/"+typ+"/", "data-sources/"+typ+"/", "list-resources/"+typ+"/"
	if t.Parent != "" {
		return parentRulebaseExamples(t, typ, res, ds, ls, layer, b.String())
	}
	return map[string]string{
		res + "resource.tf": fmt.Sprintf("# %s\n%s\n%s\n%s", firstSentence(t.Doc), managementProvider, layer, b.String()),
		res + "import.sh": fmt.Sprintf("# By the %[5]s (name or UID) and the %[1]s's UID, as upstream's import ID;\n"+
			"# or by the %[5]s and the %[2]s's name%[3]s.\nterraform import %[4]s.example \"<%[5]s>;<id>\"\n",
			t.Name, t.Name, map[bool]string{true: "", false: " or rule number"}[t.IsSection()], typ, cattr),
		res + "import-by-string-id.tf": fmt.Sprintf("import {\n  to = %s.example\n  id = \"<%s>;<id>\"\n}\n", typ, cattr),
		res + "import-by-identity.tf":  fmt.Sprintf("import {\n  to = %s.example\n  identity = {\n    %s = \"<%s>\"\n    %-*s = \"<id>\"\n  }\n}\n", typ, cattr, cattr, len(cattr), "id"),
		ds + "data-source.tf": fmt.Sprintf("# A %s read by its "+containerWord(t)+" and name (or uid%s); here one this configuration creates.\n%s\n%s\n%s\ndata %q \"example\" {\n  %s = %s.example.%s\n  %-*s = %s.example.name\n}\n\noutput %q {\n  value = data.%s.example.id\n}\n",
			t.Name, map[bool]string{true: "", false: ", or rule_number"}[t.IsSection()], managementProvider, layer, b.String(), typ, cattr, typ, cattr, len(cattr), "name", typ, strings.ReplaceAll(t.Name, "-", "_")+"_uid", typ),
		ls + "list-resource.tfquery.hcl": fmt.Sprintf("# The %ss of a "+containerWord(t)+", in rulebase order. With the provider configured\n"+
			"# (context = \"web_api\") in a .tf file beside it:\n"+
			"#   terraform query                                   # lists them\n"+
			"#   terraform query -generate-config-out=generated.tf # writes their resource and import blocks\n"+
			"list %q \"all\" {\n  provider         = fwmgr\n  include_resource = true\n\n  config {\n    %s = %q\n  }\n}\n",
			t.Name, typ, cattr, t.Example[t.Container.Name]),
	}
}

// parentExample is the block of the example of t's Parent rule, at the top
// of the layer of the resource cres.
func parentExample(t api.RulebaseType, cres string) string {
	pt, _ := api.LookupRulebaseType(t.Parent)
	body := map[string]any{}
	for k, v := range pt.Example {
		body[k] = v
	}
	body[pt.Container.Name] = hclRef(cres + ".example.name")
	var b strings.Builder
	fmt.Fprintf(&b, "\nresource %q \"example\" {\n", "fwmgr_"+ruleName(pt))
	writeBody(&b, pt.AllFields(), body, "  ")
	b.WriteString("\n  position {\n    top = \"top\"\n  }\n}\n")
	return b.String()
}

// parentRulebaseExamples are the example files of an entry of a rule's
// rulebase (a threat exception): as rulebaseExamples', with the rule in
// the import ID (upstream's <layer>;rule_uid;<rule UID>;<uid>), the
// identity, the data source's selectors and the list block's filters.
func parentRulebaseExamples(t api.RulebaseType, typ, res, ds, ls, layer, entry string) map[string]string {
	cattr := t.Container.Attribute()
	return map[string]string{
		res + "resource.tf": fmt.Sprintf("# %s\n%s\n%s\n%s", firstSentence(t.Doc), managementProvider, layer, entry),
		res + "import.sh": fmt.Sprintf("# By the layer (name or UID), the threat rule's UID and the exception's UID, as upstream's import ID\n"+
			"# (its last part may also be the exception's number or name).\nterraform import %s.example \"<%s>;rule_uid;<rule_uid>;<id>\"\n", typ, cattr),
		res + "import-by-string-id.tf": fmt.Sprintf("import {\n  to = %s.example\n  id = \"<%s>;rule_uid;<rule_uid>;<id>\"\n}\n", typ, cattr),
		res + "import-by-identity.tf": fmt.Sprintf("import {\n  to = %s.example\n  identity = {\n    %-8s = \"<%s>\"\n    %-8s = \"<rule_uid>\"\n    %-8s = \"<id>\"\n  }\n}\n",
			typ, cattr, cattr, mgmtAttrRuleUID, "id"),
		ds + "data-source.tf": fmt.Sprintf("# A %s read by its layer, its rule (rule_uid or rule_name) and its name (or uid, or exception_number); here one this configuration creates.\n%s\n%s\n%s\ndata %q \"example\" {\n  %-9s = %s.example.%s\n  rule_name = %s.example.rule_name\n  %-9s = %s.example.name\n}\n\noutput %q {\n  value = data.%s.example.id\n}\n",
			t.Name, managementProvider, layer, entry, typ, cattr, typ, cattr, typ, "name", typ, strings.ReplaceAll(t.Name, "-", "_")+"_uid", typ),
		ls + "list-resource.tfquery.hcl": fmt.Sprintf("# The %ss of a threat rule, in rulebase order. With the provider configured\n"+
			"# (context = \"web_api\") in a .tf file beside it:\n"+
			"#   terraform query                                   # lists them\n"+
			"#   terraform query -generate-config-out=generated.tf # writes their resource and import blocks\n"+
			"list %q \"all\" {\n  provider         = fwmgr\n  include_resource = true\n\n  config {\n    %-9s = %q\n    rule_name = %q\n  }\n}\n",
			t.Name, typ, cattr, t.Example[t.Container.Name], t.Example["rule-name"]),
	}
}

// listFilter is a text the row's example object's name contains.
func listFilter(t api.ManagementType) string {
	name, _ := t.Example["name"].(string)
	if i := strings.IndexByte(name, ' '); i > 0 {
		return name[:i]
	}
	return name
}

func firstSentence(doc string) string {
	if i := strings.Index(doc, ". "); i > 0 {
		return doc[:i+1]
	}
	return doc
}

// resourceBlock is the resource of the row's example, "example", after
// the resources of the objects it references (ExampleObjects), which it
// references by their names' attribute so that Terraform creates them
// first.
func resourceBlock(t api.ManagementType) string {
	objects := t.ExampleObjects()
	refs := map[string]string{} // lower-case name -> HCL reference
	var b strings.Builder
	for i, o := range objects {
		typ, _ := api.LookupManagementType(o.Type)
		label := "example"
		if i < len(objects)-1 {
			label = slug(o.Name())
		}
		fmt.Fprintf(&b, "resource %q %q {\n", managementTypeName(typ), label)
		writeBody(&b, typ.AllFields(), referencing(typ, o.Body, refs), "  ")
		b.WriteString("}\n")
		if i < len(objects)-1 {
			b.WriteString("\n")
		}
		refs[strings.ToLower(o.Name())] = managementTypeName(typ) + "." + label + ".name"
	}
	return b.String()
}

// hclRef is an HCL expression, written as it is (not quoted).
type hclRef string

// referencing returns body with each reference to an object of refs made
// an expression that names it.
func referencing(t api.ManagementType, body map[string]any, refs map[string]string) map[string]any {
	out := make(map[string]any, len(body))
	for k, v := range body {
		out[k] = v
	}
	for _, f := range t.AllFields() {
		if len(f.RefTypes) == 0 {
			continue
		}
		switch v := body[f.Name].(type) {
		case string:
			if r, ok := refs[strings.ToLower(v)]; ok {
				out[f.Name] = hclRef(r)
			}
		case []any:
			list := make([]any, len(v))
			for i, e := range v {
				list[i] = e
				if s, ok := e.(string); ok {
					if r, ok := refs[strings.ToLower(s)]; ok {
						list[i] = hclRef(r)
					}
				}
			}
			out[f.Name] = list
		}
	}
	return out
}

// slug is a resource label made from an object's name ("New Host 1":
// new_host_1).
func slug(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "_"):
			b.WriteByte('_')
		}
	}
	return strings.TrimSuffix(b.String(), "_")
}

// writeBody writes the values of body (wire names) as the attributes and
// blocks of fields, in the table's order: attributes first, aligned as
// terraform fmt aligns them, then blocks.
func writeBody(b *strings.Builder, fields []api.Field, body map[string]any, indent string) {
	var attrs, blocks []api.Field
	for _, f := range fields {
		if _, ok := body[f.Name]; !ok {
			continue
		}
		switch f.Kind {
		case api.KindBlock, api.KindBlockList, api.KindBlockSet:
			blocks = append(blocks, f)
		default:
			attrs = append(attrs, f)
		}
	}
	width := 0
	for _, f := range attrs {
		width = max(width, len(f.Attribute()))
	}
	for _, f := range attrs {
		fmt.Fprintf(b, "%s%-*s = %s\n", indent, width, f.Attribute(), hclValue(body[f.Name]))
	}
	for _, f := range blocks {
		var elems []map[string]any
		switch v := body[f.Name].(type) {
		case map[string]any:
			elems = []map[string]any{v}
		case []any:
			for _, e := range v {
				if m, ok := e.(map[string]any); ok {
					elems = append(elems, m)
				}
			}
		case []map[string]any:
			elems = v
		}
		for _, e := range elems {
			fmt.Fprintf(b, "\n%s%s {\n", indent, f.Attribute())
			writeBody(b, f.Fields, e, indent+"  ")
			fmt.Fprintf(b, "%s}\n", indent)
		}
	}
}

// hclValue writes a JSON-like value as HCL.
func hclValue(v any) string {
	switch v := v.(type) {
	case hclRef:
		return string(v)
	case string:
		return strconv.Quote(v)
	case []string:
		q := make([]string, len(v))
		for i, s := range v {
			q[i] = strconv.Quote(s)
		}
		return "[" + strings.Join(q, ", ") + "]"
	case []any:
		q := make([]string, len(v))
		for i, e := range v {
			q[i] = hclValue(e)
		}
		return "[" + strings.Join(q, ", ") + "]"
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = strconv.Quote(k) + " = " + hclValue(v[k])
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	default:
		return fmt.Sprint(v)
	}
}
