package orch

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

// privateImported marks a state that ImportState just made, so that the
// first Read fills what only an import lacks.
const privateImported = "imported"

var (
	_ resource.ResourceWithImportState    = (*modelResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*modelResource)(nil)
	_ resource.ResourceWithValidateConfig = (*modelResource)(nil)
)

// NewModelResource is the orch_model resource.
func NewModelResource() resource.Resource { return &modelResource{resourceBase{Name: "model"}} }

type modelResource struct{ resourceBase }

type modelModel struct {
	Timeouts         timeouts.Value   `tfsdk:"timeouts"`
	ID               types.String     `tfsdk:"id"`
	UUID             types.String     `tfsdk:"uuid"`
	Name             types.String     `tfsdk:"name"`
	Cloud            []modelCloud     `tfsdk:"cloud"`
	Config           types.Map        `tfsdk:"config"`
	Constraints      constraintsValue `tfsdk:"constraints"`
	Credential       types.String     `tfsdk:"credential"`
	Annotations      types.Map        `tfsdk:"annotations"`
	TargetController types.String     `tfsdk:"target_controller"`
	Type             types.String     `tfsdk:"type"`
	Owner            types.String     `tfsdk:"owner"`
	AgentVersion     types.String     `tfsdk:"agent_version"`
	SecretBackend    types.String     `tfsdk:"secret_backend"`
}

type modelCloud struct {
	Name   types.String `tfsdk:"name"`
	Region types.String `tfsdk:"region"`
}

func (r *modelResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A model on the controller: a workspace of machines and applications on one cloud and region. " +
			"Import it with its UUID. Entries of `config` and the `cloud` block are not imported (defaults are never imported; a configuration without the block plans no change, one with it records it): after " +
			"an import, add the desired `config` and apply; that apply changes nothing on the controller and from " +
			"then on the configuration is tracked.",
		Attributes: map[string]schema.Attribute{
			"id": idAttribute("<model_uuid>"),
			"uuid": schema.StringAttribute{
				Computed:      true,
				Description:   "UUID of the model, set by the controller.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"name": schema.StringAttribute{
				Required:      true,
				Description:   "Name of the model, unique per owner. Changing it replaces the model.",
				Validators:    []validator.String{stringvalidator.RegexMatches(modelNamePattern, "must be lower-case letters, digits and hyphens, starting with a letter or digit")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"config": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "Model configuration that overrides the defaults, such as `logging-config` or " +
					"`update-status-hook-interval`. Removing a key, or setting it to `null`, resets it to its default. Not imported.",
			},
			"constraints": schema.StringAttribute{
				CustomType:    constraintsType{},
				Optional:      true,
				Description:   "Constraints of the model's machines. " + constraintsDescription,
				Validators:    []validator.String{constraintsValidator},
				PlanModifiers: []planmodifier.String{keepEquivalentConstraints{}},
			},
			"credential": schema.StringAttribute{
				Optional:      true,
				Computed:      true,
				Description:   "Name of the cloud credential the model uses. Defaults to the cloud's default credential. Can be changed in place.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"secret_backend": schema.StringAttribute{
				Optional: true,
				Description: "Secret backend of the model's secrets: `auto`, `internal` or the name of an `orch_secret_backend` " +
					"(upstream's attribute; it sets the model's `secret-backend` configuration key, which `config` then must " +
					"not set). Removing it resets the key to its default.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"annotations": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "Annotations of the model, key/value pairs for other tools.",
			},
			"target_controller": schema.StringAttribute{
				Optional: true,
				Description: "Hub mode only: the name (or UUID) of the registered controller that backs the model. If " +
					"unset, the hub uses a random available controller that has the cloud. Changing it from one " +
					"controller to another replaces the model; setting it on an imported model only records it.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplaceIf(targetControllerChanged,
					"Moving the model to another controller replaces it.", "Moving the model to another controller replaces it.")},
			},
			"type": schema.StringAttribute{
				Computed:      true,
				Description:   "Type of the model, `iaas` (machines) or `caas` (container cluster), from the cloud's type.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"owner": schema.StringAttribute{
				Computed:      true,
				Description:   "User that created the model.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"agent_version": schema.StringAttribute{
				Computed:    true,
				Description: "Agent version the model runs.",
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.UseStateForUnknown(),
				},
			},
		},
		Blocks: map[string]schema.Block{
			"timeouts": removalWaits("model").Block(ctx),
			"cloud": schema.ListNestedBlock{
				Description: "Cloud and region of the model; at most one. Defaults to the controller's default " +
					"cloud and that cloud's default region. Changing it replaces the model.",
				Validators: []validator.List{listvalidator.SizeAtMost(1)},
				PlanModifiers: []planmodifier.List{listplanmodifier.RequiresReplaceIf(cloudChanged,
					"Changing the cloud or region replaces the model; leaving the block out keeps the model where it is.",
					"Changing the cloud or region replaces the model; leaving the block out keeps the model where it is.")},
				NestedObject: schema.NestedBlockObject{Attributes: map[string]schema.Attribute{
					"name": schema.StringAttribute{
						Required:    true,
						Description: "Name of the cloud.",
					},
					"region": schema.StringAttribute{
						Optional:      true,
						Computed:      true,
						Description:   "Region of the cloud; defaults to the cloud's first region.",
						PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
					},
				}},
			},
		},
	}
}

// ValidateConfig refuses secret_backend together with the secret-backend key
// of config, with upstream's words: which one wins would be ambiguous.
func (r *modelResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var backend types.String
	var cfg types.Map
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("secret_backend"), &backend)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("config"), &cfg)...)
	if resp.Diagnostics.HasError() || backend.IsNull() || cfg.IsNull() || cfg.IsUnknown() {
		return
	}
	if _, ok := cfg.Elements()[api.ModelConfigSecretBackend]; ok {
		resp.Diagnostics.AddAttributeError(path.Root("secret_backend"), "Conflicting secret backend configuration",
			"The secret backend must not be set both via the secret_backend attribute and the \"secret-backend\" key in "+
				"the config block. Use the secret_backend attribute instead.")
	}
}

// ModifyPlan refuses target_controller in direct mode, at plan time.
func (r *modelResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if r.PD == nil || r.PD.hub != nil || req.Plan.Raw.IsNull() {
		return
	}
	var target types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("target_controller"), &target)...)
	if !target.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("target_controller"), "target_controller needs hub mode",
			"The following field(s) can only be set when using JAAS (upstream's words for hub mode): [target_controller]. "+
				"target_controller chooses the controller of a model in hub mode (client_id and client_secret); in "+
				"direct mode the model is created on the controller the provider connects to. Remove target_controller.")
	}
}

// checkRecordedController refuses to record a target_controller (on a model
// created without one, or imported) that is not the model's controller.
func (r *modelResource) checkRecordedController(ctx context.Context, m api.Model, target string) diag.Diagnostics {
	var diags diag.Diagnostics
	controllers, err := r.PD.hub.Controllers(ctx)
	if err != nil {
		diags.AddError("Could not read the hub's controllers", framework.ErrorDetail(err))
		return diags
	}
	for _, c := range controllers {
		if c.UUID == m.ControllerUUID {
			if c.Name != target && c.UUID != target {
				diags.AddAttributeError(path.Root("target_controller"), "The model is on another controller",
					fmt.Sprintf("The model %s is on the controller %s, not %s. Set target_controller = %q, or remove the "+
						"model from state and let Terraform create it on %s.", m.Name, c.Name, target, c.Name, target))
			}
			return diags
		}
	}
	return diags
}

// targetControllerChanged replaces a model that the configuration moves
// from one controller to another; naming the controller of a model that
// had none in state (created without it, or imported) changes nothing.
func targetControllerChanged(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.StateValue.IsNull() && !req.PlanValue.IsNull() && !req.PlanValue.Equal(req.StateValue)
}

// toAPI is the model the plan asks for.
func (m modelModel) toAPI(ctx context.Context) (api.CreateModelRequest, error) {
	spec := api.CreateModelRequest{Name: m.Name.ValueString(), Credential: m.Credential.ValueString(),
		TargetController: m.TargetController.ValueString()}
	if !m.Constraints.IsUnknown() {
		spec.Constraints = m.Constraints.ValueString()
	}
	if len(m.Cloud) == 1 {
		spec.Cloud = m.Cloud[0].Name.ValueString()
		spec.Region = m.Cloud[0].Region.ValueString()
	}
	// A null value unsets the key (upstream's rule); on create there is
	// nothing to unset.
	cfg, _, d := values.GoStringMapUnset(ctx, m.Config)
	if d.HasError() {
		return spec, fmt.Errorf("config: %v", d)
	}
	if !m.SecretBackend.IsNull() && !m.SecretBackend.IsUnknown() {
		if cfg == nil {
			cfg = map[string]string{}
		}
		cfg[api.ModelConfigSecretBackend] = m.SecretBackend.ValueString()
	}
	spec.Config = cfg
	ann, d := values.GoStringMap(ctx, m.Annotations)
	if d.HasError() {
		return spec, fmt.Errorf("annotations: %v", d)
	}
	spec.Annotations = ann
	return spec, nil
}

// fromAPI sets the state from the controller's model. Only the config keys
// already tracked in state are read back, so that defaults and keys set
// outside Terraform are never imported.
//
// The cloud block is read back when the configuration has it; an import
// leaves it out (see Read).
func (m *modelModel) fromAPI(ctx context.Context, got api.Model) {
	m.ID = types.StringValue(got.UUID)
	m.UUID = types.StringValue(got.UUID)
	m.Name = types.StringValue(got.Name)
	m.Type = types.StringValue(got.Type)
	m.Owner = types.StringValue(got.Owner)
	m.Credential = types.StringValue(credentialName(m.Credential, got.Credential))
	m.AgentVersion = types.StringValue(got.AgentVersion)
	if got.Constraints == "" && m.Constraints.IsNull() {
		m.Constraints = constraintsNull()
	} else {
		m.Constraints = constraintsOf(got.Constraints)
	}
	if len(m.Cloud) > 0 {
		m.Cloud = []modelCloud{{Name: types.StringValue(got.Cloud), Region: types.StringValue(got.Region)}}
	}
	if !m.Config.IsNull() && !m.Config.IsUnknown() {
		tracked, unset, _ := values.GoStringMapUnset(ctx, m.Config)
		kept := map[string]string{}
		for k := range maps.Keys(tracked) {
			if v, ok := got.Config[k]; ok {
				kept[k] = v
			}
		}
		// A key the configuration unsets with null stays null in state.
		m.Config, _ = values.StringMapUnset(ctx, kept, unset)
	}
	m.Annotations, _ = values.StringMap(ctx, got.Annotations, m.Annotations.IsNull())
	// secret_backend is read back while the configuration has it (as the
	// config keys: not imported)
	if !m.SecretBackend.IsNull() {
		if v, ok := got.Config[api.ModelConfigSecretBackend]; ok {
			m.SecretBackend = types.StringValue(v)
		} else {
			m.SecretBackend = types.StringNull()
		}
	}
}

func (r *modelResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan modelModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	spec, err := plan.toAPI(ctx)
	if err != nil {
		resp.Diagnostics.AddError("Invalid model", fmt.Sprintf("The model's config and annotations must be maps of known strings: %v.", err))
		return
	}
	got, err := r.PD.client.CreateModel(ctx, spec)
	if err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not create model %s", spec.Name), framework.ErrorDetail(err))
		return
	}
	if plan.Config.IsNull() {
		plan.Config = types.MapNull(types.StringType)
	}
	plan.fromAPI(ctx, got)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *modelResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state modelModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	got, err := r.PD.client.Model(ctx, state.ID.ValueString())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read model "+state.ID.ValueString(), framework.ErrorDetail(err))
		return
	}
	imported, d := req.Private.GetKey(ctx, privateImported)
	resp.Diagnostics.Append(d...)
	state.fromAPI(ctx, got)
	if len(imported) > 0 {
		// The cloud is not imported into state, so that a configuration
		// without the block (upstream #386) plans no change; it is kept
		// aside so that a configuration naming another cloud still
		// replaces the model.
		where, _ := json.Marshal(importedCloud{Name: got.Cloud, Region: got.Region})
		resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateImportedCloud, where)...)
	}
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateImported, nil)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *modelResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan, state modelModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	want, err := plan.toAPI(ctx)
	if err != nil {
		resp.Diagnostics.AddError("Invalid model", fmt.Sprintf("The model's config and annotations must be maps of known strings: %v.", err))
		return
	}
	current, err := r.PD.client.Model(ctx, state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("Could not read model "+state.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	if r.PD.hub != nil && state.TargetController.IsNull() && !plan.TargetController.IsNull() {
		resp.Diagnostics.Append(r.checkRecordedController(ctx, current, plan.TargetController.ValueString())...)
		if resp.Diagnostics.HasError() {
			return
		}
	}
	// The controller takes the whole set of keys that stay set. Keys that
	// left the configuration go back to their defaults; keys Terraform never
	// tracked (set outside it, or before an import) stay as they are.
	// A key the plan sets to null is unset as well, tracked before or not.
	had, hadUnset, _ := values.GoStringMapUnset(ctx, state.Config)
	_, unset, _ := values.GoStringMapUnset(ctx, plan.Config)
	cfg := map[string]string{}
	for k, v := range current.Config {
		if _, tracked := had[k]; !tracked && !slices.Contains(hadUnset, k) && !slices.Contains(unset, k) {
			cfg[k] = v
		}
	}
	maps.Copy(cfg, want.Config)
	if !state.SecretBackend.IsNull() && plan.SecretBackend.IsNull() {
		// secret_backend left the configuration: the key goes back to its
		// default
		delete(cfg, api.ModelConfigSecretBackend)
	}
	ann := want.Annotations
	if ann == nil {
		ann = map[string]string{}
	}
	upd := api.UpdateModelRequest{Config: &cfg, Annotations: &ann, Constraints: &want.Constraints}
	if !plan.Credential.IsUnknown() && plan.Credential.ValueString() != credentialName(plan.Credential, current.Credential) {
		upd.Credential = &want.Credential
	}
	got, err := r.PD.client.UpdateModel(ctx, state.ID.ValueString(), upd)
	if err != nil {
		resp.Diagnostics.AddError("Could not update model "+state.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	plan.fromAPI(ctx, got)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *modelResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state modelModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	ctx, cancel := removalContext(ctx, state.Timeouts, &resp.Diagnostics)
	defer cancel()
	err := r.PD.client.DestroyModel(ctx, state.ID.ValueString())
	if err != nil && !client.IsNotFound(err) {
		deleteFailed(r.PD, "model "+state.Name.ValueString(), err, &resp.Diagnostics)
	}
}

func (r *modelResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if _, ok := importParts(req.ID, "<model_uuid>", "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e", 1, 1, uuidFirst, &resp.Diagnostics); !ok {
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	// The uuid is the identity: set now, so that a model that is gone (or
	// not the caller's) still has one when Read removes it, and the import
	// ends in "non-existent remote object".
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("uuid"), req.ID)...)
	// config stays null: entries are not imported (see the resource's description).
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateImported, []byte(`true`))...)
}

// privateImportedCloud holds the cloud and region of an imported model,
// which its state leaves out.
const privateImportedCloud = "imported_cloud"

type importedCloud struct {
	Name   string `json:"name"`
	Region string `json:"region"`
}

// cloudChanged replaces the model when the configuration names another
// cloud or region than the model's. A configuration without the block keeps
// the model (the block was the default when the model was created, or the
// model was imported), and the next apply only forgets the block in state.
// An imported model has no block in state: the configuration's block is
// checked against the cloud the import saw.
func cloudChanged(ctx context.Context, req planmodifier.ListRequest, resp *listplanmodifier.RequiresReplaceIfFuncResponse) {
	if req.ConfigValue.IsNull() || len(req.ConfigValue.Elements()) == 0 {
		return
	}
	var planned, prior []modelCloud
	if req.StateValue.IsNull() || len(req.StateValue.Elements()) == 0 {
		raw, d := req.Private.GetKey(ctx, privateImportedCloud)
		resp.Diagnostics.Append(d...)
		var where importedCloud
		if len(raw) == 0 || json.Unmarshal(raw, &where) != nil {
			return
		}
		prior = []modelCloud{{Name: types.StringValue(where.Name), Region: types.StringValue(where.Region)}}
	} else {
		resp.Diagnostics.Append(req.StateValue.ElementsAs(ctx, &prior, false)...)
	}
	resp.Diagnostics.Append(req.PlanValue.ElementsAs(ctx, &planned, false)...)
	if resp.Diagnostics.HasError() || len(planned) != 1 || len(prior) != 1 {
		return
	}
	if !planned[0].Name.Equal(prior[0].Name) {
		resp.RequiresReplace = true
	}
	if !planned[0].Region.IsUnknown() && !planned[0].Region.Equal(prior[0].Region) {
		resp.RequiresReplace = true
	}
}

// credentialName is the controller's "<cloud>/<owner>/<name>" as the
// configuration spells it: the full form when it was given so, else the name.
func credentialName(configured types.String, full string) string {
	if strings.Count(configured.ValueString(), "/") == 2 {
		return full
	}
	if i := strings.LastIndex(full, "/"); i >= 0 {
		return full[i+1:]
	}
	return full
}

// Identity is the model's UUID, its import ID.
func (r *modelResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{{
		Name: "uuid", Description: "UUID of the model.",
		Shape: "a model UUID (such as 0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e)", Valid: uuidPattern.MatchString,
	}}}
}
