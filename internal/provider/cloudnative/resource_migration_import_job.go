package cloudnative

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	migrationapi "github.com/iacsuite/providers/internal/api/migration"
	client "github.com/iacsuite/providers/internal/client/migration"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

var (
	_ resource.ResourceWithConfigure   = (*importJobResource)(nil)
	_ resource.ResourceWithImportState = (*importJobResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*importJobResource)(nil)
)

var (
	labelKeyRegexp   = regexp.MustCompile(`^[a-z][a-z0-9_-]{0,62}$`)
	labelValueRegexp = regexp.MustCompile(`^[a-z0-9_-]{0,63}$`)
	assetSourceRegex = regexp.MustCompile(`^projects/[a-z]([a-z0-9-]{0,61}[a-z0-9])?/locations/[a-z]([a-z0-9-]{0,61}[a-z0-9])?/sources/[a-z]([a-z0-9-]{0,61}[a-z0-9])?$`)
)

// NewMigrationImportJobResource is the cloudnative_migration_import_job
// resource (Pulumi cloudnative:migration/v1alpha1:ImportJob): the parent of
// import data files.
func NewMigrationImportJobResource() resource.Resource {
	return &importJobResource{framework.ResourceBase[providerData]{Name: "migration_import_job"}}
}

type importJobResource struct {
	framework.ResourceBase[providerData]
}

type importJobModel struct {
	ID          types.String   `tfsdk:"id"`
	Name        types.String   `tfsdk:"name"`
	ImportJobID types.String   `tfsdk:"import_job_id"`
	Project     types.String   `tfsdk:"project"`
	Location    types.String   `tfsdk:"location"`
	DisplayName types.String   `tfsdk:"display_name"`
	Labels      types.Map      `tfsdk:"labels"`
	AssetSource types.String   `tfsdk:"asset_source"`
	RequestID   types.String   `tfsdk:"request_id"`
	State       types.String   `tfsdk:"state"`
	CreateTime  types.String   `tfsdk:"create_time"`
	UpdateTime  types.String   `tfsdk:"update_time"`
	Timeouts    timeouts.Value `tfsdk:"timeouts"`
}

func (r *importJobResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	stable := []planmodifier.String{stringplanmodifier.UseStateForUnknown()}
	resp.Schema = schema.Schema{
		DeprecationMessage: previewDeprecation,
		Description: "An import job of the migration service (API v1alpha1, a preview): the parent that import data " +
			"files are created in. `display_name` and `labels` change in place (and `request_id`, which only the create uses); any other change replaces the job. " +
			"The service refuses to delete a job that still holds data files, so destroy its " +
			"`cloudnative_migration_import_data_file` resources first (Terraform does when they reference the job). " +
			"A create that outlives `timeouts.create` (default the provider's `operation_timeout`) ends with a warning and keeps the job in " +
			"state; the next apply then plans an in-place update that waits for the create to finish. " +
			"Import it by its full name, `projects/{project}/locations/{location}/importJobs/{import_job_id}`.",
		Attributes: map[string]schema.Attribute{
			"timeouts": operationWaits("import job", "the operation that updates the import job, and for a create that outlived the last apply").Attribute(ctx),
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The full name of the import job, as `name`.",
				PlanModifiers: stable,
			},
			"name": schema.StringAttribute{
				Computed:      true,
				Description:   "Full name of the import job: `projects/{project}/locations/{location}/importJobs/{import_job_id}`.",
				PlanModifiers: stable,
			},
			"import_job_id": schema.StringAttribute{
				Required: true,
				Description: "ID of the new import job, the last segment of its name: 1 to 63 lowercase letters, digits " +
					"and hyphens, starting with a letter and not ending with a hyphen. Changing it replaces the job.",
				Validators:    []validator.String{idValidator()},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"project":  projectAttribute("import job"),
			"location": locationAttribute("import job"),
			"display_name": schema.StringAttribute{
				Optional:    true,
				Description: "User-friendly name, at most 256 characters. Changes in place.",
				Validators:  []validator.String{stringvalidator.UTF8LengthAtMost(migrationapi.MaxDisplayNameLength)},
			},
			"labels": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "Labels: keys of 1 to 63 lowercase letters, digits, `_` and `-` starting with a letter; " +
					"values of at most 63 of the same. At most 64. Changes in place.",
				Validators: []validator.Map{
					mapvalidator.SizeBetween(1, 64),
					mapvalidator.KeysAre(stringvalidator.RegexMatches(labelKeyRegexp,
						"must be 1 to 63 lowercase letters, digits, _ and -, starting with a letter")),
					mapvalidator.ValueStringsAre(stringvalidator.RegexMatches(labelValueRegexp,
						"must be at most 63 lowercase letters, digits, _ and -")),
				},
			},
			"asset_source": schema.StringAttribute{
				Optional: true,
				Description: "Source the imported assets are attributed to, " +
					"`projects/{project}/locations/{location}/sources/{source}`, in the job's project and location. " +
					"Changing it replaces the job.",
				Validators: []validator.String{stringvalidator.RegexMatches(assetSourceRegex,
					"must be projects/{project}/locations/{location}/sources/{source}")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"request_id": requestIDAttribute("import job"),
			"state": schema.StringAttribute{
				Computed: true,
				Description: "State of the job; `IMPORT_JOB_STATE_PENDING` while it accepts data files. Null after a " +
					"create that outlived its timeout, until the job is read again.",
				PlanModifiers: stable,
			},
			"create_time": schema.StringAttribute{
				Computed:      true,
				Description:   "When the job was created (RFC 3339).",
				PlanModifiers: stable,
			},
			"update_time": schema.StringAttribute{
				Computed:    true,
				Description: "When the job was last changed (RFC 3339).",
			},
		},
	}
}

func (r *importJobResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if r.PD != nil {
		planDefaults(ctx, req, resp, defaultedArguments(r.PD))
	}
	if req.Plan.Raw.IsNull() {
		return
	}
	// A job whose create operation had not finished when the last apply
	// stopped waiting: plan the update that waits for it, and the values the
	// end of the create settles as unknown.
	if !req.State.Raw.IsNull() && pendingCreate(ctx, req.Private, &resp.Diagnostics) != "" {
		planResume(ctx, resp, map[string]attr.Value{
			"state":       types.StringUnknown(),
			"create_time": types.StringUnknown(),
			"update_time": types.StringUnknown(),
		})
	}
	// The source must be in the job's own project and location. The three
	// values are read alone: Get of the whole model converts every
	// attribute, 42 KB of allocations against 6 KB (docs/performance.md 19).
	var source, project, location types.String
	resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root("asset_source"), &source)...)
	resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root("project"), &project)...)
	resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root("location"), &location)...)
	src := source.ValueString()
	if resp.Diagnostics.HasError() || src == "" || source.IsUnknown() || project.IsUnknown() || location.IsUnknown() {
		return
	}
	loc := migrationapi.LocationName(project.ValueString(), location.ValueString())
	if !assetSourceRegex.MatchString(src) || len(src) <= len(loc) || src[:len(loc)+1] != loc+"/" {
		resp.Diagnostics.AddAttributeError(path.Root("asset_source"), "Invalid asset_source",
			fmt.Sprintf("asset_source must be a source in the job's project and location, %s/sources/{source}; got %q.", loc, src))
	}
}

func (r *importJobResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	ctx = r.PD.logContext(ctx)
	var plan importJobModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	labels, d := values.GoStringMap(ctx, plan.Labels)
	resp.Diagnostics.Append(d...)
	requestID := requestIDFor(plan.RequestID)
	loc := migrationapi.LocationName(plan.Project.ValueString(), plan.Location.ValueString())
	id := plan.ImportJobID.ValueString()
	name := loc + "/importJobs/" + id
	in := migrationapi.ImportJob{DisplayName: plan.DisplayName.ValueString(), Labels: labels, AssetSource: plan.AssetSource.ValueString()}
	tflog.Info(ctx, "creating import job", map[string]any{"location": loc, "import_job_id": id, "request_id": requestID})
	op, err := r.PD.client.CreateImportJob(ctx, loc, id, in, requestID)
	if err != nil {
		addCreateError(err, "import job", "An import job", name, &resp.Diagnostics)
		return
	}
	// Kept in state from here on. A wait that runs out keeps it with a
	// warning and remembers the operation in private state, so the next
	// apply resumes the wait in Update; a failed operation is an error, which
	// taints the job, so the next apply replaces it.
	plan.ID = types.StringValue(name)
	plan.Name = types.StringValue(name)
	plan.RequestID = types.StringValue(requestID)
	plan.State = types.StringNull()
	plan.CreateTime = types.StringNull()
	plan.UpdateTime = types.StringNull()
	switch done, w := awaitCreate(ctx, r.PD, op, "import job", name, r.PD.timeout(ctx, plan.Timeouts.Create, &resp.Diagnostics), &resp.Diagnostics); w {
	case createDone:
		r.fromOperation(ctx, done, &plan, &resp.Diagnostics)
	case createPending:
		resp.Diagnostics.Append(setPendingCreate(ctx, resp.Private, op.Name)...)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// pendingCreateKey is the private state key of a job whose create operation
// had not finished when the provider stopped waiting; its value is the
// operation's name, as a JSON string. The service shows such a job like any
// other, so only the operation tells when its creation is over.
const pendingCreateKey = "pending_create_operation"

// privateState is what the request and response private states of the
// framework have in common.
type privateState interface {
	GetKey(ctx context.Context, key string) ([]byte, diag.Diagnostics)
}

// pendingCreate returns the name of the job's unfinished create operation,
// or "" when there is none.
func pendingCreate(ctx context.Context, p privateState, diags *diag.Diagnostics) string {
	if p == nil {
		return ""
	}
	raw, d := p.GetKey(ctx, pendingCreateKey)
	diags.Append(d...)
	if len(raw) == 0 {
		return ""
	}
	var name string
	if err := json.Unmarshal(raw, &name); err != nil {
		diags.AddWarning("Unreadable private state", fmt.Sprintf("The pending create operation of the import job cannot be read (%s); it is ignored.", err))
		return ""
	}
	return name
}

// setPendingCreate remembers the unfinished create operation; "" forgets it.
func setPendingCreate(ctx context.Context, p interface {
	SetKey(context.Context, string, []byte) diag.Diagnostics
}, operation string) diag.Diagnostics {
	if operation == "" {
		return p.SetKey(ctx, pendingCreateKey, nil)
	}
	raw, _ := json.Marshal(operation)
	return p.SetKey(ctx, pendingCreateKey, raw)
}

func (r *importJobResource) fromOperation(ctx context.Context, op migrationapi.Operation, m *importJobModel, diags *diag.Diagnostics) {
	j, err := client.OperationResponse[migrationapi.ImportJob](op)
	if err != nil {
		diags.AddError("Could not read the import job of operation "+op.Name, framework.ErrorDetail(err))
		return
	}
	diags.Append(m.fromAPI(ctx, j)...)
}

func (r *importJobResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	ctx = r.PD.logContext(ctx)
	var state importJobModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	j, err := r.PD.client.GetImportJob(ctx, state.ID.ValueString())
	if !readFound(ctx, err, false, "import job", state.ID.ValueString(), resp) {
		return
	}
	// A create that outlived the last apply's wait: once its operation has
	// finished successfully there is nothing left to wait for. Otherwise the
	// mark stays, and the plan shows the update that waits (or reports the
	// failure).
	if opName := pendingCreate(ctx, req.Private, &resp.Diagnostics); opName != "" {
		op, err := r.PD.client.GetOperation(ctx, opName)
		switch {
		case err == nil && op.Done && op.Error == nil, client.IsNotFound(err):
			resp.Diagnostics.Append(setPendingCreate(ctx, resp.Private, "")...)
		case err != nil:
			tflog.Warn(ctx, "cannot read the pending create operation of the import job", map[string]any{"operation": opName, "error": err.Error()})
		}
	}
	resp.Diagnostics.Append(state.fromAPI(ctx, j)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *importJobResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	ctx = r.PD.logContext(ctx)
	var plan, state importJobModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var mask []string
	if !plan.DisplayName.Equal(state.DisplayName) {
		mask = append(mask, "displayName")
	}
	if !plan.Labels.Equal(state.Labels) {
		mask = append(mask, "labels")
	}
	name := state.ID.ValueString()
	plan.ID, plan.Name = state.ID, state.Name
	plan.State, plan.CreateTime, plan.UpdateTime = state.State, state.CreateTime, state.UpdateTime

	// First the create that outlived the last apply's wait, if any: wait for
	// it again. Running out of time again is again a warning, and the mark
	// stays for the next apply.
	if opName := pendingCreate(ctx, req.Private, &resp.Diagnostics); opName != "" {
		tflog.Info(ctx, "waiting for the import job to be created", map[string]any{"name": name, "operation": opName})
		switch done, w := awaitCreate(ctx, r.PD, migrationapi.Operation{Name: opName}, "import job", name, r.PD.timeout(ctx, plan.Timeouts.Update, &resp.Diagnostics), &resp.Diagnostics); w {
		case createFailed:
			return
		case createDone:
			resp.Diagnostics.Append(setPendingCreate(ctx, resp.Private, "")...)
			if j, err := client.OperationResponse[migrationapi.ImportJob](done); err == nil {
				plan.State = values.StringOrNull(j.State)
				plan.CreateTime = values.StringOrNull(j.CreateTime)
				plan.UpdateTime = values.StringOrNull(j.UpdateTime)
			}
		}
	}
	if len(mask) == 0 {
		// Only computed values changed; nothing to send.
		resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
		return
	}
	labels, d := values.GoStringMap(ctx, plan.Labels)
	resp.Diagnostics.Append(d...)
	op, err := r.PD.client.UpdateImportJob(ctx, migrationapi.ImportJob{Name: name, DisplayName: plan.DisplayName.ValueString(), Labels: labels}, mask, client.NewRequestID())
	if err != nil {
		resp.Diagnostics.AddError("Could not update import job "+name, apiErrorDetail(err))
		return
	}
	done, ok := awaitOperation(ctx, r.PD, op, "update of import job "+name, r.PD.timeout(ctx, plan.Timeouts.Update, &resp.Diagnostics), &resp.Diagnostics)
	if !ok {
		return
	}
	r.fromOperation(ctx, done, &plan, &resp.Diagnostics)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *importJobResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	deleteAndAwait(ctx, r.PD, req.State, "import job", func(ctx context.Context, name string) (migrationapi.Operation, error) {
		// Never forced: the job's data files are resources of their own.
		return r.PD.client.DeleteImportJob(ctx, name, client.NewRequestID(), false)
	}, &resp.Diagnostics)
}

func (r *importJobResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	project, location, job, err := migrationapi.ParseImportJobName(req.ID)
	importByFullName(ctx, req, resp, "an import job", "projects/{project}/locations/{location}/importJobs/{import_job_id}", err,
		map[string]string{"project": project, "location": location, "import_job_id": job})
}

// fromAPI copies what the service reports into the model; request_id is
// kept, as the service does not return it.
func (m *importJobModel) fromAPI(ctx context.Context, j migrationapi.ImportJob) diag.Diagnostics {
	var diags diag.Diagnostics
	project, location, id, err := migrationapi.ParseImportJobName(j.Name)
	if err != nil {
		diags.AddError("Could not read the migration API's answer",
			fmt.Sprintf("The service named the import job %q, not projects/{project}/locations/{location}/importJobs/{import_job_id}: %v", j.Name, err))
		return diags
	}
	m.ID = types.StringValue(j.Name)
	m.Name = types.StringValue(j.Name)
	m.Project = types.StringValue(project)
	m.Location = types.StringValue(location)
	m.ImportJobID = types.StringValue(id)
	m.DisplayName = values.StringOrNull(j.DisplayName)
	m.AssetSource = values.StringOrNull(j.AssetSource)
	labels, d := values.StringMap(ctx, j.Labels, true)
	diags.Append(d...)
	m.Labels = labels
	m.State = values.StringOrNull(j.State)
	m.CreateTime = values.StringOrNull(j.CreateTime)
	m.UpdateTime = values.StringOrNull(j.UpdateTime)
	if m.RequestID.IsUnknown() {
		m.RequestID = types.StringNull()
	}
	return diags
}

// Identity is the segments of the full name, the import ID.
func (r *importJobResource) Identity() framework.Identity {
	return framework.Identity{
		Attributes: []framework.IdentityAttribute{
			nameSegment("project", "Project of the import job"),
			nameSegment("location", "Location of the import job"),
			nameSegment("import_job_id", "ID of the import job"),
		},
		ImportID: func(v []string) string { return migrationapi.ImportJobName(v[0], v[1], v[2]) },
	}
}
