package cloudnative

import (
	"context"
	"errors"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	migrationapi "github.com/iacsuite/providers/internal/api/migration"
	"github.com/iacsuite/providers/internal/framework"
)

// importDataFileFilter is the config of a data file list block.
type importDataFileFilter struct {
	listScope
	ImportJobID types.String `tfsdk:"import_job_id"`
	State       types.String `tfsdk:"state"`
}

// NewMigrationImportDataFileListResource is the
// cloudnative_migration_import_data_file list resource: the data files of
// one import job, for `terraform query`.
func NewMigrationImportDataFileListResource() list.ListResource {
	filters := listScopeAttributes("import job's data files")
	filters["import_job_id"] = schema.StringAttribute{
		Optional:    true,
		Description: "ID of the import job whose data files to list. Defaults to the provider's `import_job_id`; one of the two is needed.",
		Validators:  []validator.String{idValidator()},
	}
	filters["state"] = stateFilter("data files", migrationapi.FileStates)
	return framework.NewList(framework.ListResource[providerData, importDataFileFilter, migrationapi.ImportDataFile, importDataFileModel]{
		Name:  "migration_import_data_file",
		Label: "import data files",
		Description: "The data files of one import job, for `terraform query` (Terraform 1.14+), read page by page; a data " +
			"file being deleted is not listed. Each result's identity is the project, location, job and data file IDs.",
		Filters:  filters,
		Identity: framework.IdentityOf(NewMigrationImportDataFileResource()),
		Objects: func(ctx context.Context, pd *providerData, f importDataFileFilter, _ bool) iter.Seq2[migrationapi.ImportDataFile, error] {
			project, location := orDefault(f.Project, pd.project), orDefault(f.Location, pd.location)
			job := orDefault(f.ImportJobID, pd.importJobID)
			if project == "" || location == "" || job == "" {
				return failed[migrationapi.ImportDataFile](errors.New("set project, location and import_job_id in the list block's config, " +
					"or the provider's project, location and import_job_id"))
			}
			return filtered(pd.client.ImportDataFiles(ctx, migrationapi.ImportJobName(project, location, job)), func(d migrationapi.ImportDataFile) bool {
				// Read drops a data file being deleted.
				return d.State != migrationapi.FileStateDeleting && (f.State.IsNull() || d.State == f.State.ValueString())
			})
		},
		DisplayName: func(d migrationapi.ImportDataFile) string {
			if d.DisplayName != "" {
				return d.DisplayName
			}
			return d.Name
		},
		Model: func(ctx context.Context, _ *providerData, d migrationapi.ImportDataFile, _ bool, m *importDataFileModel) diag.Diagnostics {
			return m.fromAPI(ctx, d)
		},
	})()
}
