// Command gendoc writes the show-command and set-command tables of the OS
// API contract (docs/api/fwmgr.md) from fwmgr.Commands and fwmgr.Sets,
// between the document's generated-table markers.
package main

import (
	"flag"
	"log"
	"os"

	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

func main() {
	path := flag.String("doc", "docs/api/fwmgr.md", "the contract document")
	flag.Parse()
	doc, err := os.ReadFile(*path)
	if err != nil {
		log.Fatal(err)
	}
	out, err := api.ReplaceTables(string(doc))
	if err != nil {
		log.Fatalf("%s: %v", *path, err)
	}
	if err := os.WriteFile(*path, []byte(out), 0o644); err != nil {
		log.Fatal(err)
	}
}
