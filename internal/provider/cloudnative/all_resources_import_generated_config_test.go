package cloudnative

import (
	"testing"

	"github.com/iacsuite/providers/internal/workflowtest"
)

// Every resource is imported as Terraform 1.5+ users do it: an import block
// with the documented ID, `terraform plan -generate-config-out`, apply, and
// an empty plan (internal/workflowtest). A resource without a case here
// fails the test.
func TestAccImportGeneratedConfig(t *testing.T) {
	accPreCheck(t)
	p := workflowtest.Provider{Name: "cloudnative", New: New("test"), Config: providerConfig("loc-import-generated-config")}
	workflowtest.TestImports(t, p, importCases)
}

var importCases = map[string]workflowtest.ImportCase{
	"cloudnative_migration_import_job": {
		Config: func(*testing.T) string {
			return `
resource "cloudnative_migration_import_job" "test" {
  import_job_id = "inventory-job"
  display_name  = "Inventory of the Frankfurt data centre"
  labels        = { wave = "1" }
}
`
		},
		ID: workflowtest.IDFrom("%s", "name"),
	},
	"cloudnative_migration_import_data_file": {
		Config: func(*testing.T) string {
			return `
resource "cloudnative_migration_import_job" "inventory" {
  import_job_id = "inventory-file"
}

resource "cloudnative_migration_import_data_file" "test" {
  import_job_id       = cloudnative_migration_import_job.inventory.import_job_id
  import_data_file_id = "vm-export"
  display_name        = "RVTools export, March"
  format              = "IMPORT_JOB_FORMAT_RVTOOLS_CSV"
}
`
		},
		ID: workflowtest.IDFrom("%s", "name"),
	},
}
