package fwmgr

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// The command table of docs/api/fwmgr.md is written from Commands, between
// these two lines, so that the contract cannot list a command the table
// lacks or miss one it has (go generate ./internal/api/fwmgr; a test
// compares the committed document with CommandTable).
const (
	CommandTableBegin = "<!-- The rows below are generated from fwmgr.Commands (go generate ./internal/api/fwmgr): do not edit them. -->"
	CommandTableEnd   = "<!-- End of the generated command table. -->"
	SetTableBegin     = "<!-- The rows below are generated from fwmgr.Sets (go generate ./internal/api/fwmgr): do not edit them. -->"
	SetTableEnd       = "<!-- End of the generated set table. -->"
)

// CommandTable is the Markdown table of every show command: its name, the
// Function of its data source, its inputs (required ones marked *; the
// paging inputs and member-id, which the sections above describe, left
// out), its paging and sort, and its outputs.
func CommandTable() string {
	var b strings.Builder
	b.WriteString("| command | Function | inputs | paging and sort (`ASC`) | outputs |\n")
	b.WriteString("| --- | --- | --- | --- | --- |\n")
	for _, c := range Commands {
		var inputs []string
		for _, name := range jsonNames(c.Request) {
			if name == "member-id" || (c.Paged && slices.Contains([]string{"limit", "offset", "order"}, name)) {
				continue
			}
			if slices.Contains(c.Required, name) {
				name += "*"
			}
			inputs = append(inputs, "`"+name+"`")
		}
		paging := "—"
		if c.Paged {
			paging = "Paged, " + c.Sort
		}
		outputs := jsonNames(c.Response)
		for i, o := range outputs {
			outputs[i] = "`" + o + "`"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", c.Name, c.Function, orDash(inputs), paging, orDash(outputs))
	}
	return b.String()
}

// SetTable is the Markdown table of every set command: its name, the show
// command that answers what it set, its inputs (required ones marked *;
// member-id, which every set command takes, left out) and what it does.
func SetTable() string {
	var b strings.Builder
	b.WriteString("| command | shown by | inputs | sets |\n")
	b.WriteString("| --- | --- | --- | --- |\n")
	for _, c := range Sets {
		var inputs []string
		for _, name := range jsonNames(c.Request) {
			if name == "member-id" {
				continue
			}
			if slices.Contains(c.Required, name) {
				name += "*"
			}
			inputs = append(inputs, "`"+name+"`")
		}
		fmt.Fprintf(&b, "| `%s` | `%s` | %s | %s |\n", c.Name, c.Shows, orDash(inputs), c.Description)
	}
	return b.String()
}

// ReplaceCommandTable returns doc with the text between CommandTableBegin
// and CommandTableEnd replaced by CommandTable.
func ReplaceCommandTable(doc string) (string, error) {
	return replaceBetween(doc, CommandTableBegin, CommandTableEnd, CommandTable())
}

// ReplaceTables returns doc with both generated tables replaced: the show
// commands' (CommandTable) and the set commands' (SetTable, between
// SetTableBegin and SetTableEnd).
func ReplaceTables(doc string) (string, error) {
	out, err := ReplaceCommandTable(doc)
	if err != nil {
		return "", err
	}
	return replaceBetween(out, SetTableBegin, SetTableEnd, SetTable())
}

func replaceBetween(doc, begin, end, table string) (string, error) {
	before, rest, ok := strings.Cut(doc, begin+"\n")
	if !ok {
		return "", fmt.Errorf("no line %q", begin)
	}
	_, after, ok := strings.Cut(rest, end)
	if !ok {
		return "", fmt.Errorf("no line %q", end)
	}
	return before + begin + "\n" + table + end + after, nil
}

// jsonNames are the JSON names of t's fields in the order encoding/json
// writes them (embedded structs' fields in place).
func jsonNames(t reflect.Type) []string {
	var out []string
	for _, f := range reflect.VisibleFields(t) {
		if f.Anonymous || !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "-" && name != "" {
			out = append(out, name)
		}
	}
	return out
}

func orDash(items []string) string {
	if len(items) == 0 {
		return "—"
	}
	return strings.Join(items, ", ")
}
