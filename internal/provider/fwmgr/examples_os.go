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
