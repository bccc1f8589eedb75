package orch

import (
	"context"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

var (
	_ resource.ResourceWithImportState      = (*secretResource)(nil)
	_ resource.ResourceWithConfigValidators = (*secretResource)(nil)
)

// NewSecretResource is the orch_secret resource.
func NewSecretResource() resource.Resource { return &secretResource{resourceBase{Name: "secret"}} }

type secretResource struct{ resourceBase }

type secretModel struct {
	ID        types.String `tfsdk:"id"`
	ModelUUID types.String `tfsdk:"model_uuid"`
	Name      types.String `tfsdk:"name"`
	Value     types.Map    `tfsdk:"value"`
	// ValueWO is write-only: Terraform hands it over in the configuration of
	// an apply and keeps it in neither plan nor state, so it is always null
	// here but in req.Config. ValueWOVersion says when to send it again.
	ValueWO        types.Map    `tfsdk:"value_wo"`
	ValueWOVersion types.Int64  `tfsdk:"value_wo_version"`
	Info           types.String `tfsdk:"info"`
	SecretID       types.String `tfsdk:"secret_id"`
	SecretURI      types.String `tfsdk:"secret_uri"`
}

// secretContent is the secret's content: value, kept in the state, or
// value_wo with value_wo_version.
var secretContent = writeOnlyPair("value")

// writeOnly says whether the secret's content is given write-only: then the
// provider neither reads it back nor keeps it.
func (m secretModel) writeOnly() bool { return !m.ValueWOVersion.IsNull() }

var (
	secretNamePattern     = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)
	secretValueKeyPattern = regexp.MustCompile(`^[a-z](-?[a-z0-9]){2,}$`)
)

func (r *secretResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A user secret of a model. Grant applications access with `orch_access_secret`. A changed " +
			"value makes a new revision. The content is given either in `value`, kept in the state, or write-only in " +
			"`value_wo` with `value_wo_version` (Terraform 1.11 and newer), which never reaches the plan or the state. " +
			"Import it with `<model_uuid>:<name>` (or `<model_uuid>:<secret_id>`); an import reads the content into `value`, and the first apply of a " +
			"configuration with `value_wo` sends it and drops `value` from the state.",
		Attributes: map[string]schema.Attribute{
			"id":         idAttribute("<model_uuid>:<secret_id>"),
			"model_uuid": modelUUIDAttribute("secret"),
			"name": schema.StringAttribute{
				Optional:    true,
				Description: "Name of the secret, unique in the model; optional, as upstream's (a secret without one is known by its `secret_id`). Changes in place.",
				Validators:  []validator.String{stringvalidator.RegexMatches(secretNamePattern, "must be lower-case letters, digits, dots, underscores and hyphens, starting with a letter or digit")},
			},
			"value": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Sensitive:   true,
				Description: "Key/value content of the secret, kept in the state (sensitive). Keys are lower-case letters, " +
					"digits and single hyphens, at least 3 characters, starting with a letter; values are not empty. " +
					"Exactly one of `value` and `value_wo`; prefer `value_wo`, which never reaches the plan or the state.",
				Validators: secretValueValidators(),
			},
			"value_wo": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				WriteOnly:   true,
				Sensitive:   true,
				Description: "Write-only key/value content of the secret (Terraform 1.11 and newer): sent to the " +
					"controller, never kept in the plan or the state. The same rules as `value`. It is sent when the " +
					"secret is created and whenever `value_wo_version` changes, which makes a new revision; a change of " +
					"`value_wo` alone is not seen. Exactly one of `value` and `value_wo`; requires `value_wo_version`.",
				Validators: secretValueValidators(),
			},
			"value_wo_version": schema.Int64Attribute{
				Optional: true,
				Description: "Version of `value_wo`: change it (for example increment it) to send `value_wo` again and " +
					"rotate the secret's content. Required with `value_wo`.",
			},
			"info": schema.StringAttribute{
				Optional:    true,
				Description: "Description of the secret.",
			},
			"secret_id": schema.StringAttribute{
				Computed:      true,
				Description:   "ID of the secret, 20 characters.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"secret_uri": schema.StringAttribute{
				Computed:      true,
				Description:   "URI of the secret, `secret:<secret_id>`, as charms reference it.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

// secretValueValidators are the rules of a secret's content, for value and
// value_wo alike.
func secretValueValidators() []validator.Map {
	return []validator.Map{
		mapvalidator.SizeAtLeast(1),
		mapvalidator.KeysAre(stringvalidator.RegexMatches(secretValueKeyPattern, "must be lower-case letters, digits and single hyphens, at least 3 characters, starting with a letter")),
		mapvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1)),
	}
}

// ConfigValidators: the content is given once, either kept in state (value)
// or write-only (value_wo, with the version that says when to send it).
func (r *secretResource) ConfigValidators(context.Context) []resource.ConfigValidator {
	return secretContent.ExactlyOne()
}

// label names the secret in messages: its name, or its ID without one.
func (m *secretModel) label() string {
	if n := m.Name.ValueString(); n != "" {
		return n
	}
	if id := m.SecretID.ValueString(); id != "" {
		return id
	}
	return "(without a name)"
}

func (m *secretModel) fromAPI(ctx context.Context, s api.Secret) {
	m.ID = types.StringValue(s.ModelUUID + ":" + s.ID)
	m.ModelUUID = types.StringValue(s.ModelUUID)
	m.Name = stringOrNull(s.Name)
	m.Info = stringOrNull(s.Info)
	m.SecretID = types.StringValue(s.ID)
	m.SecretURI = types.StringValue(s.URI)
	if s.Value != nil && !m.writeOnly() {
		m.Value, _ = values.StringMap(ctx, s.Value, false)
	}
}

func (r *secretResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan secretModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	value, d := secretContent.Map(ctx, req.Config, plan.Value, plan.ValueWOVersion)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	s, err := r.PD.client.AddSecret(ctx, plan.ModelUUID.ValueString(), api.CreateSecretRequest{
		Name: plan.Name.ValueString(), Value: value, Info: plan.Info.ValueString(),
	})
	if err != nil {
		resp.Diagnostics.AddError("Could not add secret "+plan.label(), framework.ErrorDetail(err))
		return
	}
	s.Value = nil
	plan.fromAPI(ctx, s)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *secretResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state secretModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// A write-only secret's content is not read: it would land in the state.
	s, err := r.PD.client.Secret(ctx, state.ModelUUID.ValueString(), state.SecretID.ValueString(), !state.writeOnly())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read secret "+state.label(), framework.ErrorDetail(err))
		return
	}
	state.fromAPI(ctx, s)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *secretResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan, state secretModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	upd := api.UpdateSecretRequest{}
	if !plan.Name.Equal(state.Name) {
		n := plan.Name.ValueString()
		upd.Name = &n
	}
	// In write-only mode the content is sent when its version changes (the
	// write-only value itself is never in the state to compare with); else
	// when value changes. A switch between the two is a change of both.
	if (plan.writeOnly() && !plan.ValueWOVersion.Equal(state.ValueWOVersion)) || (!plan.writeOnly() && !plan.Value.Equal(state.Value)) {
		value, d := secretContent.Map(ctx, req.Config, plan.Value, plan.ValueWOVersion)
		resp.Diagnostics.Append(d...)
		if resp.Diagnostics.HasError() {
			return
		}
		upd.Value = &value
	}
	if !plan.Info.Equal(state.Info) {
		i := plan.Info.ValueString()
		upd.Info = &i
	}
	s, err := r.PD.client.UpdateSecret(ctx, state.ModelUUID.ValueString(), state.SecretID.ValueString(), upd)
	if err != nil {
		resp.Diagnostics.AddError("Could not update secret "+state.label(), framework.ErrorDetail(err))
		return
	}
	s.Value = nil
	plan.fromAPI(ctx, s)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *secretResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state secretModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	err := r.PD.client.RemoveSecret(ctx, state.ModelUUID.ValueString(), state.SecretID.ValueString())
	if err != nil && !client.IsNotFound(err) {
		deleteFailed(r.PD, "secret "+state.label(), err, &resp.Diagnostics)
	}
}

// ImportState accepts <model_uuid>:<name>, and <model_uuid>:<secret_id>
// (for a secret without a name, and an import by identity).
func (r *secretResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	parts, ok := importParts(req.ID, "<model_uuid>:<secret_name>", "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:db-password", 2, 2, uuidFirst, &resp.Diagnostics)
	if !ok {
		return
	}
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	// The name, as upstream documents; the ID (an import by identity) too.
	// An ID of no secret is left to Read, which says it does not exist.
	id := parts[1]
	s, err := r.PD.client.SecretByName(ctx, parts[0], parts[1])
	switch {
	case err == nil:
		id = s.ID
	case !client.IsNotFound(err) || !secretIDPattern.MatchString(parts[1]):
		resp.Diagnostics.AddError("Could not import secret "+parts[1], framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("model_uuid"), parts[0])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("secret_id"), id)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), parts[0]+":"+id)...)
}

// Identity is the model and the secret's ID: its name changes in place,
// its ID never does.
func (r *secretResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{modelUUIDIdentity("secret"), secretIDIdentity()}}
}
