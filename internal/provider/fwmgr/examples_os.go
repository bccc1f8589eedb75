package fwmgr

import (
	"fmt"
	"strings"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// osExamples returns the example files of every OS resource row, by path
// under examples/fwmgr: the resource with the row's example values (on the
// provider's default context, the OS API), and its imports by ID and by
// identity. Every row's example changes its own setting of the sandbox, so
// they run side by side; destroy puts back the factory values.
func osExamples() map[string]string {
	out := map[string]string{}
	for _, row := range api.OSResources {
		typ := osTypeName(row)
		res := "resources/" + typ + "/"
		body := "  " + strings.ReplaceAll(row.Example, "\n", "\n  ")
		if row.Collection() {
			osCollectionExamples(out, row, body)
			continue
		}
		out[res+"resource.tf"] = fmt.Sprintf("# %s\n# Without member_id it is set on every cluster member; destroy puts back the value the\n"+
			"# device had before (server and credentials from FWMGR_* variables).\nresource %q \"example\" {\n%s\n}\n", row.Doc, typ, body)
		shape := "all (every member) or a member-id"
		identity := "    member_id = \"all\"\n"
		if row.VirtualSystem {
			shape = "<member_id>:<virtual_system_id>, the member all (every member) or a member-id"
			identity = "    member_id         = \"all\"\n    virtual_system_id = 0\n"
		}
		out[res+"import.sh"] = fmt.Sprintf("# By %s; the id attribute is this import ID.\nterraform import %s.example <id>\n", shape, typ)
		out[res+"import-by-identity.tf"] = fmt.Sprintf("import {\n  to = %s.example\n  identity = {\n%s  }\n}\n", typ, identity)
	}
	return out
}

// osCollectionExamples are a collection row's example files: the object,
// its imports by ID and by identity, and its list resource's query.
func osCollectionExamples(out map[string]string, row api.OSResource, body string) {
	typ := osTypeName(row)
	res := "resources/" + typ + "/"
	out[res+"resource.tf"] = fmt.Sprintf("# %s\n# Without member_id it is added to every cluster member; destroy deletes it\n"+
		"# (server and credentials from FWMGR_* variables).\nresource %q \"example\" {\n%s\n}\n", row.Doc, typ, body)
	out[res+"import.sh"] = fmt.Sprintf("# By <member_id>:<key>: the member all (every member) or a member-id, and %s;\n"+
		"# the id attribute is this import ID.\nterraform import %s.example <id>\n", row.KeyShape, typ)
	width := len(attrMemberID)
	for _, name := range row.Key {
		width = max(width, len(name))
	}
	identity := fmt.Sprintf("    %-*s = %q\n", width, attrMemberID, osAllMembers)
	parsed, _ := row.ParseKey(osExampleKey(row))
	for _, name := range row.Key {
		if n, ok := parsed[name].(int64); ok {
			identity += fmt.Sprintf("    %-*s = %d\n", width, name, n)
		} else {
			identity += fmt.Sprintf("    %-*s = %q\n", width, name, parsed[name])
		}
	}
	out[res+"import-by-identity.tf"] = fmt.Sprintf("import {\n  to = %s.example\n  identity = {\n%s  }\n}\n", typ, identity)
	out["list-resources/"+typ+"/list-resource.tfquery.hcl"] = fmt.Sprintf("# The %s of the device (those of member 1). With the provider configured (the OS API,\n"+
		"# the default context) in a .tf file beside it:\n"+
		"#   terraform query                                   # lists them\n"+
		"#   terraform query -generate-config-out=generated.tf # writes their resource and import blocks\n"+
		"list %q \"all\" {\n  provider         = fwmgr\n  include_resource = true\n\n  config {\n    member_id = \"1\"\n  }\n}\n", row.Plural, typ)
}
