package hub

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/resourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/importid"
	"github.com/iacsuite/providers/internal/framework/validate"
	"github.com/iacsuite/providers/internal/framework/values"
	"github.com/iacsuite/providers/internal/provider/orch/shared"
)

// NewControllerResource is the orch_hub_controller resource: a
// controller registered in the hub, which the hub connects to with the
// given credentials and places models on.
func NewControllerResource[P any, D ProviderData[P]]() resource.Resource {
	return &hubControllerResource[P, D]{named[P, D]("hub_controller")}
}

type hubControllerResource[P any, D ProviderData[P]] struct{ resourceBase[P, D] }

type hubControllerModel struct {
	ID            types.String `tfsdk:"id"`
	Name          types.String `tfsdk:"name"`
	UUID          types.String `tfsdk:"uuid"`
	APIAddresses  types.List   `tfsdk:"api_addresses"`
	PublicAddress types.String `tfsdk:"public_address"`
	CACertificate types.String `tfsdk:"ca_certificate"`
	TLSHostname   types.String `tfsdk:"tls_hostname"`
	Username      types.String `tfsdk:"username"`
	Password      types.String `tfsdk:"password"`
	// PasswordWO is write-only: always null but in the configuration of an
	// apply. PasswordWOVersion says when to register with it again.
	PasswordWO        types.String `tfsdk:"password_wo"`
	PasswordWOVersion types.Int64  `tfsdk:"password_wo_version"`
	Status            types.String `tfsdk:"status"`
	Force             types.Bool   `tfsdk:"force"`
}

// hubControllerPassword is the password the hub connects with: password,
// kept in the state, or password_wo with password_wo_version.
var hubControllerPassword = shared.NewWriteOnlyPair("password")

var hostPortValidator = validate.StringFunc("must be host:port", func(s string) error {
	if _, err := client.ParseAddresses(s); err != nil || len(s) == 0 {
		return fmt.Errorf("must be a host:port address, such as 10.0.0.5:17070")
	}
	return nil
})

// hubControllerNameValidator checks the name of a controller in the hub.
var hubControllerNameValidator = validate.StringFunc("must be a controller name", func(s string) error {
	if len(s) > 64 || !hubapi.ControllerNameRE.MatchString(s) {
		return fmt.Errorf("must be letters, digits, periods, underscores and hyphens, starting with a letter or digit")
	}
	return nil
})

func (r *hubControllerResource[P, D]) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	replace := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	resp.Schema = schema.Schema{
		Description: "A controller registered in the hub (hub mode only). The hub logs in to it with `username` and " +
			"`password`, checks that it has the given `uuid`, and from then on places models on it and routes their " +
			"operations to it. A registration cannot change: changing any setting but `force` registers the " +
			"controller again. Import it with its name in the hub; `password` and `force` are not imported. The " +
			"password can be given write-only (`password_wo`, Terraform 1.11 and newer), kept in neither plan nor state.",
		Attributes: map[string]schema.Attribute{
			"id": shared.IDAttribute("<controller_name>"),
			"name": schema.StringAttribute{
				Optional:      true,
				Computed:      true,
				Description:   "Name of the controller in the hub; default the controller's own name. Unique in the hub.",
				Validators:    []validator.String{hubControllerNameValidator},
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown(), stringplanmodifier.RequiresReplace()},
			},
			"uuid": schema.StringAttribute{
				Required:      true,
				Description:   "UUID of the controller (the `controller_uuid` it reports).",
				Validators:    []validator.String{shared.UUIDValidator},
				PlanModifiers: replace,
			},
			"api_addresses": schema.ListAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "API addresses of the controller, `host:port`. One address of a highly available " +
					"controller is enough. Give this, `public_address`, or both.",
				Validators:    []validator.List{listvalidator.SizeAtLeast(1), listvalidator.ValueStringsAre(hostPortValidator)},
				PlanModifiers: []planmodifier.List{listplanmodifier.RequiresReplace()},
			},
			"public_address": schema.StringAttribute{
				Optional:      true,
				Computed:      true,
				Description:   "Public address of the controller, `host:port`, used instead of `api_addresses`; default the first API address.",
				Validators:    []validator.String{hostPortValidator},
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown(), stringplanmodifier.RequiresReplace()},
			},
			"ca_certificate": schema.StringAttribute{
				Optional:      true,
				Description:   "PEM CA certificate of the controller; the hub trusts only it for this controller.",
				PlanModifiers: replace,
			},
			"tls_hostname": schema.StringAttribute{
				Optional: true,
				Description: "Host name the hub verifies the controller's certificate for and sends for SNI, when " +
					"it differs from the address (a self-signed certificate made for a name).",
				PlanModifiers: replace,
			},
			"username": schema.StringAttribute{
				Required:      true,
				Sensitive:     true,
				Description:   "User name the hub connects to the controller with.",
				PlanModifiers: replace,
			},
			"password": schema.StringAttribute{
				Optional:  true,
				Sensitive: true,
				Description: "Password the hub connects to the controller with, kept in the state (sensitive). Changing it " +
					"registers the controller again. Exactly one of `password` and `password_wo`.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplaceIf(passwordChanged,
					"Changing the password registers the controller again; after an import it is only recorded.",
					"Changing the password registers the controller again; after an import it is only recorded.")},
			},
			"password_wo": schema.StringAttribute{
				Optional:  true,
				WriteOnly: true,
				Sensitive: true,
				Description: "Write-only password the hub connects to the controller with (Terraform 1.11 and newer): sent " +
					"to the hub, never kept in the plan or the state. It is sent when the controller is registered; " +
					"changing `password_wo_version` registers the controller again with it, and a change of `password_wo` " +
					"alone is not seen. Exactly one of `password` and `password_wo`; requires `password_wo_version`.",
			},
			"password_wo_version": schema.Int64Attribute{
				Optional: true,
				Description: "Version of `password_wo`: changing it registers the controller again with the new password " +
					"(after an import it is only recorded). Required with `password_wo`.",
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplaceIf(passwordVersionChanged,
					"Changing the password's version registers the controller again; after an import it is only recorded.",
					"Changing the password's version registers the controller again; after an import it is only recorded.")},
			},
			"status": schema.StringAttribute{
				Computed: true,
				Description: "Status of the controller in the hub: `available`, `deprecated` (no new models) or " +
					"`unavailable` (the hub cannot reach it).",
			},
			"force": schema.BoolAttribute{
				Optional: true,
				Description: "Remove the controller from the hub on destroy even while it is available. Without it, " +
					"only a deprecated or unavailable controller can be removed. Takes effect once applied.",
			},
		},
	}
}

func (r *hubControllerResource[P, D]) ConfigValidators(context.Context) []resource.ConfigValidator {
	addresses := resourcevalidator.AtLeastOneOf(path.MatchRoot("api_addresses"), path.MatchRoot("public_address"))
	// At most one password here; "at least one" is checked when the
	// controller is planned for creation (ModifyPlan), since an import
	// (pulumi import validates the inputs it read) has no password to show.
	return append([]resource.ConfigValidator{addresses}, hubControllerPassword.Conflicting()...)
}

func (r *hubControllerResource[P, D]) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	hubModePlan(r.data(), "orch_hub_controller", resp)
	if !req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	resp.Diagnostics.Append(hubControllerPassword.RequireGiven(ctx, req.Config)...)
}

// fromAPI sets what the hub answers; the password and force stay as
// configured (the hub never answers the password).
func (m *hubControllerModel) fromAPI(got hubapi.Controller) {
	m.ID = types.StringValue(got.Name)
	m.Name = types.StringValue(got.Name)
	m.UUID = types.StringValue(got.UUID)
	m.PublicAddress = types.StringValue(got.PublicAddress)
	m.Status = types.StringValue(got.Status)
	m.Username = types.StringValue(got.Username)
	m.CACertificate = values.StringOrNull(got.CACertificate)
	m.TLSHostname = values.StringOrNull(got.TLSHostname)
}

// read sets what a read sets: what the hub answers and, after an import
// (or in a list result), the addresses the controller was registered with.
func (m *hubControllerModel) read(ctx context.Context, got hubapi.Controller) diag.Diagnostics {
	m.fromAPI(got)
	var diags diag.Diagnostics
	if m.APIAddresses.IsNull() && len(got.APIAddresses) > 0 {
		m.APIAddresses, diags = types.ListValueFrom(ctx, types.StringType, got.APIAddresses)
	}
	return diags
}

func (r *hubControllerResource[P, D]) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) || !requireHub(r.data(), "orch_hub_controller", &resp.Diagnostics) {
		return
	}
	var plan hubControllerModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	addrs, d := shared.GoStrings(ctx, plan.APIAddresses)
	resp.Diagnostics.Append(d...)
	password, d := hubControllerPassword.String(ctx, req.Config, plan.Password, plan.PasswordWOVersion)
	resp.Diagnostics.Append(d...)
	if resp.Diagnostics.HasError() {
		return
	}
	got, err := r.data().HubClient().RegisterController(ctx, hubapi.RegisterControllerRequest{
		Name: plan.Name.ValueString(), UUID: plan.UUID.ValueString(), APIAddresses: addrs,
		PublicAddress: plan.PublicAddress.ValueString(), CACertificate: plan.CACertificate.ValueString(),
		TLSHostname: plan.TLSHostname.ValueString(), Username: plan.Username.ValueString(), Password: password,
	})
	if err != nil {
		resp.Diagnostics.AddError("Could not register the controller "+plan.UUID.ValueString(), framework.ErrorDetail(err))
		return
	}
	plan.fromAPI(got)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *hubControllerResource[P, D]) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) || !requireHub(r.data(), "orch_hub_controller", &resp.Diagnostics) {
		return
	}
	var state hubControllerModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	got, err := r.data().HubClient().Controller(ctx, state.ID.ValueString())
	if hubclient.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read the controller "+state.ID.ValueString(), framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(state.read(ctx, got)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Update changes only force, which the provider keeps for the destroy, and
// records the password of an imported registration.
func (r *hubControllerResource[P, D]) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state hubControllerModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	state.Force = plan.Force
	state.Password = plan.Password
	state.PasswordWOVersion = plan.PasswordWOVersion
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// passwordChanged replaces the registration when the password changes; an
// imported registration has no password in state (the hub never answers
// it), and the configured one is then only recorded.
func passwordChanged(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.StateValue.IsNull() && !req.PlanValue.Equal(req.StateValue)
}

// passwordVersionChanged is passwordChanged for password_wo_version.
func passwordVersionChanged(_ context.Context, req planmodifier.Int64Request, resp *int64planmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.StateValue.IsNull() && !req.PlanValue.Equal(req.StateValue)
}

func (r *hubControllerResource[P, D]) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) || !requireHub(r.data(), "orch_hub_controller", &resp.Diagnostics) {
		return
	}
	var state hubControllerModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	err := r.data().HubClient().RemoveController(ctx, state.ID.ValueString(), state.Force.ValueBool())
	switch {
	case err == nil || hubclient.IsNotFound(err):
	case hubclient.IsConflict(err) && !state.Force.ValueBool():
		deleteFailed(r.data(), "the controller "+state.ID.ValueString()+" from the hub",
			fmt.Errorf("%w\n\nSet force = true and apply, then destroy, to remove a controller that is still available", err), &resp.Diagnostics)
	default:
		deleteFailed(r.data(), "the controller "+state.ID.ValueString()+" from the hub", err, &resp.Diagnostics)
	}
}

func (r *hubControllerResource[P, D]) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if len(req.ID) > 64 || !hubapi.ControllerNameRE.MatchString(req.ID) {
		resp.Diagnostics.AddError("Invalid import identifier", fmt.Sprintf("%v.", importid.Mismatch(req.ID, "<controller_name> (for example east)")))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}

// Identity is the controller's name, its import ID.
func (r *hubControllerResource[P, D]) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{{
		Name: "name", Description: "Name of the controller in the hub.",
		Shape: "a controller name (letters, digits, periods, underscores and hyphens, starting with a letter or digit, at most 64, such as east)",
		Valid: func(s string) bool { return len(s) <= 64 && hubapi.ControllerNameRE.MatchString(s) },
	}}}
}
