package cloudnative

import (
	"context"
	"errors"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/types"

	migrationapi "github.com/iacsuite/providers/internal/api/migration"
	"github.com/iacsuite/providers/internal/framework"
)

// importJobFilter is the config of an import job list block.
type importJobFilter struct {
	listScope
	State types.String `tfsdk:"state"`
}

// NewMigrationImportJobListResource is the cloudnative_migration_import_job
// list resource: the import jobs of a project and location, for `terraform
// query`.
func NewMigrationImportJobListResource() list.ListResource {
	filters := listScopeAttributes("import jobs")
	filters["state"] = stateFilter("import jobs", migrationapi.JobStates)
	return framework.NewList(framework.ListResource[providerData, importJobFilter, migrationapi.ImportJob, importJobModel]{
		Name:  "migration_import_job",
		Label: "import jobs",
		Description: "The import jobs of a project and location, for `terraform query` (Terraform 1.14+), read page by page. " +
			"Each result's identity is the job's project, location and ID.",
		Filters:  filters,
		Identity: framework.IdentityOf(NewMigrationImportJobResource()),
		Objects: func(ctx context.Context, pd *providerData, f importJobFilter, _ bool) iter.Seq2[migrationapi.ImportJob, error] {
			project, location := orDefault(f.Project, pd.project), orDefault(f.Location, pd.location)
			if project == "" || location == "" {
				return failed[migrationapi.ImportJob](errors.New("set project and location in the list block's config, or project and location in the provider"))
			}
			return filtered(pd.client.ImportJobs(ctx, migrationapi.LocationName(project, location)), func(j migrationapi.ImportJob) bool {
				return f.State.IsNull() || j.State == f.State.ValueString()
			})
		},
		DisplayName: func(j migrationapi.ImportJob) string {
			if j.DisplayName != "" {
				return j.DisplayName
			}
			return j.Name
		},
		Model: func(ctx context.Context, _ *providerData, j migrationapi.ImportJob, _ bool, m *importJobModel) diag.Diagnostics {
			return m.fromAPI(ctx, j)
		},
	})()
}

// failed is a stream of one error.
func failed[T any](err error) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		yield(zero, err)
	}
}

// filtered is the stream of the items of seq that keep accepts.
func filtered[T any](seq iter.Seq2[T, error], keep func(T) bool) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		for it, err := range seq {
			if err == nil && !keep(it) {
				continue
			}
			if !yield(it, err) {
				return
			}
		}
	}
}
