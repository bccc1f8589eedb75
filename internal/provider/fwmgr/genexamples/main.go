// Command genexamples writes the example of every fwmgr show data source,
// made from its table entry, to <dir>/<type>/data-source.tf, and removes
// the examples of data sources that no longer exist.
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"

	"github.com/iacsuite/providers/internal/provider/fwmgr"
)

func main() {
	dir := flag.String("dir", "examples/fwmgr/data-sources", "examples directory of the data sources")
	flag.Parse()
	examples := fwmgr.Examples()
	entries, err := os.ReadDir(*dir)
	if err != nil && !os.IsNotExist(err) {
		log.Fatal(err)
	}
	for _, e := range entries {
		if _, ok := examples[e.Name()]; !ok {
			if err := os.RemoveAll(filepath.Join(*dir, e.Name())); err != nil {
				log.Fatal(err)
			}
		}
	}
	for name, hcl := range examples {
		d := filepath.Join(*dir, name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "data-source.tf"), []byte(hcl), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
