package cloudnative_test

import (
	"testing"

	"github.com/iacsuite/providers/bridge/cloudnative"
	"github.com/iacsuite/providers/bridge/internal/pulumitest"
)

// importCases: one per resource of the provider (TestImportEveryResource
// fails for a resource without one). Each creates the resource in the
// program that is then forgotten, and names the import ID of its Terraform
// docs (docs/cloudnative/resources/<name>.md, "Import"): the full name.
var importCases = map[string]pulumitest.ImportCase{
	"cloudnative_migration_import_job": {
		Name: "inventory",
		Properties: `
			importJobId: inventory-2025
			displayName: Inventory 2025
			labels:
			  wave: "1"`,
		// projects/<project>/locations/<location>/importJobs/<id>
		ID: func(o pulumitest.Outputs) string { return o.S("name") },
	},
	"cloudnative_migration_import_data_file": {
		Name: "vms",
		Properties: `
			importJobId: ${inventory.importJobId}
			importDataFileId: vm-export
			displayName: RVTools export
			format: IMPORT_JOB_FORMAT_RVTOOLS_CSV`,
		// projects/<project>/locations/<location>/importJobs/<job>/importDataFiles/<id>
		ID: func(o pulumitest.Outputs) string { return o.S("name") },
	},
}

// Every cloudnative resource imports with `pulumi import` by its Terraform
// import ID; the generated YAML is the program of the imported stack, with
// an empty preview; destroy then deletes what was imported.
func TestImportEveryResource(t *testing.T) {
	t.Parallel()
	url, api := startSandbox(t, nil)
	cli := pulumitest.New(t, "cloudnative")
	suite := pulumitest.NewImportSuite(cloudnative.Provider(), importCases)
	suite.Configure = providerConfig(url, true).Apply
	suite.Run(t, cli, func() { expectNothingLeft(t, api) })
}

// Every resource of the provider has an import case, checked without the
// CLI so that a new resource without one fails even where the CLI is
// missing.
func TestImportCasesCoverEveryResource(t *testing.T) {
	pulumitest.NewImportSuite(cloudnative.Provider(), importCases).CheckCases(t)
}
