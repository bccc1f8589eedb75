package fwmgr

import (
	"fmt"
	"strings"
)

//go:generate go run ./genexamples -dir ../../../examples/fwmgr

// Examples returns the example configuration of every show data source,
// by Terraform type name, made from its table entry: the inputs that have
// an example value, and an output of the attribute the entry shows. The
// docs use them (examples/fwmgr/data-sources/<type>/data-source.tf), and
// the acceptance test reads every data source with them, so an example
// that does not work fails the tests.
func Examples() map[string]string {
	out := map[string]string{}
	for _, s := range showTable {
		out[s.TypeName()] = s.example()
	}
	return out
}

// ExampleFiles returns every example file made from the tables, by path
// under examples/fwmgr: the show data sources' (Examples), the
// management types' (resource, imports, data source, list resource) and
// the OS resources' (resource, imports).
// genexamples writes them.
func ExampleFiles() map[string]string {
	out := managementExamples()
	for path, hcl := range osExamples() {
		out[path] = hcl
	}
	for name, hcl := range Examples() {
		out["data-sources/"+name+"/data-source.tf"] = hcl
	}
	return out
}

// GeneratedExampleKinds are the folders of examples/fwmgr whose type
// folders are all generated (ExampleFiles); the others (provider,
// ephemeral-resources, demo) are written by hand.
var GeneratedExampleKinds = []string{"data-sources", "resources", "list-resources"}

func (s showSpec) example() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n", s.cmd.Description)
	fmt.Fprintf(&b, "data %q \"example\" {", s.TypeName())
	var lines []string
	width := 0
	for _, in := range s.inputs {
		if in.Example != "" {
			lines = append(lines, in.Name)
			width = max(width, len(in.Name))
		}
	}
	if len(lines) == 0 {
		b.WriteString("}\n")
	} else {
		b.WriteString("\n")
		for _, in := range s.inputs {
			if in.Example != "" {
				fmt.Fprintf(&b, "  %-*s = %s\n", width, in.Name, in.Example)
			}
		}
		b.WriteString("}\n")
	}
	fmt.Fprintf(&b, "\noutput %q {\n  value = data.%s.example.%s\n}\n", s.Name, s.TypeName(), s.ExampleOutput)
	return b.String()
}
