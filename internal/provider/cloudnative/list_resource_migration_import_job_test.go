package cloudnative

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/iacsuite/providers/internal/acctest"
	migrationapi "github.com/iacsuite/providers/internal/api/migration"
)

// jobIdentity is the identity of an import job of the test project.
func jobIdentity(location, id string) map[string]knownvalue.Check {
	return map[string]knownvalue.Check{"project": knownvalue.StringExact(testProject), "location": knownvalue.StringExact(location),
		"import_job_id": knownvalue.StringExact(id)}
}

// The import jobs of a project and location, the provider's by default,
// filtered by state; with include_resource each is the whole job.
func TestAccImportJobList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	loc, other := testLocation(t), testLocation(t)+"-other"
	createJobOutOfBand(t, loc, "wave-1", migrationapi.ImportJob{DisplayName: "Wave 1", Labels: map[string]string{"wave": "1"}})
	createJobOutOfBand(t, loc, "wave-2", migrationapi.ImportJob{})
	createJobOutOfBand(t, other, "elsewhere", migrationapi.ImportJob{})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: providerConfig(loc)},
			{
				Query: true,
				Config: acctest.ListBlock("cloudnative_migration_import_job", "here", true, "") +
					acctest.ListBlock("cloudnative_migration_import_job", "other", false, fmt.Sprintf("project = %q\nlocation = %q", testProject, other)) +
					acctest.ListBlock("cloudnative_migration_import_job", "pending", false, `state = "IMPORT_JOB_STATE_PENDING"`) +
					acctest.ListBlock("cloudnative_migration_import_job", "running", false, `state = "IMPORT_JOB_STATE_RUNNING"`),
				QueryResultChecks: concat(
					acctest.ExpectIdentities("cloudnative_migration_import_job.here", jobIdentity(loc, "wave-1"), jobIdentity(loc, "wave-2")),
					acctest.ExpectIdentities("cloudnative_migration_import_job.other", jobIdentity(other, "elsewhere")),
					acctest.ExpectIdentities("cloudnative_migration_import_job.pending", jobIdentity(loc, "wave-1"), jobIdentity(loc, "wave-2")),
					acctest.ExpectIdentities("cloudnative_migration_import_job.running"),
					[]querycheck.QueryResultCheck{
						querycheck.ExpectResourceDisplayName("cloudnative_migration_import_job.here", queryfilter.ByResourceIdentity(jobIdentity(loc, "wave-1")), knownvalue.StringExact("Wave 1")),
						querycheck.ExpectResourceKnownValues("cloudnative_migration_import_job.here", queryfilter.ByResourceIdentity(jobIdentity(loc, "wave-1")), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("name"), KnownValue: knownvalue.StringExact(migrationapi.ImportJobName(testProject, loc, "wave-1"))},
							{Path: tfjsonpath.New("display_name"), KnownValue: knownvalue.StringExact("Wave 1")},
							{Path: tfjsonpath.New("labels"), KnownValue: knownvalue.MapExact(map[string]knownvalue.Check{"wave": knownvalue.StringExact("1")})},
							{Path: tfjsonpath.New("state"), KnownValue: knownvalue.StringExact(migrationapi.JobStatePending)},
							{Path: tfjsonpath.New("request_id"), KnownValue: knownvalue.Null()},
						}),
					},
				),
			},
		},
	})
}

// The filters are checked at plan; without a location anywhere the query
// says what to set.
func TestAccImportJobList_invalidFilters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	for name, tc := range map[string]struct{ provider, typ, config, want string }{
		"state":         {providerConfig("l1"), "cloudnative_migration_import_job", `state = "DONE"`, `state value must be one of`},
		"location":      {providerConfig("l1"), "cloudnative_migration_import_job", `location = "Not An ID"`, `location must be 1 to 63 characters of lowercase letters`},
		"file state":    {providerConfig("l1"), "cloudnative_migration_import_data_file", "import_job_id = \"j\"\nstate = \"DELETING\"", `state value must be one of`},
		"no location":   {fmt.Sprintf("provider \"cloudnative\" {\n  endpoint = %q\n}\n", sandboxURL), "cloudnative_migration_import_job", "", `set project and location`},
		"no job":        {providerConfig("l1"), "cloudnative_migration_import_data_file", "", `set project, location and import_job_id`},
		"job not found": {providerConfig("l1"), "cloudnative_migration_import_data_file", `import_job_id = "absent"`, `(?i)not found`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{
					{Config: tc.provider},
					{Query: true, Config: acctest.ListBlock(tc.typ, "bad", false, tc.config), ExpectError: regexp.MustCompile(tc.want)},
				},
			})
		})
	}
}

// concat joins lists of checks.
func concat[T any](lists ...[]T) []T {
	var out []T
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}
