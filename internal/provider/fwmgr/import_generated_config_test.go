package fwmgr

import (
	"testing"

	"github.com/iacsuite/providers/internal/acctest"
	"github.com/iacsuite/providers/internal/workflowtest"
)

// fwmgr has data sources only; a resource added later must come with an
// import case here (see internal/workflowtest), or this test fails.
func TestAccImportGeneratedConfig(t *testing.T) {
	acctest.PreCheck(t)
	workflowtest.TestImports(t, workflowtest.Provider{Name: "fwmgr", New: New("test")}, map[string]workflowtest.ImportCase{})
}
