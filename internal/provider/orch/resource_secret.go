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

var _ resource.ResourceWithImportState = (*secretResource)(nil)

// NewSecretResource is the orch_secret resource.
func NewSecretResource() resource.Resource { return &secretResource{resourceBase{Name: "secret"}} }

type secretResource struct{ resourceBase }

type secretModel struct {
	ID        types.String `tfsdk:"id"`
	ModelUUID types.String `tfsdk:"model_uuid"`
	Name      types.String `tfsdk:"name"`
	Value     types.Map    `tfsdk:"value"`
	Info      types.String `tfsdk:"info"`
	SecretID  types.String `tfsdk:"secret_id"`
	SecretURI types.String `tfsdk:"secret_uri"`
}

var (
	secretNamePattern     = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)
	secretValueKeyPattern = regexp.MustCompile(`^[a-z](-?[a-z0-9]){2,}$`)
)

func (r *secretResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A user secret of a model. Grant applications access with `orch_access_secret`. A changed " +
			"value makes a new revision. Import it with `<model_uuid>:<name>` (or `<model_uuid>:<secret_id>`).",
		Attributes: map[string]schema.Attribute{
			"id":         idAttribute("<model_uuid>:<secret_id>"),
			"model_uuid": modelUUIDAttribute("secret"),
			"name": schema.StringAttribute{
				Required:    true,
				Description: "Name of the secret, unique in the model. Changes in place.",
				Validators:  []validator.String{stringvalidator.RegexMatches(secretNamePattern, "must be lower-case letters, digits, dots, underscores and hyphens, starting with a letter or digit")},
			},
			"value": schema.MapAttribute{
				ElementType: types.StringType,
				Required:    true,
				Sensitive:   true,
				Description: "Key/value content of the secret. Keys are lower-case letters, digits and single hyphens, " +
					"at least 3 characters, starting with a letter; values are not empty.",
				Validators: []validator.Map{
					mapvalidator.SizeAtLeast(1),
					mapvalidator.KeysAre(stringvalidator.RegexMatches(secretValueKeyPattern, "must be lower-case letters, digits and single hyphens, at least 3 characters, starting with a letter")),
					mapvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1)),
				},
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

func (m *secretModel) fromAPI(ctx context.Context, s api.Secret) {
	m.ID = types.StringValue(s.ModelUUID + ":" + s.ID)
	m.ModelUUID = types.StringValue(s.ModelUUID)
	m.Name = types.StringValue(s.Name)
	m.Info = stringOrNull(s.Info)
	m.SecretID = types.StringValue(s.ID)
	m.SecretURI = types.StringValue(s.URI)
	if s.Value != nil {
		m.Value, _ = values.StringMap(ctx, s.Value, false)
	}
}

func (r *secretResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan secretModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	value, d := values.GoStringMap(ctx, plan.Value)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	s, err := r.PD.client.AddSecret(ctx, plan.ModelUUID.ValueString(), api.CreateSecretRequest{
		Name: plan.Name.ValueString(), Value: value, Info: plan.Info.ValueString(),
	})
	if err != nil {
		resp.Diagnostics.AddError("Could not add secret "+plan.Name.ValueString(), framework.ErrorDetail(err))
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
	s, err := r.PD.client.Secret(ctx, state.ModelUUID.ValueString(), state.SecretID.ValueString(), true)
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read secret "+state.Name.ValueString(), framework.ErrorDetail(err))
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
	value, d := values.GoStringMap(ctx, plan.Value)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	upd := api.UpdateSecretRequest{}
	if !plan.Name.Equal(state.Name) {
		n := plan.Name.ValueString()
		upd.Name = &n
	}
	if !plan.Value.Equal(state.Value) {
		upd.Value = &value
	}
	if !plan.Info.Equal(state.Info) {
		i := plan.Info.ValueString()
		upd.Info = &i
	}
	s, err := r.PD.client.UpdateSecret(ctx, state.ModelUUID.ValueString(), state.SecretID.ValueString(), upd)
	if err != nil {
		resp.Diagnostics.AddError("Could not update secret "+state.Name.ValueString(), framework.ErrorDetail(err))
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
		deleteFailed(r.PD, "secret "+state.Name.ValueString(), err, &resp.Diagnostics)
	}
}

// ImportState accepts <model_uuid>:<name>.
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
		resp.Diagnostics.AddError("Cannot import secret "+parts[1], framework.ErrorDetail(err))
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
