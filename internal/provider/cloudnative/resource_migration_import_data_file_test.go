package cloudnative

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	migrationapi "github.com/iacsuite/providers/internal/api/migration"
	client "github.com/iacsuite/providers/internal/client/migration"
	"github.com/iacsuite/providers/internal/sandbox/migration/migrationtest"
)

const fileAddr = "cloudnative_migration_import_data_file.test"

var uuidV4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// fileConfig is an import job and one data file in it.
func fileConfig(location, fileArgs string) string {
	return fileConfigAt(sandboxURL, location, fileArgs)
}

func fileConfigAt(endpoint, location, fileArgs string) string {
	return providerConfigAt(endpoint, location) + fmt.Sprintf(`
resource "cloudnative_migration_import_job" "job" {
  import_job_id = "inventory-2025"
  display_name  = "Inventory 2025"
}

resource "cloudnative_migration_import_data_file" "test" {
  import_job_id       = cloudnative_migration_import_job.job.import_job_id
%s
}
`, fileArgs)
}

func TestAccImportDataFile_lifecycle(t *testing.T) {
	accPreCheck(t)
	location := testLocation(t)
	job := migrationapi.ImportJobName(testProject, location, "inventory-2025")
	name := job + "/importDataFiles/vms"
	sameRequestID := statecheck.CompareValue(compare.ValuesSame())
	newRequestID := statecheck.CompareValue(compare.ValuesDiffer())
	first := `
  import_data_file_id = "vms"
  display_name        = "VM inventory"
  format              = "IMPORT_JOB_FORMAT_RVTOOLS_CSV"`
	renamed := strings.Replace(first, `"VM inventory"`, `"VM inventory, March"`, 1)

	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy: func(*terraform.State) error {
			if _, err := api.GetImportJob(context.Background(), job); !client.IsNotFound(err) {
				return fmt.Errorf("import job after destroy: %w", err)
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: fileConfig(location, first),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("id"), knownvalue.StringExact(name)),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("name"), knownvalue.StringExact(name)),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("project"), knownvalue.StringExact(testProject)),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("location"), knownvalue.StringExact(location)),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("state"), knownvalue.StringExact(migrationapi.FileStateActive)),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("format"), knownvalue.StringExact(migrationapi.FormatRVToolsCSV)),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("create_time"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("request_id"), knownvalue.StringRegexp(uuidV4)),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("upload_file_info").AtMapKey("signed_uri"),
						knownvalue.StringRegexp(regexp.MustCompile(`^`+regexp.QuoteMeta(sandboxURL+"/upload/v1alpha1/"+name+"?")))),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("upload_file_info").AtMapKey("headers"), knownvalue.MapExact(map[string]knownvalue.Check{
						"Content-Type":                        knownvalue.StringExact("text/csv"),
						migrationapi.HeaderContentLengthRange: knownvalue.StringExact("0,33554432"),
					})),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("upload_file_info").AtMapKey("uri_expiration_time"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue("cloudnative_migration_import_job.job", tfjsonpath.New("state"), knownvalue.StringExact(migrationapi.JobStatePending)),
					sameRequestID.AddStateValue(fileAddr, tfjsonpath.New("request_id")),
					newRequestID.AddStateValue(fileAddr, tfjsonpath.New("request_id")),
				},
				Check: func(*terraform.State) error {
					if n := countFiles(t, api, job); n != 1 {
						return fmt.Errorf("%d data files at the service, want 1", n)
					}
					return nil
				},
			},
			{
				// The second plan of an unchanged configuration is empty.
				Config: fileConfig(location, first),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameRequestID.AddStateValue(fileAddr, tfjsonpath.New("request_id")),
				},
			},
			{
				// The service does not return request_id, so import cannot.
				ResourceName:            fileAddr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"request_id"},
			},
			{
				// No update: a new display name is a new data file, created
				// with a new request_id.
				Config: fileConfig(location, renamed),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(fileAddr, plancheck.ResourceActionDestroyBeforeCreate),
						plancheck.ExpectUnknownValue(fileAddr, tfjsonpath.New("request_id")),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("display_name"), knownvalue.StringExact("VM inventory, March")),
					newRequestID.AddStateValue(fileAddr, tfjsonpath.New("request_id")),
				},
				Check: func(*terraform.State) error {
					f, err := api.GetImportDataFile(context.Background(), name)
					if err != nil {
						return err
					}
					if f.DisplayName != "VM inventory, March" || countFiles(t, api, job) != 1 {
						return fmt.Errorf("service has %+v and %d files", f, countFiles(t, api, job))
					}
					return nil
				},
			},
			{
				// Every argument forces replacement: the file ID too.
				Config: fileConfig(location, strings.Replace(renamed, `"vms"`, `"vms-2"`, 1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(fileAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("id"), knownvalue.StringExact(job+"/importDataFiles/vms-2")),
				},
			},
			{
				// Deleted behind Terraform's back: the refresh notices and the
				// plan creates it again.
				Config: fileConfig(location, strings.Replace(renamed, `"vms"`, `"vms-2"`, 1)),
				Check: deleteBehindTerraform(fileAddr, func(ctx context.Context, name string) (migrationapi.Operation, error) {
					return api.DeleteImportDataFile(ctx, name, "")
				}),
				ExpectNonEmptyPlan: true,
			},
			{
				Config: fileConfig(location, strings.Replace(renamed, `"vms"`, `"vms-2"`, 1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(fileAddr, plancheck.ResourceActionCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("state"), knownvalue.StringExact(migrationapi.FileStateActive)),
				},
			},
		},
	})
}

func TestAccImportDataFile_defaultsAndExplicitValues(t *testing.T) {
	accPreCheck(t)
	location := testLocation(t)
	const explicitID = "1b4e28ba-2fa1-11d2-883f-0016d3cca427"
	config := func(providerLocation string) string {
		return providerConfig(providerLocation) + fmt.Sprintf(`
resource "cloudnative_migration_import_job" "job" {
  import_job_id = "job"
  location      = %[1]q
}

resource "cloudnative_migration_import_data_file" "test" {
  import_data_file_id = "minimal"
  import_job_id       = cloudnative_migration_import_job.job.import_job_id
  location            = %[1]q
  request_id          = %[2]q
}

resource "cloudnative_migration_import_job" "defaulted" {
  import_job_id = "defaulted"
}
`, location, explicitID)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config(location),
				ConfigStateChecks: []statecheck.StateCheck{
					// format defaults to the service's default; request_id is the
					// user's own.
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("format"), knownvalue.StringExact(migrationapi.FormatUnspecified)),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("display_name"), knownvalue.Null()),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("request_id"), knownvalue.StringExact(explicitID)),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("project"), knownvalue.StringExact(testProject)),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("upload_file_info").AtMapKey("headers").AtMapKey("Content-Type"),
						knownvalue.StringExact("application/octet-stream")),
					statecheck.ExpectKnownValue("cloudnative_migration_import_job.defaulted", tfjsonpath.New("location"), knownvalue.StringExact(location)),
				},
			},
			{
				Config: config(location),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				// A new provider default moves only the resource that uses it.
				Config: config(location + "-b"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("cloudnative_migration_import_job.defaulted", plancheck.ResourceActionDestroyBeforeCreate),
						plancheck.ExpectResourceAction(fileAddr, plancheck.ResourceActionNoop),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("cloudnative_migration_import_job.defaulted", tfjsonpath.New("location"), knownvalue.StringExact(location+"-b")),
				},
			},
		},
	})
}

func TestAccImportDataFile_invalidInputIsRejectedAtPlan(t *testing.T) {
	accPreCheck(t)
	for _, tc := range []struct {
		name, args, want string
	}{
		{"display name too long", `display_name = "` + strings.Repeat("x", 257) + `"`, `(?s)display_name.*count must be at most 256, got: 257`},
		{"unknown format", `format = "IMPORT_JOB_FORMAT_PDF"`, `(?s)format.*value must be one of.*IMPORT_JOB_FORMAT_MANUAL_CSV`},
		{"lower-case format", `format = "import_job_format_cmdb"`, `(?s)format.*value must be one of`},
		{"all-zero request id", `request_id = "00000000-0000-0000-0000-000000000000"`, `(?s)request_id.*all-zero UUID.*not\s+allowed`},
		{"request id not a UUID", `request_id = "retry-1"`, `(?s)request_id.*"retry-1" is not a valid UUID`},
		{"empty request id", `request_id = ""`, `(?s)request_id must be a UUID, not empty`},
		{"bad file id", `import_data_file_id = "VMs_2025"`, `(?s)import_data_file_id.*must be 1 to 63 characters`},
		{"bad project", `project = "x-"`, `(?s)project.*must be 1 to 63 characters`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := tc.args
			if !strings.Contains(args, "import_data_file_id") {
				args += "\n  import_data_file_id = \"f1\""
			}
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: providerConfig("l1") + fmt.Sprintf(`
resource "cloudnative_migration_import_data_file" "bad" {
  import_job_id = "job"
  %s
}`, args),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

func TestAccImportDataFile_missingJobIsReported(t *testing.T) {
	accPreCheck(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: providerConfig(testLocation(t)) + `
resource "cloudnative_migration_import_data_file" "orphan" {
  import_job_id       = "no-such-job"
  import_data_file_id = "f1"
}`,
			ExpectError: regexp.MustCompile(`(?s)Could not create the import data file.*import job\s+projects/.*/importJobs/no-such-job\s+not found`),
		}},
	})
}

func TestAccImportDataFile_importByFullNameOnly(t *testing.T) {
	accPreCheck(t)
	location := testLocation(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: fileConfig(location, `  import_data_file_id = "f1"`)},
			{
				ResourceName:  fileAddr,
				ImportState:   true,
				ImportStateId: "inventory-2025/f1",
				ExpectError:   regexp.MustCompile(`(?s)Import an import data file by its full name`),
			},
		},
	})
}

// TestAccImportDataFile_uploadToSignedURI uploads a real file to the address
// Terraform recorded, with the recorded headers, and reads it back from the
// service.
func TestAccImportDataFile_uploadToSignedURI(t *testing.T) {
	accPreCheck(t)
	location := testLocation(t)
	content := "VM,Powerstate,CPUs,Memory\nweb-1,poweredOn,2,4096\ndb-1,poweredOn,8,32768\n"
	upload := func(s *terraform.State) error {
		rs := s.RootModule().Resources[fileAddr].Primary
		uri := rs.Attributes["upload_file_info.signed_uri"]
		headers := map[string]string{}
		for k, v := range rs.Attributes {
			if h, ok := strings.CutPrefix(k, "upload_file_info.headers."); ok && h != "%" {
				headers[h] = v
			}
		}
		if uri == "" || len(headers) != 2 {
			return fmt.Errorf("state has signed_uri %q and headers %v", uri, headers)
		}
		req, err := http.NewRequest(http.MethodPut, uri, strings.NewReader(content))
		if err != nil {
			return err
		}
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("upload: HTTP %d %s", resp.StatusCode, body)
		}
		got, ct, err := api.GetImportDataFileContent(context.Background(), rs.ID)
		if err != nil {
			return err
		}
		if string(got) != content || ct != "text/csv" {
			return fmt.Errorf("read back %q (%s), uploaded %q", got, ct, content)
		}
		return nil
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: fileConfig(location, `
  import_data_file_id = "rvtools"
  format              = "IMPORT_JOB_FORMAT_RVTOOLS_CSV"`),
			Check: upload,
		}},
	})
}

// TestAccImportDataFile_lostAnswerCreatesOneFile: the first create request
// reaches the service, which creates the data file, but its answer is lost.
// The provider's retry carries the same generated request_id, the service
// answers the first operation, the apply succeeds, and exactly one data file
// exists.
func TestAccImportDataFile_lostAnswerCreatesOneFile(t *testing.T) {
	accPreCheck(t)
	var lossy *migrationtest.Lossy
	endpoint := startSandbox(t, testDelay, func(h http.Handler) http.Handler {
		lossy = migrationtest.LoseAnswers(h, 1, migrationtest.CreatesDataFile)
		return lossy
	})
	direct, err := newAPI(endpoint)
	if err != nil {
		t.Fatal(err)
	}
	location := testLocation(t)
	job := migrationapi.ImportJobName(testProject, location, "inventory-2025")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: fileConfigAt(endpoint, location, `  import_data_file_id = "once"`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("state"), knownvalue.StringExact(migrationapi.FileStateActive)),
				statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("request_id"), knownvalue.StringRegexp(uuidV4)),
			},
			Check: func(*terraform.State) error {
				if lossy.Lost() != 1 || lossy.Seen() != 2 {
					return fmt.Errorf("%d create answers lost of %d requests; want 1 of 2", lossy.Lost(), lossy.Seen())
				}
				if n := countFiles(t, direct, job); n != 1 {
					return fmt.Errorf("%d data files exist, want exactly 1", n)
				}
				return nil
			},
		}},
	})
}

// TestAccImportDataFile_timedOutCreateResumes: a create whose operation
// outlives operation_timeout ends with a warning, not an error, and keeps the
// data file in state as CREATING. The next plan is an in-place update (not a
// replacement, which would create the file a second time) that only waits;
// when that wait runs out too, it warns again and the file stays CREATING;
// once the operation finishes, the update stores the ACTIVE file. The service
// holds exactly one data file throughout.
func TestAccImportDataFile_timedOutCreateResumes(t *testing.T) {
	accPreCheck(t)
	clock := newHeldClock()
	endpoint := startHeldSandbox(t, clock)
	direct, err := newAPI(endpoint)
	if err != nil {
		t.Fatal(err)
	}
	location := testLocation(t)
	job := migrationapi.ImportJobName(testProject, location, "job")
	config := func(timeout string) string {
		return providerConfigAt(endpoint, location, fmt.Sprintf("  operation_timeout = %q", timeout)) + `
resource "cloudnative_migration_import_data_file" "test" {
  import_job_id       = "job"
  import_data_file_id = "slow"
}`
	}
	const laterKey = "6fa459ea-ee8a-3ca4-894e-db77e160355e"
	withKey := strings.Replace(config("1m"), `import_data_file_id = "slow"`,
		`import_data_file_id = "slow"
  request_id          = "`+laterKey+`"`, 1)
	oneFile := func(*terraform.State) error {
		if n := countFiles(t, direct, job); n != 1 {
			return fmt.Errorf("%d data files at the service, want exactly 1", n)
		}
		return nil
	}
	sameRequestID := statecheck.CompareValue(compare.ValuesSame())
	sameSignedURI := statecheck.CompareValue(compare.ValuesSame())
	resume := plancheck.ExpectResourceAction(fileAddr, plancheck.ResourceActionUpdate)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				// The clock stands still, so no operation finishes. The job
				// exists as soon as its create is accepted.
				PreConfig: func() {
					if _, err := direct.CreateImportJob(context.Background(), migrationapi.LocationName(testProject, location), "job", migrationapi.ImportJob{}, ""); err != nil {
						t.Fatal(err)
					}
				},
				Config: config("200ms"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("id"), knownvalue.StringExact(job+"/importDataFiles/slow")),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("state"), knownvalue.StringExact(migrationapi.FileStateCreating)),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("create_time"), knownvalue.Null()),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("upload_file_info"), knownvalue.Null()),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("request_id"), knownvalue.StringRegexp(uuidV4)),
					sameRequestID.AddStateValue(fileAddr, tfjsonpath.New("request_id")),
				},
				Check: oneFile,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					// After the refresh the file is still CREATING: the plan
					// resumes the wait.
					PostApplyPostRefresh: []plancheck.PlanCheck{resume},
				},
				ExpectNonEmptyPlan: true,
			},
			{
				// The resumed wait runs out too: a warning again, and the file
				// stays CREATING, now with what the refresh read.
				Config: config("200ms"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						resume,
						plancheck.ExpectUnknownValue(fileAddr, tfjsonpath.New("state")),
						plancheck.ExpectUnknownValue(fileAddr, tfjsonpath.New("create_time")),
						plancheck.ExpectUnknownValue(fileAddr, tfjsonpath.New("upload_file_info").AtMapKey("signed_uri")),
						plancheck.ExpectUnknownValue(fileAddr, tfjsonpath.New("upload_file_info").AtMapKey("uri_expiration_time")),
						plancheck.ExpectKnownValue(fileAddr, tfjsonpath.New("request_id"), knownvalue.StringRegexp(uuidV4)),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{resume},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("state"), knownvalue.StringExact(migrationapi.FileStateCreating)),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("create_time"), knownvalue.NotNull()),
					sameRequestID.AddStateValue(fileAddr, tfjsonpath.New("request_id")),
					sameSignedURI.AddStateValue(fileAddr, tfjsonpath.New("upload_file_info").AtMapKey("signed_uri")),
				},
				Check:              oneFile,
				ExpectNonEmptyPlan: true,
			},
			{
				// The operation finishes after this plan was made: the update
				// waits for it and stores the ACTIVE file, the same one. A
				// request_id set meanwhile is recorded by the same update (it
				// replaces nothing: the create it keyed is over).
				Config: withKey,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						resume,
						plancheck.ExpectUnknownValue(fileAddr, tfjsonpath.New("state")),
						plancheck.ExpectKnownValue(fileAddr, tfjsonpath.New("request_id"), knownvalue.StringExact(laterKey)),
						releaseClock{clock},
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("state"), knownvalue.StringExact(migrationapi.FileStateActive)),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("create_time"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("upload_file_info").AtMapKey("uri_expiration_time"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("request_id"), knownvalue.StringExact(laterKey)),
					sameSignedURI.AddStateValue(fileAddr, tfjsonpath.New("upload_file_info").AtMapKey("signed_uri")),
				},
				Check: func(s *terraform.State) error {
					if err := oneFile(s); err != nil {
						return err
					}
					f, err := direct.GetImportDataFile(context.Background(), job+"/importDataFiles/slow")
					if err != nil {
						return err
					}
					if f.State != migrationapi.FileStateActive {
						return fmt.Errorf("the service has the data file %s", f.State)
					}
					return nil
				},
			},
			{
				Config: withKey,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
		},
	})
}

// putContent uploads content to a signed address with its headers.
func putContent(uri string, headers map[string]string, content string) error {
	req, err := http.NewRequest(http.MethodPut, uri, strings.NewReader(content))
	if err != nil {
		return err
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("upload: HTTP %d %s", resp.StatusCode, body)
	}
	return nil
}

// TestAccImportDataFile_importWithRequestID: a data file made outside
// Terraform, with content uploaded, is imported into a configuration that
// sets request_id. The service does not return request_id, so the import
// leaves it null. The plan after the import is an in-place update that
// records it, never a replacement (which would lose the uploaded content),
// and the apply sends nothing to the service; so does a later change of
// request_id. The content is still there at the end.
func TestAccImportDataFile_importWithRequestID(t *testing.T) {
	accPreCheck(t)
	var counter *mutations
	endpoint := startSandbox(t, testDelay, func(h http.Handler) http.Handler {
		counter = countMutations(h)
		return counter
	})
	direct, err := newAPI(endpoint)
	if err != nil {
		t.Fatal(err)
	}
	location := testLocation(t)
	createAtService(t, direct, location, "legacy", "cmdb", migrationapi.ImportDataFile{Format: migrationapi.FormatCMDB})
	name := migrationapi.ImportDataFileName(testProject, location, "legacy", "cmdb")
	f, err := direct.GetImportDataFile(context.Background(), name)
	if err != nil || f.UploadFileInfo == nil {
		t.Fatalf("data file %+v (%v)", f, err)
	}
	const content = "name,os\nweb-1,linux\n"
	if err := putContent(f.UploadFileInfo.SignedURI, f.UploadFileInfo.Headers, content); err != nil {
		t.Fatal(err)
	}
	const firstID, secondID = "1b4e28ba-2fa1-11d2-883f-0016d3cca427", "6fa459ea-ee8a-3ca4-894e-db77e160355e"
	config := func(requestID string) string {
		return providerConfigAt(endpoint, location) + fmt.Sprintf(`
resource "cloudnative_migration_import_data_file" "test" {
  import_job_id       = "legacy"
  import_data_file_id = "cmdb"
  format              = "IMPORT_JOB_FORMAT_CMDB"
  request_id          = %q
}
`, requestID)
	}
	sameFile := statecheck.CompareValue(compare.ValuesSame())
	var mark int64
	recordOnly := func(requestID string) resource.TestStep {
		return resource.TestStep{
			Config: config(requestID),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(fileAddr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(fileAddr, tfjsonpath.New("request_id"), knownvalue.StringExact(requestID)),
					plancheck.ExpectKnownValue(fileAddr, tfjsonpath.New("create_time"), knownvalue.NotNull()),
					markMutations{counter, &mark},
				},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("request_id"), knownvalue.StringExact(requestID)),
				sameFile.AddStateValue(fileAddr, tfjsonpath.New("upload_file_info").AtMapKey("signed_uri")),
			},
			Check: noMutationsSince(counter, &mark),
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:             config(firstID),
				ResourceName:       fileAddr,
				ImportState:        true,
				ImportStateId:      name,
				ImportStatePersist: true,
				ImportStateCheck: func(s []*terraform.InstanceState) error {
					if len(s) != 1 || s[0].Attributes["request_id"] != "" || s[0].Attributes["state"] != migrationapi.FileStateActive {
						return fmt.Errorf("imported %v", s)
					}
					return nil
				},
			},
			recordOnly(firstID),
			{
				Config: config(firstID),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			recordOnly(secondID),
			{
				Config: config(secondID),
				Check: func(*terraform.State) error {
					got, _, err := direct.GetImportDataFileContent(context.Background(), name)
					if err != nil || string(got) != content {
						return fmt.Errorf("content after the updates: %q (%v), uploaded %q", got, err, content)
					}
					return nil
				},
			},
		},
	})
}

// TestAccImportDataFile_providerImportJob: with the provider's
// import_job_id (and project and location), a data file needs only its
// import_data_file_id, as the service description states. Changing the
// provider's job moves, that is replaces, the data files that rely on it,
// and only those.
func TestAccImportDataFile_providerImportJob(t *testing.T) {
	accPreCheck(t)
	location := testLocation(t)
	config := func(defaultJob string) string {
		return providerConfig(location, fmt.Sprintf("  import_job_id = %q", defaultJob)) + `
resource "cloudnative_migration_import_job" "wave1" {
  import_job_id = "wave-1"
}

resource "cloudnative_migration_import_job" "wave2" {
  import_job_id = "wave-2"
}

resource "cloudnative_migration_import_data_file" "test" {
  import_data_file_id = "vms"
  depends_on          = [cloudnative_migration_import_job.wave1, cloudnative_migration_import_job.wave2]
}

resource "cloudnative_migration_import_data_file" "pinned" {
  import_job_id       = cloudnative_migration_import_job.wave1.import_job_id
  import_data_file_id = "pinned"
}
`
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config("wave-1"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("import_job_id"), knownvalue.StringExact("wave-1")),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("id"),
						knownvalue.StringExact(migrationapi.ImportDataFileName(testProject, location, "wave-1", "vms"))),
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("state"), knownvalue.StringExact(migrationapi.FileStateActive)),
				},
			},
			{
				Config: config("wave-1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				Config: config("wave-2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(fileAddr, plancheck.ResourceActionDestroyBeforeCreate),
						plancheck.ExpectResourceAction("cloudnative_migration_import_data_file.pinned", plancheck.ResourceActionNoop),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(fileAddr, tfjsonpath.New("id"),
						knownvalue.StringExact(migrationapi.ImportDataFileName(testProject, location, "wave-2", "vms"))),
				},
				Check: func(*terraform.State) error {
					if n := countFiles(t, api, migrationapi.ImportJobName(testProject, location, "wave-1")); n != 1 {
						return fmt.Errorf("%d data files left in wave-1, want only the pinned one", n)
					}
					return nil
				},
			},
		},
	})
}

// Without an import job on the data file, the provider or in the
// environment, the plan fails and says where to set one.
func TestAccImportDataFile_missingImportJobID(t *testing.T) {
	accPreCheck(t)
	t.Setenv(EnvImportJobID, "")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: providerConfig(testLocation(t)) + `
resource "cloudnative_migration_import_data_file" "orphan" {
  import_data_file_id = "f1"
}`,
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)Missing import_job_id.*Set import_job_id on the resource, or on the.*CLOUDNATIVE_IMPORT_JOB_ID`),
		}},
	})
}
