package orch

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
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

var (
	_ resource.ResourceWithImportState      = (*credentialResource)(nil)
	_ resource.ResourceWithValidateConfig   = (*credentialResource)(nil)
	_ resource.ResourceWithModifyPlan       = (*credentialResource)(nil)
	_ resource.ResourceWithConfigValidators = (*credentialResource)(nil)
)

// NewCredentialResource is the orch_credential resource.
func NewCredentialResource() resource.Resource {
	return &credentialResource{resourceBase{Name: "credential"}}
}

type credentialResource struct{ resourceBase }

type credentialModel struct {
	ID                   types.String      `tfsdk:"id"`
	Name                 types.String      `tfsdk:"name"`
	Cloud                []credentialCloud `tfsdk:"cloud"`
	AuthType             types.String      `tfsdk:"auth_type"`
	Attributes           types.Map         `tfsdk:"attributes"`
	AttributesWO         types.Map         `tfsdk:"attributes_wo"`
	AttributesWOVersion  types.Int64       `tfsdk:"attributes_wo_version"`
	ClientCredential     types.Bool        `tfsdk:"client_credential"`
	ControllerCredential types.Bool        `tfsdk:"controller_credential"`
}

type credentialCloud struct {
	Name types.String `tfsdk:"name"`
}

func (r *credentialResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A cloud credential of the provider's user on the controller. Import it with " +
			"`<credential_name>:<cloud_name>:<is_client_credential>:<is_controller_credential>`, the last two " +
			"`true` or `false`. The provider keeps no client-side credential store, so only controller " +
			"credentials (`client_credential = false`, `controller_credential = true`) can be managed. Not " +
			"available in hub mode in this release (refused at plan time): the hub does not store credentials " +
			"yet; add credentials on each controller in direct mode.",
		Attributes: map[string]schema.Attribute{
			"id": idAttribute("<credential_name>:<cloud_name>:<is_client_credential>:<is_controller_credential>"),
			"name": schema.StringAttribute{
				Required:      true,
				Description:   "Name of the credential. Changing it replaces the credential.",
				Validators:    []validator.String{stringvalidator.RegexMatches(cloudNamePattern, "must be letters, digits, dots, underscores and hyphens, starting with a letter or digit")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"auth_type": schema.StringAttribute{
				Required:    true,
				Description: "Authentication type, one of the cloud's `auth_types`, for example `certificate`.",
			},
			"attributes": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Sensitive:   true,
				Description: "Attributes of the auth type, for example `client-cert`, `client-key` and `trust-password` for " +
					"`certificate`, kept in the state (sensitive). Conflicts with `attributes_wo`, which keeps them out of the " +
					"plan and the state.",
			},
			"attributes_wo": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				WriteOnly:   true,
				Sensitive:   true,
				Description: "Write-only attributes of the auth type (Terraform 1.11 and newer): sent to the controller, never " +
					"kept in the plan or the state. They are sent when the credential is created and whenever " +
					"`attributes_wo_version` or `auth_type` changes; a change of `attributes_wo` alone is not seen. Conflicts " +
					"with `attributes`; requires `attributes_wo_version`.",
			},
			"attributes_wo_version": schema.Int64Attribute{
				Optional: true,
				Description: "Version of `attributes_wo`: change it (for example increment it) to send `attributes_wo` " +
					"again, which updates the credential in place. Required with `attributes_wo`.",
			},
			"client_credential": schema.BoolAttribute{
				Optional: true,
				Computed: true,
				Default:  booldefault.StaticBool(false),
				Description: "Add the credential to the client. Default false. The provider keeps no client-side " +
					"credential store, so true is refused.",
				PlanModifiers: []planmodifier.Bool{boolplanmodifier.RequiresReplace()},
			},
			"controller_credential": schema.BoolAttribute{
				Optional:      true,
				Computed:      true,
				Default:       booldefault.StaticBool(true),
				Description:   "Add the credential to the controller. Default true; false is refused (see `client_credential`).",
				PlanModifiers: []planmodifier.Bool{boolplanmodifier.RequiresReplace()},
			},
		},
		Blocks: map[string]schema.Block{
			"cloud": schema.ListNestedBlock{
				Description:   "The cloud that uses the credential; exactly one. Changing it replaces the credential.",
				Validators:    []validator.List{listvalidator.IsRequired(), listvalidator.SizeBetween(1, 1)},
				PlanModifiers: []planmodifier.List{listplanmodifier.RequiresReplace()},
				NestedObject: schema.NestedBlockObject{Attributes: map[string]schema.Attribute{
					"name": schema.StringAttribute{Required: true, Description: "Name of the cloud."},
				}},
			},
		},
	}
}

// ConfigValidators: the attributes are given kept in state (attributes) or
// write-only (attributes_wo, with the version that says when to send them),
// not both; an auth type may have no attributes at all.
func (r *credentialResource) ConfigValidators(context.Context) []resource.ConfigValidator {
	return credentialAttributes.Conflicting()
}

// writeOnly says whether the attributes are given write-only: then the
// provider neither reads them back nor keeps them.
func (m credentialModel) writeOnly() bool { return !m.AttributesWOVersion.IsNull() }

// credentialAttributes are the credential's attributes: attributes, kept
// in the state, or attributes_wo with attributes_wo_version.
var credentialAttributes = writeOnlyPair("attributes")

// ModifyPlan refuses orch_credential in hub mode at plan time (the hub would
// refuse it at apply).
func (r *credentialResource) ModifyPlan(_ context.Context, _ resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	notInHubModePlan(r.PD, "orch_credential", "the hub does not store credentials in this release; credentials are "+
		"added on each controller. Manage orch_credential with a provider configuration in direct mode (username and "+
		"password) connected to that controller; a cluster cloud added through the hub (orch_cluster_cloud) comes "+
		"with its own credential.", resp)
}

func (r *credentialResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m credentialModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if m.ClientCredential.ValueBool() {
		resp.Diagnostics.AddAttributeError(path.Root("client_credential"), "Client credentials are not supported",
			"client_credential = true would store the credential on the client; this provider keeps no client-side "+
				"credential store. Set client_credential = false and manage the credential on the controller.")
	}
	if !m.ControllerCredential.IsNull() && !m.ControllerCredential.IsUnknown() && !m.ControllerCredential.ValueBool() {
		resp.Diagnostics.AddAttributeError(path.Root("controller_credential"), "Controller credential required",
			"controller_credential = false would manage the credential nowhere: this provider manages controller credentials only.")
	}
}

func credentialID(name, cloud string, clientCred, controllerCred bool) string {
	return fmt.Sprintf("%s:%s:%t:%t", name, cloud, clientCred, controllerCred)
}

func (m *credentialModel) fromAPI(ctx context.Context, c api.Credential) {
	m.Name = types.StringValue(c.Name)
	m.Cloud = []credentialCloud{{Name: types.StringValue(c.Cloud)}}
	m.AuthType = types.StringValue(c.AuthType)
	if m.ClientCredential.IsNull() || m.ClientCredential.IsUnknown() {
		m.ClientCredential = types.BoolValue(false)
	}
	if m.ControllerCredential.IsNull() || m.ControllerCredential.IsUnknown() {
		m.ControllerCredential = types.BoolValue(true)
	}
	if !m.writeOnly() {
		m.Attributes, _ = values.StringMap(ctx, c.Attributes, m.Attributes.IsNull())
	}
	m.ID = types.StringValue(credentialID(c.Name, c.Cloud, m.ClientCredential.ValueBool(), m.ControllerCredential.ValueBool()))
}

func (r *credentialResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan credentialModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	attrs, d := credentialAttributes.Map(ctx, req.Config, plan.Attributes, plan.AttributesWOVersion)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() || len(plan.Cloud) != 1 {
		return
	}
	c, err := r.PD.client.AddCredential(ctx, plan.Cloud[0].Name.ValueString(), api.CreateCredentialRequest{
		Name: plan.Name.ValueString(), AuthType: plan.AuthType.ValueString(), Attributes: attrs,
	})
	if err != nil {
		resp.Diagnostics.AddError("Could not add credential "+plan.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	plan.fromAPI(ctx, c)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *credentialResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state credentialModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || len(state.Cloud) != 1 {
		return
	}
	c, err := r.PD.client.Credential(ctx, state.Cloud[0].Name.ValueString(), r.PD.client.Username(), state.Name.ValueString())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read credential "+state.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	state.fromAPI(ctx, c)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *credentialResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan credentialModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	attrs, d := credentialAttributes.Map(ctx, req.Config, plan.Attributes, plan.AttributesWOVersion)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() || len(plan.Cloud) != 1 {
		return
	}
	c, err := r.PD.client.UpdateCredential(ctx, plan.Cloud[0].Name.ValueString(), r.PD.client.Username(), plan.Name.ValueString(),
		api.UpdateCredentialRequest{AuthType: plan.AuthType.ValueString(), Attributes: attrs})
	if err != nil {
		resp.Diagnostics.AddError("Could not update credential "+plan.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	plan.fromAPI(ctx, c)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *credentialResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state credentialModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || len(state.Cloud) != 1 {
		return
	}
	err := r.PD.client.RemoveCredential(ctx, state.Cloud[0].Name.ValueString(), r.PD.client.Username(), state.Name.ValueString())
	if err != nil && !client.IsNotFound(err) {
		deleteFailed(r.PD, "credential "+state.Name.ValueString(), err, &resp.Diagnostics)
	}
}

// ImportState accepts <credential_name>:<cloud_name>:<is_client_credential>:<is_controller_credential>.
func (r *credentialResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	const shape = "<credential_name>:<cloud_name>:<is_client_credential>:<is_controller_credential>"
	isBool := func(s string) bool { return s == "true" || s == "false" }
	parts, ok := importParts(req.ID, shape+" (the last two true or false)", "my-creds:localhost:false:true", 4, 4,
		func(p []string) bool { return isBool(p[2]) && isBool(p[3]) }, &resp.Diagnostics)
	if !ok {
		return
	}
	if parts[2] == "true" || parts[3] == "false" {
		resp.Diagnostics.AddError("Could not import a client credential",
			"This provider manages controller credentials only: the identifier must end in :false:true.")
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), parts[0])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("cloud"), []credentialCloud{{Name: types.StringValue(parts[1])}})...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("client_credential"), false)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("controller_credential"), true)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}

// Identity is the credential's name and cloud. The import ID ends in
// :false:true, as the resource manages controller credentials only.
func (r *credentialResource) Identity() framework.Identity {
	return framework.Identity{
		Attributes: []framework.IdentityAttribute{
			{
				Name: "name", Description: "Name of the credential.",
				Shape: "a credential name (letters, digits, dots, underscores and hyphens, starting with a letter or digit, such as my-creds)", Valid: cloudNamePattern.MatchString,
			},
			cloudNameIdentity("cloud_name", "Name of the cloud of the credential (`cloud.name`)."),
		},
		ImportID: func(v []string) string { return v[0] + ":" + v[1] + ":false:true" },
		FromState: func(ctx context.Context, state framework.StateReader) ([]string, diag.Diagnostics) {
			var name types.String
			var clouds []credentialCloud
			diags := state.GetAttribute(ctx, path.Root("name"), &name)
			diags.Append(state.GetAttribute(ctx, path.Root("cloud"), &clouds)...)
			if diags.HasError() || len(clouds) != 1 {
				return nil, diags
			}
			return []string{name.ValueString(), clouds[0].Name.ValueString()}, diags
		},
	}
}
