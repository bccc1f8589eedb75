package orch

import (
	"context"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
)

var _ resource.ResourceWithImportState = (*accessSecretResource)(nil)

// NewAccessSecretResource is the orch_access_secret resource.
func NewAccessSecretResource() resource.Resource {
	return &accessSecretResource{resourceBase{Name: "access_secret"}}
}

type accessSecretResource struct{ resourceBase }

type accessSecretModel struct {
	ID           types.String `tfsdk:"id"`
	ModelUUID    types.String `tfsdk:"model_uuid"`
	SecretID     types.String `tfsdk:"secret_id"`
	Applications types.Set    `tfsdk:"applications"`
}

func (r *accessSecretResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "The applications of a model that may read a secret. The resource owns the whole set: " +
			"applications granted outside Terraform are revoked on the next apply, and destroying it revokes " +
			"every grant. Import it with `<model_uuid>:<secret_name>`, as upstream documents, or `<model_uuid>:<secret_id>`.",
		Attributes: map[string]schema.Attribute{
			"id":         idAttribute("<model_uuid>:<secret_id>"),
			"model_uuid": modelUUIDAttribute("secret access"),
			"secret_id": schema.StringAttribute{
				Required:      true,
				Description:   "ID of the secret (`secret_id` of `orch_secret`; its URI `secret:<id>` is accepted too). Changing it replaces the resource.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"applications": schema.SetAttribute{
				ElementType: types.StringType,
				Required:    true,
				Description: "Names of the applications granted read access.",
				Validators:  []validator.Set{setvalidator.ValueStringsAre(applicationNameValidator)},
			},
		},
	}
}

func (r *accessSecretResource) set(ctx context.Context, m *accessSecretModel, apps []string) error {
	s, err := r.PD.client.SetSecretAccess(ctx, m.ModelUUID.ValueString(), m.SecretID.ValueString(), apps)
	if err != nil {
		return err
	}
	m.fromAPI(ctx, s.ModelUUID, strings.TrimPrefix(m.SecretID.ValueString(), ""), s.Applications)
	return nil
}

func (m *accessSecretModel) fromAPI(ctx context.Context, modelUUID, secretID string, apps []string) {
	m.ID = types.StringValue(modelUUID + ":" + strings.TrimPrefix(secretID, "secret:"))
	apps = append([]string{}, apps...)
	sort.Strings(apps)
	m.Applications, _ = types.SetValueFrom(ctx, types.StringType, apps)
}

func (r *accessSecretResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.write(ctx, req.Plan, &resp.State, "Could not grant access to secret ", &resp.Diagnostics)
}

// write gives access to the applications of the plan: Create and Update
// are the same call, which replaces the set (failure begins the error).
func (r *accessSecretResource) write(ctx context.Context, p tfsdk.Plan, state *tfsdk.State, failure string, diags *diag.Diagnostics) {
	if !framework.RequireConfigured(r.PD, diags) {
		return
	}
	var plan accessSecretModel
	diags.Append(p.Get(ctx, &plan)...)
	apps, d := goStrings(ctx, plan.Applications)
	diags.Append(d...)
	if diags.HasError() {
		return
	}
	if err := r.set(ctx, &plan, apps); err != nil {
		diags.AddError(failure+plan.SecretID.ValueString(), framework.ErrorDetail(err))
		return
	}
	diags.Append(state.Set(ctx, &plan)...)
}

func (r *accessSecretResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state accessSecretModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	s, err := r.PD.client.Secret(ctx, state.ModelUUID.ValueString(), state.SecretID.ValueString(), false)
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read secret "+state.SecretID.ValueString(), framework.ErrorDetail(err))
		return
	}
	state.fromAPI(ctx, s.ModelUUID, state.SecretID.ValueString(), s.Applications)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *accessSecretResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.write(ctx, req.Plan, &resp.State, "Could not change access to secret ", &resp.Diagnostics)
}

func (r *accessSecretResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state accessSecretModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	_, err := r.PD.client.SetSecretAccess(ctx, state.ModelUUID.ValueString(), state.SecretID.ValueString(), nil)
	if err != nil && !client.IsNotFound(err) {
		deleteFailed(r.PD, "access to secret "+state.SecretID.ValueString(), err, &resp.Diagnostics)
	}
}

// ImportState accepts <model_uuid>:<secret_id>.
func (r *accessSecretResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	parts, ok := importParts(req.ID, "<model_uuid>:<secret_name> or <model_uuid>:<secret_id>", "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:db-password", 2, 2, uuidFirst, &resp.Diagnostics)
	if !ok {
		return
	}
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	// Upstream documents the secret's name; its ID is accepted too.
	id := parts[1]
	s, err := r.PD.client.SecretByName(ctx, parts[0], parts[1])
	switch {
	case err == nil:
		id = s.ID
	case !client.IsNotFound(err):
		resp.Diagnostics.AddError("Could not import the access of secret "+parts[1], framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("model_uuid"), parts[0])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("secret_id"), id)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), parts[0]+":"+id)...)
}

// Identity is the model and the secret's ID, the parts of the import ID.
func (r *accessSecretResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{modelUUIDIdentity("secret"), secretIDIdentity()}}
}
