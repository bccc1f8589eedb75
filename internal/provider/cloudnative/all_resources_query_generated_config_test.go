package cloudnative

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	migrationapi "github.com/iacsuite/providers/internal/api/migration"
	"github.com/iacsuite/providers/internal/workflowtest"
)

// Every list resource adopts objects made outside Terraform as Terraform
// 1.14+ users do it (internal/workflowtest): made through the API, found by
// a list block, `terraform query -generate-config-out`, a plan of only
// imports, apply, an empty plan, and each result equal to the read after
// import. A list resource without a case fails the test.
func TestAccQueryGeneratedConfig(t *testing.T) {
	accPreCheck(t)
	p := workflowtest.Provider{Name: "cloudnative", New: New("test"), Config: providerConfig("loc-query-generated-config")}
	workflowtest.TestQueries(t, p, queryCases)
}

var queryCases = map[string]workflowtest.QueryCase{
	"cloudnative_migration_import_job": {
		Objects: func(t *testing.T) (string, int) {
			loc := testLocation(t)
			createJobOutOfBand(t, loc, "wave-1", migrationapi.ImportJob{DisplayName: "Wave 1", Labels: map[string]string{"wave": "1"}})
			createJobOutOfBand(t, loc, "wave-2", migrationapi.ImportJob{})
			return fmt.Sprintf("location = %q", loc), 2
		},
	},
	"cloudnative_migration_import_data_file": {
		Objects: func(t *testing.T) (string, int) {
			loc := testLocation(t)
			job := createJobOutOfBand(t, loc, "inventory", migrationapi.ImportJob{})
			createFileOutOfBand(t, job, "vm-export", migrationapi.ImportDataFile{DisplayName: "RVTools export", Format: "IMPORT_JOB_FORMAT_RVTOOLS_CSV"})
			createFileOutOfBand(t, job, "db-export", migrationapi.ImportDataFile{})
			return fmt.Sprintf("location = %q\nimport_job_id = \"inventory\"", loc), 2
		},
	},
}

// createJobOutOfBand creates an import job through the API, as another tool
// would, and waits for it; it returns its full name.
func createJobOutOfBand(t *testing.T, location, id string, job migrationapi.ImportJob) string {
	t.Helper()
	ctx := context.Background()
	op, err := api.CreateImportJob(ctx, migrationapi.LocationName(testProject, location), id, job, "")
	require.NoError(t, err)
	_, err = api.WaitOperation(ctx, op, time.Minute)
	require.NoError(t, err)
	return migrationapi.ImportJobName(testProject, location, id)
}

// createFileOutOfBand creates a data file of a job through the API and waits
// for it.
func createFileOutOfBand(t *testing.T, job, id string, file migrationapi.ImportDataFile) migrationapi.ImportDataFile {
	t.Helper()
	ctx := context.Background()
	op, err := api.CreateImportDataFile(ctx, job, id, file, "")
	require.NoError(t, err)
	_, err = api.WaitOperation(ctx, op, time.Minute)
	require.NoError(t, err)
	f, err := api.GetImportDataFile(ctx, job+"/importDataFiles/"+id)
	require.NoError(t, err)
	return f
}
