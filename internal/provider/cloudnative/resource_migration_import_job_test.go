package cloudnative

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	migrationapi "github.com/iacsuite/providers/internal/api/migration"
)

const jobAddr = "cloudnative_migration_import_job.test"

func jobConfig(location, id, args string) string {
	return providerConfig(location) + fmt.Sprintf(`
resource "cloudnative_migration_import_job" "test" {
  import_job_id = %q
%s
}
`, id, args)
}

func TestAccImportJob_lifecycle(t *testing.T) {
	accPreCheck(t)
	location := testLocation(t)
	name := migrationapi.ImportJobName(testProject, location, "discovery")
	sameCreateTime := statecheck.CompareValue(compare.ValuesSame())
	source := fmt.Sprintf(`  asset_source = "projects/%s/locations/%s/sources/rvtools"`, testProject, location)

	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		CheckDestroy: func(*terraform.State) error {
			jobs, err := api.ListImportJobs(context.Background(), migrationapi.LocationName(testProject, location))
			if err != nil {
				return err
			}
			if len(jobs) != 0 {
				return fmt.Errorf("%d import jobs left after destroy", len(jobs))
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: jobConfig(location, "discovery", source+`
  display_name = "Discovery"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(jobAddr, tfjsonpath.New("id"), knownvalue.StringExact(name)),
					statecheck.ExpectKnownValue(jobAddr, tfjsonpath.New("state"), knownvalue.StringExact(migrationapi.JobStatePending)),
					statecheck.ExpectKnownValue(jobAddr, tfjsonpath.New("labels"), knownvalue.Null()),
					statecheck.ExpectKnownValue(jobAddr, tfjsonpath.New("request_id"), knownvalue.StringRegexp(uuidV4)),
					sameCreateTime.AddStateValue(jobAddr, tfjsonpath.New("create_time")),
				},
			},
			{
				Config: jobConfig(location, "discovery", source+`
  display_name = "Discovery"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				// display_name and labels change in place.
				Config: jobConfig(location, "discovery", source+`
  display_name = "Discovery, wave 1"
  labels       = { wave = "1", team = "migration" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(jobAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(jobAddr, tfjsonpath.New("display_name"), knownvalue.StringExact("Discovery, wave 1")),
					statecheck.ExpectKnownValue(jobAddr, tfjsonpath.New("labels"), knownvalue.MapExact(map[string]knownvalue.Check{
						"wave": knownvalue.StringExact("1"), "team": knownvalue.StringExact("migration"),
					})),
					sameCreateTime.AddStateValue(jobAddr, tfjsonpath.New("create_time")),
				},
				Check: func(*terraform.State) error {
					j, err := api.GetImportJob(context.Background(), name)
					if err != nil {
						return err
					}
					if j.DisplayName != "Discovery, wave 1" || j.Labels["wave"] != "1" {
						return fmt.Errorf("service has %+v", j)
					}
					return nil
				},
			},
			{
				ResourceName:            jobAddr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"request_id"},
			},
			{
				// asset_source is fixed at creation.
				Config: jobConfig(location, "discovery", fmt.Sprintf(`  asset_source = "projects/%s/locations/%s/sources/cmdb"`, testProject, location)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(jobAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
			},
			{
				Config: jobConfig(location, "discovery", fmt.Sprintf(`  asset_source = "projects/%s/locations/%s/sources/cmdb"`, testProject, location)),
				Check: deleteBehindTerraform(jobAddr, func(ctx context.Context, name string) (migrationapi.Operation, error) {
					return api.DeleteImportJob(ctx, name, "", true)
				}),
				ExpectNonEmptyPlan: true,
			},
			{
				Config: jobConfig(location, "discovery", fmt.Sprintf(`  asset_source = "projects/%s/locations/%s/sources/cmdb"`, testProject, location)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(jobAddr, plancheck.ResourceActionCreate)},
				},
			},
		},
	})
}

func TestAccImportJob_invalidInputIsRejectedAtPlan(t *testing.T) {
	accPreCheck(t)
	for _, tc := range []struct {
		name, id, args, want string
	}{
		{"bad id", "Job_1", "", `(?s)import_job_id.*must be 1 to 63 characters`},
		{"label key", "j1", `labels = { "Team" = "x" }`, `(?s)labels.*must be 1 to 63 lowercase letters`},
		{"label value", "j1", `labels = { team = "Platform Team" }`, `(?s)labels.*must be at most 63 lowercase letters`},
		{"asset source shape", "j1", `asset_source = "rvtools"`, `(?s)asset_source.*must be\s+projects/\{project\}/locations/\{location\}/sources/\{source\}`},
		{"asset source elsewhere", "j1", `asset_source = "projects/other/locations/l1/sources/s1"`, `(?s)asset_source must be a source in the job's project and location`},
		{"zero request id", "j1", `request_id = "00000000-0000-0000-0000-000000000000"`, `(?s)request_id.*all-zero UUID`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      jobConfig("l1", tc.id, "  "+tc.args),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

func TestAccImportJob_holdingFilesIsNotDeleted(t *testing.T) {
	accPreCheck(t)
	location := testLocation(t)
	job := migrationapi.ImportJobName(testProject, location, "keep")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: jobConfig(location, "keep", ""),
				Check: func(*terraform.State) error {
					// A data file Terraform does not manage.
					op, err := api.CreateImportDataFile(context.Background(), job, "outside", migrationapi.ImportDataFile{}, "")
					if err == nil {
						_, err = api.WaitOperation(context.Background(), op, time.Minute)
					}
					return err
				},
			},
			{
				Config:      providerConfig(location),
				ExpectError: regexp.MustCompile(`(?s)Could not delete import job.*holds 1 import data file`),
			},
			{
				PreConfig: func() {
					op, err := api.DeleteImportDataFile(context.Background(), job+"/importDataFiles/outside", "")
					if err == nil {
						_, err = api.WaitOperation(context.Background(), op, time.Minute)
					}
					if err != nil {
						t.Fatal(err)
					}
				},
				Config: providerConfig(location),
			},
		},
	})
}

// TestAccImportJob_timedOutCreateResumes: a create whose operation outlives
// operation_timeout ends with a warning, not an error, and keeps the job in
// state; the pending operation, remembered in private state, makes the next
// plan an in-place update (not a replacement) that waits for it again, warns
// again when that wait runs out too, and completes once the operation has
// finished. The service holds exactly one job throughout.
func TestAccImportJob_timedOutCreateResumes(t *testing.T) {
	accPreCheck(t)
	clock := newHeldClock()
	endpoint := startHeldSandbox(t, clock)
	direct, err := newAPI(endpoint)
	if err != nil {
		t.Fatal(err)
	}
	location := testLocation(t)
	name := migrationapi.ImportJobName(testProject, location, "slow")
	config := func(timeout string) string {
		return providerConfigAt(endpoint, location, fmt.Sprintf("  operation_timeout = %q", timeout)) + `
resource "cloudnative_migration_import_job" "test" {
  import_job_id = "slow"
  display_name  = "Slow"
}`
	}
	oneJob := func(*terraform.State) error {
		jobs, err := direct.ListImportJobs(context.Background(), migrationapi.LocationName(testProject, location))
		if err != nil {
			return err
		}
		if len(jobs) != 1 || jobs[0].Name != name {
			return fmt.Errorf("the service has the jobs %+v, want exactly %s", jobs, name)
		}
		return nil
	}
	sameRequestID := statecheck.CompareValue(compare.ValuesSame())
	resume := plancheck.ExpectResourceAction(jobAddr, plancheck.ResourceActionUpdate)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				// The clock stands still, so the create never finishes.
				Config: config("200ms"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(jobAddr, tfjsonpath.New("id"), knownvalue.StringExact(name)),
					statecheck.ExpectKnownValue(jobAddr, tfjsonpath.New("state"), knownvalue.Null()),
					statecheck.ExpectKnownValue(jobAddr, tfjsonpath.New("create_time"), knownvalue.Null()),
					sameRequestID.AddStateValue(jobAddr, tfjsonpath.New("request_id")),
				},
				Check: oneJob,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{resume},
				},
				ExpectNonEmptyPlan: true,
			},
			{
				// The resumed wait runs out too: a warning again, and the
				// next plan still resumes.
				Config: config("200ms"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						resume,
						plancheck.ExpectUnknownValue(jobAddr, tfjsonpath.New("state")),
						plancheck.ExpectUnknownValue(jobAddr, tfjsonpath.New("create_time")),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{resume},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameRequestID.AddStateValue(jobAddr, tfjsonpath.New("request_id")),
				},
				Check:              oneJob,
				ExpectNonEmptyPlan: true,
			},
			{
				// The operation finishes after this plan was made: the update
				// waits for it.
				Config: config("1m"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{resume, releaseClock{clock}},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(jobAddr, tfjsonpath.New("state"), knownvalue.StringExact(migrationapi.JobStatePending)),
					statecheck.ExpectKnownValue(jobAddr, tfjsonpath.New("create_time"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(jobAddr, tfjsonpath.New("display_name"), knownvalue.StringExact("Slow")),
					sameRequestID.AddStateValue(jobAddr, tfjsonpath.New("request_id")),
				},
				Check: oneJob,
			},
			{
				Config: config("1m"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
		},
	})
}

// TestAccImportJob_timeoutsOverrideOperationTimeout: the resource's
// timeouts win over the provider's operation_timeout, both ways: a short
// timeouts.create ends a create that the provider's setting would have
// waited for an hour, and a long timeouts.update waits where the provider's
// setting would not.
func TestAccImportJob_timeoutsOverrideOperationTimeout(t *testing.T) {
	accPreCheck(t)
	clock := newHeldClock()
	endpoint := startHeldSandbox(t, clock)
	location := testLocation(t)
	config := func(operationTimeout, timeouts string) string {
		return providerConfigAt(endpoint, location, fmt.Sprintf("  operation_timeout = %q", operationTimeout)) + `
resource "cloudnative_migration_import_job" "test" {
  import_job_id = "slow"
  display_name  = "Slow"
  timeouts      = ` + timeouts + `
}`
	}
	resume := plancheck.ExpectResourceAction(jobAddr, plancheck.ResourceActionUpdate)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				// The clock stands still: only timeouts.create ends the wait.
				Config: config("1h", `{ create = "200ms" }`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(jobAddr, tfjsonpath.New("state"), knownvalue.Null()),
				},
				ConfigPlanChecks:   resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{resume}},
				ExpectNonEmptyPlan: true,
			},
			{
				// The operation finishes after this plan; 200ms of
				// operation_timeout would not see it, timeouts.update does.
				Config: config("200ms", `{ create = "200ms", update = "1m" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{resume, releaseClock{clock}},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(jobAddr, tfjsonpath.New("state"), knownvalue.StringExact(migrationapi.JobStatePending)),
				},
			},
		},
	})
}

// TestAccImportJob_importWithRequestID: an import job made outside
// Terraform is imported into a configuration that sets request_id, which
// the service does not return. The plan after the import is an in-place
// update that records it, never a replacement (which would delete the job
// and its data files), and the apply sends nothing to the service.
func TestAccImportJob_importWithRequestID(t *testing.T) {
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
	createAtService(t, direct, location, "legacy", "", migrationapi.ImportDataFile{})
	name := migrationapi.ImportJobName(testProject, location, "legacy")
	const requestID = "1b4e28ba-2fa1-11d2-883f-0016d3cca427"
	config := providerConfigAt(endpoint, location) + fmt.Sprintf(`
resource "cloudnative_migration_import_job" "test" {
  import_job_id = "legacy"
  display_name  = "Legacy"
  request_id    = %q
}
`, requestID)
	sameCreateTime := statecheck.CompareValue(compare.ValuesSame())
	var mark int64
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:             config,
				ResourceName:       jobAddr,
				ImportState:        true,
				ImportStateId:      name,
				ImportStatePersist: true,
			},
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(jobAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(jobAddr, tfjsonpath.New("request_id"), knownvalue.StringExact(requestID)),
						markMutations{counter, &mark},
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(jobAddr, tfjsonpath.New("id"), knownvalue.StringExact(name)),
					statecheck.ExpectKnownValue(jobAddr, tfjsonpath.New("request_id"), knownvalue.StringExact(requestID)),
					sameCreateTime.AddStateValue(jobAddr, tfjsonpath.New("create_time")),
				},
				Check: noMutationsSince(counter, &mark),
			},
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameCreateTime.AddStateValue(jobAddr, tfjsonpath.New("create_time")),
				},
			},
		},
	})
}
