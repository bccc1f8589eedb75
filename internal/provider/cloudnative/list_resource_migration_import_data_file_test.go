package cloudnative

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/iacsuite/providers/internal/acctest"
	migrationapi "github.com/iacsuite/providers/internal/api/migration"
)

// The data files of one import job, filtered by state; with
// include_resource each is the whole data file, its upload address
// included.
func TestAccImportDataFileList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	loc := testLocation(t)
	job := createJobOutOfBand(t, loc, "inventory", migrationapi.ImportJob{})
	other := createJobOutOfBand(t, loc, "other", migrationapi.ImportJob{})
	f := createFileOutOfBand(t, job, "vm-export", migrationapi.ImportDataFile{DisplayName: "RVTools export", Format: migrationapi.FormatRVToolsCSV})
	createFileOutOfBand(t, job, "db-export", migrationapi.ImportDataFile{})
	createFileOutOfBand(t, other, "elsewhere", migrationapi.ImportDataFile{})
	id := func(file string) map[string]knownvalue.Check {
		return map[string]knownvalue.Check{"project": knownvalue.StringExact(testProject), "location": knownvalue.StringExact(loc),
			"import_job_id": knownvalue.StringExact("inventory"), "import_data_file_id": knownvalue.StringExact(file)}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: providerConfig(loc)},
			{
				Query: true,
				Config: acctest.ListBlock("cloudnative_migration_import_data_file", "files", true, `import_job_id = "inventory"`) +
					acctest.ListBlock("cloudnative_migration_import_data_file", "active", false, fmt.Sprintf("project = %q\nlocation = %q\nimport_job_id = \"inventory\"\nstate = \"ACTIVE\"", testProject, loc)) +
					acctest.ListBlock("cloudnative_migration_import_data_file", "creating", false, "import_job_id = \"inventory\"\nstate = \"CREATING\""),
				QueryResultChecks: concat(
					acctest.ExpectIdentities("cloudnative_migration_import_data_file.files", id("vm-export"), id("db-export")),
					acctest.ExpectIdentities("cloudnative_migration_import_data_file.active", id("vm-export"), id("db-export")),
					acctest.ExpectIdentities("cloudnative_migration_import_data_file.creating"),
					[]querycheck.QueryResultCheck{
						querycheck.ExpectResourceKnownValues("cloudnative_migration_import_data_file.files", queryfilter.ByResourceIdentity(id("vm-export")), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("name"), KnownValue: knownvalue.StringExact(f.Name)},
							{Path: tfjsonpath.New("display_name"), KnownValue: knownvalue.StringExact("RVTools export")},
							{Path: tfjsonpath.New("format"), KnownValue: knownvalue.StringExact(migrationapi.FormatRVToolsCSV)},
							{Path: tfjsonpath.New("state"), KnownValue: knownvalue.StringExact(migrationapi.FileStateActive)},
							{Path: tfjsonpath.New("upload_file_info").AtMapKey("signed_uri"), KnownValue: knownvalue.StringExact(f.UploadFileInfo.SignedURI)},
						}),
					},
				),
			},
		},
	})
}
