package fwmgr

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The committed examples are the ones the table makes: after changing the
// table, run `go generate ./internal/provider/fwmgr`.
func TestExamplesAreGenerated(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "examples", "fwmgr", "data-sources")
	examples := Examples()
	for name, want := range examples {
		got, err := os.ReadFile(filepath.Join(dir, name, "data-source.tf"))
		if assert.NoError(t, err, "run go generate ./internal/provider/fwmgr") {
			assert.Equal(t, want, string(got), "%s: run go generate ./internal/provider/fwmgr", name)
		}
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.Contains(t, examples, e.Name(), "an example of a data source that does not exist")
	}
}
