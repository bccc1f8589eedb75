// Command genexamples writes the examples that fwmgr's tables make
// (fwmgr.ExampleFiles: the show data sources', and the management types'
// resources, imports, data sources and list resources) under <dir>, and
// removes the type folders of those kinds that no longer exist.
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/iacsuite/providers/internal/provider/fwmgr"
)

func main() {
	dir := flag.String("dir", "examples/fwmgr", "the provider's examples directory")
	flag.Parse()
	files := fwmgr.ExampleFiles()
	wanted := map[string]bool{} // kind/type folders
	for p := range files {
		parts := strings.SplitN(p, "/", 3)
		wanted[parts[0]+"/"+parts[1]] = true
	}
	for _, kind := range fwmgr.GeneratedExampleKinds {
		entries, err := os.ReadDir(filepath.Join(*dir, kind))
		if err != nil && !os.IsNotExist(err) {
			log.Fatal(err)
		}
		for _, e := range entries {
			if !wanted[kind+"/"+e.Name()] {
				if err := os.RemoveAll(filepath.Join(*dir, kind, e.Name())); err != nil {
					log.Fatal(err)
				}
			}
		}
	}
	for p, content := range files {
		f := filepath.Join(*dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(content), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
