// Command gen writes docs/identity-and-query.md (package idcatalog) to the
// path of its argument; `make docs` runs it.
package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/iacsuite/providers/internal/idcatalog"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gen <output file>")
		os.Exit(2)
	}
	c, err := idcatalog.Build(context.Background(), idcatalog.Providers)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if problems := c.Problems(); len(problems) > 0 {
		fmt.Fprintln(os.Stderr, "identity and list resources:\n  "+strings.Join(problems, "\n  "))
		os.Exit(1)
	}
	if err := os.WriteFile(os.Args[1], []byte(c.Markdown()), 0o644); err != nil { //nolint:gosec // G306: a committed document, readable by all
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
