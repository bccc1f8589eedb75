package orch

import (
	"context"
	"strings"

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
	"github.com/iacsuite/providers/internal/framework/validate"
	"github.com/iacsuite/providers/internal/framework/values"
)

var (
	_ resource.ResourceWithImportState      = (*userResource)(nil)
	_ resource.ResourceWithConfigValidators = (*userResource)(nil)
	_ resource.ResourceWithModifyPlan       = (*userResource)(nil)
)

// NewUserResource is the orch_user resource: a local user of the
// controller, with controller access login. What the user may do in models
// and offers comes from orch_access_model and orch_access_offer.
func NewUserResource() resource.Resource {
	return &userResource{resourceBase{Name: "user"}}
}

type userResource struct{ resourceBase }

type userModel struct {
	ID          types.String `tfsdk:"id"`
	Name        types.String `tfsdk:"name"`
	DisplayName types.String `tfsdk:"display_name"`
	Password    types.String `tfsdk:"password"`
	// PasswordWO is write-only: null but in the configuration of an apply.
	// PasswordWOVersion says when to send it again.
	PasswordWO        types.String `tfsdk:"password_wo"`
	PasswordWOVersion types.Int64  `tfsdk:"password_wo_version"`
}

// userNameValidator is the controller's rule for a local user's name.
var userNameValidator = summarized("Invalid user name", validate.StringFunc("must be a user name", api.CheckUserName))

// userPassword is the user's password: password, kept in the state, or
// password_wo with password_wo_version.
var userPassword = writeOnlyPair("password")

// minUserPasswordLength is the controller's shortest password.
const minUserPasswordLength = 8

func (r *userResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A user of the controller, who logs in with a password and may do what orch_access_model and " +
			"orch_access_offer grant it. Import it with `user:<name>`; the password is not read back. The password " +
			"can be given write-only (`password_wo`, Terraform 1.11 and newer), kept in neither plan nor state.",
		Attributes: map[string]schema.Attribute{
			"id": idAttribute("user:<name>"),
			"name": schema.StringAttribute{
				Required: true,
				Description: "The username to be assigned to the user: letters, digits, and `.`, `+`, `-` inside, at most 64 " +
					"characters. Changing this value will cause the user to be destroyed and recreated by terraform.",
				Validators:    []validator.String{userNameValidator},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"display_name": schema.StringAttribute{
				Optional:    true,
				Description: "The display name to be assigned to the user (optional). Changed in place.",
				Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"password": schema.StringAttribute{
				Optional:  true,
				Sensitive: true,
				Description: "The password to be assigned to the user, at least 8 characters, kept in the state " +
					"(sensitive). Changed in place. Exactly one of `password` and `password_wo`.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(minUserPasswordLength)},
			},
			"password_wo": schema.StringAttribute{
				Optional:  true,
				WriteOnly: true,
				Sensitive: true,
				Description: "Write-only password of the user, at least 8 characters (Terraform 1.11 and newer): sent to " +
					"the controller, never kept in the plan or the state. It is sent when the user is created and when " +
					"`password_wo_version` changes (in place); a change of `password_wo` alone is not seen. Exactly one of " +
					"`password` and `password_wo`; requires `password_wo_version`.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(minUserPasswordLength)},
			},
			"password_wo_version": schema.Int64Attribute{
				Optional: true,
				Description: "Version of `password_wo`: change it (for example increment it) to send `password_wo` " +
					"again, which changes the user's password in place. Required with `password_wo`.",
			},
		},
	}
}

// ConfigValidators: the password is given either kept in the state
// (password) or write-only (password_wo, with the version that says when to
// send it).
func (r *userResource) ConfigValidators(context.Context) []resource.ConfigValidator {
	// At most one here; "at least one" is checked when the user is planned
	// for creation (ModifyPlan), since an import has no password.
	return userPassword.Conflicting()
}

// ModifyPlan refuses orch_user in hub mode, and requires a password for a
// new user.
func (r *userResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return // a destroy
	}
	notInHubModePlan(r.PD, "orch_user", notWithHub+" The hub's users come from its identity provider; grant them "+
		"access with the orch_hub_access_* resources.", resp)
	if !req.State.Raw.IsNull() {
		return
	}
	resp.Diagnostics.Append(userPassword.RequireGiven(ctx, req.Config)...)
}

// Identity is the user's name; the import ID is user:<name>.
func (r *userResource) Identity() framework.Identity {
	return framework.Identity{
		Attributes: []framework.IdentityAttribute{{
			Name: "name", Description: "The user's name.", Shape: "a user name (letters, digits, and . + - inside)",
			Valid: func(s string) bool { return api.CheckUserName(s) == nil },
		}},
		ImportID: func(v []string) string { return "user:" + v[0] },
	}
}

func (m *userModel) fromAPI(u api.User) {
	m.ID = types.StringValue("user:" + u.Name)
	m.Name = types.StringValue(u.Name)
	// An empty display name is none: the configuration that leaves it out
	// plans nothing.
	m.DisplayName = values.StringOrNull(u.DisplayName)
}

func (r *userResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan userModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	password, d := userPassword.String(ctx, req.Config, plan.Password, plan.PasswordWOVersion)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	u, err := r.PD.client.CreateUser(ctx, api.CreateUserRequest{Name: plan.Name.ValueString(), DisplayName: plan.DisplayName.ValueString(), Password: password})
	if err != nil {
		resp.Diagnostics.AddError("Could not create user "+plan.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	plan.fromAPI(u)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Read keeps the configured password: the controller never answers it.
func (r *userResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	get := func(ctx context.Context, name string) (api.User, error) { return r.PD.client.User(ctx, name) }
	readByID(ctx, r.PD, req, resp, "user", func(m *userModel) types.String { return m.Name }, get,
		func(m *userModel, _ context.Context, u api.User) { m.fromAPI(u) })
}

func (r *userResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan, state userModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var change api.UpdateUserRequest
	if !plan.DisplayName.Equal(state.DisplayName) {
		change.DisplayName = values.Ptr(plan.DisplayName.ValueString())
	}
	// A new write-only version (also the first, after password or an
	// import) sends password_wo; a changed password sends it.
	if (!plan.PasswordWOVersion.IsNull() && !plan.PasswordWOVersion.Equal(state.PasswordWOVersion)) ||
		(plan.PasswordWOVersion.IsNull() && !plan.Password.Equal(state.Password)) {
		password, d := userPassword.String(ctx, req.Config, plan.Password, plan.PasswordWOVersion)
		resp.Diagnostics.Append(d...)
		if resp.Diagnostics.HasError() {
			return
		}
		change.Password = &password
	}
	u, err := r.PD.client.UpdateUser(ctx, plan.Name.ValueString(), change)
	if err != nil {
		resp.Diagnostics.AddError("Could not change user "+plan.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	plan.fromAPI(u)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *userResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state userModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := r.PD.client.RemoveUser(ctx, state.Name.ValueString()); err != nil && !client.IsNotFound(err) {
		deleteFailed(r.PD, "user "+state.Name.ValueString(), err, &resp.Diagnostics)
	}
}

// ImportState accepts upstream's user:<name>.
func (r *userResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	name, ok := strings.CutPrefix(req.ID, "user:")
	if !ok || api.CheckUserName(name) != nil {
		resp.Diagnostics.AddError("Invalid import ID",
			"The import ID of orch_user is user:<name>, such as user:alice; got \""+req.ID+"\".")
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), name)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}
