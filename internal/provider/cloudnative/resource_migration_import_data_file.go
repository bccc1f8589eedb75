package cloudnative

import (
	"context"
	"errors"
	"fmt"

	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	migrationapi "github.com/iacsuite/providers/internal/api/migration"
	client "github.com/iacsuite/providers/internal/client/migration"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
	"github.com/iacsuite/providers/internal/wait"
)

var (
	_ resource.ResourceWithConfigure   = (*importDataFileResource)(nil)
	_ resource.ResourceWithImportState = (*importDataFileResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*importDataFileResource)(nil)
)

// NewMigrationImportDataFileResource is the
// cloudnative_migration_import_data_file resource (Pulumi
// cloudnative:migration/v1alpha1:ImportDataFile).
func NewMigrationImportDataFileResource() resource.Resource {
	return &importDataFileResource{framework.ResourceBase[providerData]{Name: "migration_import_data_file"}}
}

type importDataFileResource struct {
	framework.ResourceBase[providerData]
}

type importDataFileModel struct {
	ID               types.String   `tfsdk:"id"`
	Name             types.String   `tfsdk:"name"`
	ImportDataFileID types.String   `tfsdk:"import_data_file_id"`
	ImportJobID      types.String   `tfsdk:"import_job_id"`
	Project          types.String   `tfsdk:"project"`
	Location         types.String   `tfsdk:"location"`
	DisplayName      types.String   `tfsdk:"display_name"`
	Format           types.String   `tfsdk:"format"`
	RequestID        types.String   `tfsdk:"request_id"`
	UploadFileInfo   types.Object   `tfsdk:"upload_file_info"`
	CreateTime       types.String   `tfsdk:"create_time"`
	State            types.String   `tfsdk:"state"`
	Timeouts         timeouts.Value `tfsdk:"timeouts"`
}

var uploadFileInfoTypes = map[string]attr.Type{
	"headers":             types.MapType{ElemType: types.StringType},
	"signed_uri":          types.StringType,
	"uri_expiration_time": types.StringType,
}

func (r *importDataFileResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	replace := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	stable := []planmodifier.String{stringplanmodifier.UseStateForUnknown()}
	resp.Schema = schema.Schema{
		DeprecationMessage: previewDeprecation,
		Description: "A file of inventory data inside an import job of the migration service (API v1alpha1, a preview). " +
			"Creating it returns a signed address (`upload_file_info`) to upload the file's content to. The service " +
			"has no update: changing any argument but `request_id` replaces the data file. A create that outlives `timeouts.create` " +
			"(default the provider's `operation_timeout`) ends with a warning and leaves the data file in state as `CREATING`; the next apply " +
			"then plans an in-place update that only waits for it to become `ACTIVE`. The name is never generated: " +
			"`import_data_file_id` is required. The parent job, project and location default to the provider's " +
			"`import_job_id`, `project` and `location`. Import it by its full name, " +
			"`projects/{project}/locations/{location}/importJobs/{import_job_id}/importDataFiles/{import_data_file_id}`.",
		Attributes: map[string]schema.Attribute{
			"timeouts": operationWaits("import data file", "a create that outlived the last apply").Attribute(ctx),
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The full name of the data file, as `name`.",
				PlanModifiers: stable,
			},
			"name": schema.StringAttribute{
				Computed: true,
				Description: "Full name of the data file: " +
					"`projects/{project}/locations/{location}/importJobs/{import_job_id}/importDataFiles/{import_data_file_id}`.",
				PlanModifiers: stable,
			},
			"import_data_file_id": schema.StringAttribute{
				Required: true,
				Description: "ID of the new data file, the last segment of its name: 1 to 63 lowercase letters, digits " +
					"and hyphens, starting with a letter and not ending with a hyphen. Changing it replaces the data file.",
				Validators:    []validator.String{idValidator()},
				PlanModifiers: replace,
			},
			"import_job_id": schema.StringAttribute{
				Optional: true,
				Computed: true,
				Description: "ID of the parent import job, which must exist: the `import_job_id` of an import job " +
					"resource. Defaults to the provider's `import_job_id`. Changing it (or, when it is not set here, " +
					"the provider's) replaces the data file.",
				Validators:    []validator.String{idValidator()},
				PlanModifiers: replace,
			},
			"project":  projectAttribute("data file"),
			"location": locationAttribute("data file"),
			"display_name": schema.StringAttribute{
				Optional:      true,
				Description:   "User-friendly name, at most 256 characters. Changing it replaces the data file.",
				Validators:    []validator.String{stringvalidator.UTF8LengthAtMost(migrationapi.MaxDisplayNameLength)},
				PlanModifiers: replace,
			},
			"format": schema.StringAttribute{
				Optional: true,
				Computed: true,
				Description: "Payload format: `IMPORT_JOB_FORMAT_UNSPECIFIED` (the default), `IMPORT_JOB_FORMAT_CMDB`, " +
					"`IMPORT_JOB_FORMAT_RVTOOLS_XLSX`, `IMPORT_JOB_FORMAT_RVTOOLS_CSV`, `IMPORT_JOB_FORMAT_EXPORTED_AWS_CSV`, " +
					"`IMPORT_JOB_FORMAT_EXPORTED_AZURE_CSV` or `IMPORT_JOB_FORMAT_MANUAL_CSV`. It decides the " +
					"`Content-Type` of the upload. Changing it replaces the data file.",
				Validators: []validator.String{stringvalidator.OneOf(migrationapi.Formats...)},
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.UseStateForUnknown(),
					stringplanmodifier.RequiresReplaceIfConfigured(),
				},
			},
			"request_id": requestIDAttribute("data file"),
			"upload_file_info": schema.SingleNestedAttribute{
				Computed: true,
				Description: "Where and how to upload the file's content: a PUT of the content to `signed_uri` with " +
					"exactly `headers`, before `uri_expiration_time` (one hour after creation). The address does not " +
					"change on refresh; to get a new one, replace the data file.",
				PlanModifiers: []planmodifier.Object{objectplanmodifier.UseStateForUnknown()},
				Attributes: map[string]schema.Attribute{
					"headers": schema.MapAttribute{
						ElementType: types.StringType,
						Computed:    true,
						Description: "Headers the address is signed with, which the upload must send: `Content-Type` and " +
							"`x-cloudnative-content-length-range` (the accepted size, `min,max` bytes).",
					},
					"signed_uri": schema.StringAttribute{
						Computed:    true,
						Sensitive:   true,
						Description: "The signed upload address. Sensitive: anyone holding it can upload until it expires.",
					},
					"uri_expiration_time": schema.StringAttribute{
						Computed:    true,
						Description: "When the address expires (RFC 3339).",
					},
				},
			},
			"create_time": schema.StringAttribute{
				Computed:      true,
				Description:   "When the data file was created (RFC 3339).",
				PlanModifiers: stable,
			},
			"state": schema.StringAttribute{
				Computed: true,
				Description: "State of the data file: `CREATING` until its create operation finishes, then `ACTIVE`. " +
					"While it is `CREATING` in state (a create that outlived its timeout), every plan shows an " +
					"in-place update that waits for it.",
				PlanModifiers: stable,
			},
		},
	}
}

func (r *importDataFileResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if r.PD != nil {
		planDefaults(ctx, req, resp, append(defaultedArguments(r.PD),
			defaulted{"import_job_id", r.PD.importJobID, EnvImportJobID}))
	}
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	// A data file still CREATING in state (its create outlived
	// operation_timeout): plan the update that waits for it, and the values
	// the end of the create settles as unknown.
	var state types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("state"), &state)...)
	if state.ValueString() == migrationapi.FileStateCreating {
		// upload_file_info is an object of unknowns rather than an unknown
		// object, so that the plan still marks signed_uri sensitive.
		info, d := types.ObjectValue(uploadFileInfoTypes, map[string]attr.Value{
			"headers":             types.MapUnknown(types.StringType),
			"signed_uri":          types.StringUnknown(),
			"uri_expiration_time": types.StringUnknown(),
		})
		resp.Diagnostics.Append(d...)
		planResume(ctx, resp, map[string]attr.Value{
			"state":            types.StringUnknown(),
			"create_time":      types.StringUnknown(),
			"upload_file_info": info,
		})
	}
}

func (m *importDataFileModel) jobName() string {
	return migrationapi.ImportJobName(m.Project.ValueString(), m.Location.ValueString(), m.ImportJobID.ValueString())
}

func (r *importDataFileResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	ctx = r.PD.logContext(ctx)
	var plan importDataFileModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// Generated once, here, and sent unchanged by every retry of this create.
	requestID := requestIDFor(plan.RequestID)
	job := plan.jobName()
	id := plan.ImportDataFileID.ValueString()
	name := job + "/importDataFiles/" + id
	in := migrationapi.ImportDataFile{DisplayName: plan.DisplayName.ValueString(), Format: plan.Format.ValueString()}
	tflog.Info(ctx, "creating import data file", map[string]any{"import_job": job, "import_data_file_id": id, "request_id": requestID})
	op, err := r.PD.client.CreateImportDataFile(ctx, job, id, in, requestID)
	if err != nil {
		addCreateError(err, "import data file", "A data file", name, &resp.Diagnostics)
		return
	}

	// The data file exists from here on: keep it in state whatever happens
	// next. A wait that runs out leaves it CREATING with a warning (the next
	// apply resumes the wait in Update); a failed operation is an error,
	// which taints it, so the next apply replaces it.
	plan.ID = types.StringValue(name)
	plan.Name = types.StringValue(name)
	plan.RequestID = types.StringValue(requestID)
	if plan.Format.IsUnknown() {
		plan.Format = types.StringValue(migrationapi.FormatUnspecified)
	}
	plan.UploadFileInfo = types.ObjectNull(uploadFileInfoTypes)
	plan.CreateTime = types.StringNull()
	plan.State = types.StringValue(migrationapi.FileStateCreating)

	if done, w := awaitCreate(ctx, r.PD, op, "import data file", name, r.PD.timeout(ctx, plan.Timeouts.Create, &resp.Diagnostics), &resp.Diagnostics); w == createDone {
		f, err := client.OperationResponse[migrationapi.ImportDataFile](done)
		if err != nil {
			resp.Diagnostics.AddError("Could not read the created import data file "+name, framework.ErrorDetail(err))
		} else {
			resp.Diagnostics.Append(plan.fromAPI(ctx, f)...)
		}
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *importDataFileResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	ctx = r.PD.logContext(ctx)
	var state importDataFileModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	f, err := r.PD.client.GetImportDataFile(ctx, state.ID.ValueString())
	if !readFound(ctx, err, f.State == migrationapi.FileStateDeleting, "import data file", state.ID.ValueString(), resp) {
		return
	}
	resp.Diagnostics.Append(state.fromAPI(ctx, f)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Update is planned for a data file still CREATING in state (see
// ModifyPlan), and for a new request_id (set after an import, say): every
// other argument requires replacement, and the service has no update
// method. It sends nothing. For a CREATING data file it waits until the
// data file is ACTIVE and stores what the service reports; otherwise it only
// stores the plan.
func (r *importDataFileResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	ctx = r.PD.logContext(ctx)
	var plan, state importDataFileModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	name := state.ID.ValueString()
	if state.State.ValueString() != migrationapi.FileStateCreating {
		// Only request_id changed (any other change replaces the data
		// file): it is the key of a create that is over, so just record it.
		tflog.Info(ctx, "recording the request_id of import data file; nothing to send", map[string]any{"name": name})
		state.RequestID, state.Timeouts = plan.RequestID, plan.Timeouts
		resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
		return
	}
	tflog.Info(ctx, "waiting for import data file to be created", map[string]any{"name": name, "state": state.State.ValueString()})
	f, ok := r.awaitActive(ctx, name, r.PD.timeout(ctx, plan.Timeouts.Update, &resp.Diagnostics), &resp.Diagnostics)
	if !ok {
		// The prior state stays.
		return
	}
	resp.Diagnostics.Append(plan.fromAPI(ctx, f)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// awaitActive polls a data file until it is ACTIVE, for at most limit, and
// returns the last one read. Running out
// of time is a warning (ok, and the file is still CREATING); a file that is
// gone, being deleted or cannot be read is an error (not ok).
func (r *importDataFileResource) awaitActive(ctx context.Context, name string, limit time.Duration, diags *diag.Diagnostics) (migrationapi.ImportDataFile, bool) {
	var last migrationapi.ImportDataFile
	err := wait.Until(ctx, limit, wait.DefaultBackoff, func(ctx context.Context) (bool, error) {
		f, err := r.PD.client.GetImportDataFile(ctx, name)
		if err != nil {
			return false, err
		}
		last = f
		switch f.State {
		case migrationapi.FileStateActive:
			return true, nil
		case migrationapi.FileStateDeleting:
			return false, errors.New("it is being deleted")
		}
		return false, nil
	})
	switch {
	case err == nil:
		return last, true
	case errors.Is(err, wait.ErrTimeout):
		warnStillCreating("import data file", name, fmt.Sprintf("It was still %s", last.State), limit, diags)
		return last, true
	case client.IsNotFound(err):
		diags.AddError("Could not create import data file "+name,
			"The data file no longer exists: its create operation failed, or it was deleted. The next plan creates it again.")
	default:
		diags.AddError("Could not wait for import data file "+name, apiErrorDetail(err))
	}
	return last, false
}

func (r *importDataFileResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	deleteAndAwait(ctx, r.PD, req.State, "import data file", func(ctx context.Context, name string) (migrationapi.Operation, error) {
		return r.PD.client.DeleteImportDataFile(ctx, name, client.NewRequestID())
	}, &resp.Diagnostics)
}

func (r *importDataFileResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	project, location, job, file, err := migrationapi.ParseImportDataFileName(req.ID)
	importByFullName(ctx, req, resp, "an import data file",
		"projects/{project}/locations/{location}/importJobs/{import_job_id}/importDataFiles/{import_data_file_id}", err,
		map[string]string{"project": project, "location": location, "import_job_id": job, "import_data_file_id": file})
}

// fromAPI copies what the service reports into the model; request_id is
// kept, as the service does not return it.
func (m *importDataFileModel) fromAPI(ctx context.Context, f migrationapi.ImportDataFile) diag.Diagnostics {
	var diags diag.Diagnostics
	project, location, job, file, err := migrationapi.ParseImportDataFileName(f.Name)
	if err != nil {
		diags.AddError("Could not read the migration API's answer",
			fmt.Sprintf("The service named the import data file %q, not projects/{project}/locations/{location}/importJobs/{import_job_id}/importDataFiles/{import_data_file_id}: %v", f.Name, err))
		return diags
	}
	m.ID = types.StringValue(f.Name)
	m.Name = types.StringValue(f.Name)
	m.Project = types.StringValue(project)
	m.Location = types.StringValue(location)
	m.ImportJobID = types.StringValue(job)
	m.ImportDataFileID = types.StringValue(file)
	m.DisplayName = values.StringOrNull(f.DisplayName)
	m.Format = types.StringValue(f.Format)
	if f.Format == "" {
		m.Format = types.StringValue(migrationapi.FormatUnspecified)
	}
	m.CreateTime = values.StringOrNull(f.CreateTime)
	m.State = types.StringValue(f.State)
	if m.RequestID.IsUnknown() {
		m.RequestID = types.StringNull()
	}
	m.UploadFileInfo = types.ObjectNull(uploadFileInfoTypes)
	if info := f.UploadFileInfo; info != nil {
		headers, d := values.StringMap(ctx, info.Headers, false)
		diags.Append(d...)
		obj, d := types.ObjectValue(uploadFileInfoTypes, map[string]attr.Value{
			"headers":             headers,
			"signed_uri":          types.StringValue(info.SignedURI),
			"uri_expiration_time": types.StringValue(info.URIExpirationTime),
		})
		diags.Append(d...)
		m.UploadFileInfo = obj
	}
	return diags
}

// Identity is the segments of the full name, the import ID.
func (r *importDataFileResource) Identity() framework.Identity {
	return framework.Identity{
		Attributes: []framework.IdentityAttribute{
			nameSegment("project", "Project of the import job"),
			nameSegment("location", "Location of the import job"),
			nameSegment("import_job_id", "ID of the import job the data file belongs to"),
			nameSegment("import_data_file_id", "ID of the import data file"),
		},
		ImportID: func(v []string) string { return migrationapi.ImportDataFileName(v[0], v[1], v[2], v[3]) },
	}
}
