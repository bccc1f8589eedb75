package cloudnative_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/iacsuite/providers/bridge/internal/pulumitest"
	migrationapi "github.com/iacsuite/providers/internal/api/migration"
)

// An inline TypeScript program of the Node.js Automation API uses the
// generated TypeScript SDK (an explicit provider, an import job and a data
// file in the migration/v1alpha1 module, cloudnative.migration in TypeScript): up creates them in the sandbox,
// destroy deletes them, with the pulumi CLI alone.
func TestTypeScriptProgram(t *testing.T) {
	t.Parallel()
	url, api := startSandbox(t, nil)
	prog := pulumitest.NewTSProgram(t, "cloudnative", fmt.Sprintf(`
    const provider = new cloudnative.Provider("sandbox", {
        endpoint: %q,
        project: %q,
        location: %q,
        accessToken: %q,
    });
    const job = new cloudnative.migration.ImportJob("inventory", {
        importJobId: "typescript-2025",
        displayName: "TypeScript inventory",
    }, { provider });
    const file = new cloudnative.migration.ImportDataFile("vms", {
        importJobId: job.importJobId,
        importDataFileId: "vm-export",
        displayName: "RVTools export",
        format: "IMPORT_JOB_FORMAT_RVTOOLS_CSV",
    }, { provider });
    return { jobName: job.name, fileName: file.name };`,
		url, project, location, testToken))

	out := prog.Up(t)
	job := migrationapi.ImportJobName(project, location, "typescript-2025")
	if out["jobName"] != job || out["fileName"] != job+"/importDataFiles/vm-export" {
		t.Fatalf("outputs %v", out)
	}
	if f, err := api.GetImportDataFile(context.Background(), job+"/importDataFiles/vm-export"); err != nil || f.DisplayName != "RVTools export" {
		t.Errorf("data file in the sandbox: %+v (%v)", f, err)
	}
	prog.Destroy(t)
	expectNothingLeft(t, api)
}
