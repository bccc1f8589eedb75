package fwmgr_test

import (
	"testing"

	"github.com/iacsuite/providers/bridge/fwmgr"
	"github.com/iacsuite/providers/bridge/internal/pulumitest"
)

// importCases: one per resource of the provider. fwmgr has only data
// sources today; a resource added to it fails this test until it has a case
// here and an import test like netfab's TestImportEveryResource.
var importCases = map[string]pulumitest.ImportCase{}

func TestImportCasesCoverEveryResource(t *testing.T) {
	pulumitest.NewImportSuite(fwmgr.Provider(), importCases).CheckCases(t)
}
