package cloudnative

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	migrationapi "github.com/iacsuite/providers/internal/api/migration"
)

// A local-exec provisioner uploads a file to the address the ephemeral
// resource gets for the run; the address is in neither the plan, the state
// nor the TRACE log, and the service refuses it once the run is over.
func TestAccMigrationUploadEphemeral_provisionerUploads(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformEphemeral, "ephemeral resources in provisioners")
	t.Parallel()
	ctx := context.Background()
	location := testLocation(t)
	const content = "name,cpus\nvm-1,2\n"
	config := providerConfig(location) + `
resource "cloudnative_migration_import_job" "job" {
  import_job_id = "upload-job"
}

resource "cloudnative_migration_import_data_file" "inventory" {
  import_job_id       = cloudnative_migration_import_job.job.import_job_id
  import_data_file_id = "inventory"
  format              = "IMPORT_JOB_FORMAT_MANUAL_CSV"
}

ephemeral "cloudnative_migration_upload" "inventory" {
  import_data_file = cloudnative_migration_import_data_file.inventory.name
  ttl_seconds      = 600
}

resource "terraform_data" "upload" {
  triggers_replace = [cloudnative_migration_import_data_file.inventory.name]

  provisioner "local-exec" {
    command = "curl --fail --silent --show-error -X PUT -H \"Content-Type: $CONTENT_TYPE\" -H \"x-cloudnative-content-length-range: $LENGTH_RANGE\" --data-binary @inventory.csv \"$UPLOAD_URI\" && printf %s \"$UPLOAD_URI\" > used-address.txt"
    environment = {
      UPLOAD_URI   = ephemeral.cloudnative_migration_upload.inventory.signed_uri
      CONTENT_TYPE = ephemeral.cloudnative_migration_upload.inventory.headers["Content-Type"]
      LENGTH_RANGE = ephemeral.cloudnative_migration_upload.inventory.headers["x-cloudnative-content-length-range"]
    }
  }
}
`
	// curl trusts the sandbox's CA as the provider does (SSL_CERT_FILE).
	run := acctest.NewPluginRun(t, "cloudnative", config, "CURL_CA_BUNDLE="+os.Getenv("SSL_CERT_FILE"))
	require.NoError(t, os.WriteFile(filepath.Join(run.Dir, "inventory.csv"), []byte(content), 0o600))
	trace := []string{"TF_LOG=TRACE"}
	logs := run.MustRun(ctx, trace, "apply", "-auto-approve", "-input=false", "-no-color")
	name := migrationapi.ImportDataFileName(testProject, location, "upload-job", "inventory")
	got, ct, err := api.GetImportDataFileContent(ctx, name)
	require.NoError(t, err, "the provisioner uploaded the file")
	require.Equal(t, content, string(got))
	require.Equal(t, "text/csv", ct)
	used, err := os.ReadFile(filepath.Join(run.Dir, "used-address.txt"))
	require.NoError(t, err)
	address := string(used)
	u, err := url.Parse(address)
	require.NoError(t, err)
	signature := u.Query().Get(migrationapi.QuerySignature)
	require.NotEmpty(t, u.Query().Get(migrationapi.QueryUploadURI), "a fresh address, not the file's own: %s", u.Redacted())

	// The run is over: the address is revoked.
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, address, strings.NewReader(content))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "text/csv")
	req.Header.Set(migrationapi.HeaderContentLengthRange, "0,33554432")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusForbidden, resp.StatusCode, "the address is refused after the run")

	logs += run.MustRun(ctx, trace, "plan", "-input=false", "-no-color", "-detailed-exitcode", "-out=second.tfplan")
	plan := run.MustRun(ctx, nil, "show", "-json", "second.tfplan")
	state := run.MustRun(ctx, nil, "show", "-json")
	require.Contains(t, logs, "ephemeral.cloudnative_migration_upload.inventory", "the TRACE log shows the ephemeral resource, so it proves something")
	acctest.Lacks(t, "TRACE log of apply and plan", logs, signature)
	acctest.Lacks(t, "plan", plan, signature)
	acctest.Lacks(t, "state", state, signature)
	run.MustRun(ctx, nil, "destroy", "-auto-approve", "-input=false", "-no-color")
}

func TestAccMigrationUploadEphemeral_refusals(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformEphemeral, "ephemeral resources")
	t.Parallel()
	location := testLocation(t)
	for name, tc := range map[string]struct{ body, want string }{
		"not a name":   {`import_data_file = "inventory"`, `is not a name of the form projects/{project}/locations/{location}/importJobs/{importJob}/importDataFiles/{importDataFile}`},
		"ttl":          {fmt.Sprintf(`import_data_file = %q`+"\n"+`ttl_seconds = 30`, migrationapi.ImportDataFileName(testProject, location, "j", "f")), `ttl_seconds value must be between 60 and 3600`},
		"no such file": {fmt.Sprintf(`import_data_file = %q`, migrationapi.ImportDataFileName(testProject, location, "j", "missing")), `Could not get an upload address`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      providerConfig(location) + "ephemeral \"cloudnative_migration_upload\" \"u\" {\n" + tc.body + "\n}\n",
					ExpectError: acctest.ErrorMatching(tc.want),
				}},
			})
		})
	}
}
