package fwmgr

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The committed examples are the ones the tables make: after changing a
// table, run `go generate ./internal/provider/fwmgr`.
func TestExamplesAreGenerated(t *testing.T) {
	root := filepath.Join("..", "..", "..", "examples", "fwmgr")
	files := ExampleFiles()
	folders := map[string]bool{}
	for p, want := range files {
		parts := strings.SplitN(p, "/", 3)
		folders[parts[0]+"/"+parts[1]] = true
		got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if assert.NoError(t, err, "run go generate ./internal/provider/fwmgr") {
			assert.Equal(t, want, string(got), "%s: run go generate ./internal/provider/fwmgr", p)
		}
	}
	for _, kind := range GeneratedExampleKinds {
		entries, err := os.ReadDir(filepath.Join(root, kind))
		if os.IsNotExist(err) {
			continue
		}
		require.NoError(t, err)
		for _, e := range entries {
			assert.True(t, folders[kind+"/"+e.Name()], "examples/fwmgr/%s/%s: an example of a type that does not exist", kind, e.Name())
		}
	}
}
