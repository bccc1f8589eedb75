package netfab

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/validate"
	"github.com/iacsuite/providers/internal/framework/values"
)

var (
	_ resource.ResourceWithConfigure      = (*serviceKeyResource)(nil)
	_ resource.ResourceWithImportState    = (*serviceKeyResource)(nil)
	_ resource.ResourceWithValidateConfig = (*serviceKeyResource)(nil)
)

// NewServiceKeyResource is the netfab_service_key resource: a key that lets
// another company order a VXC to one of your ports.
func NewServiceKeyResource() resource.Resource {
	return &serviceKeyResource{resourceBase{Name: "service_key"}}
}

type serviceKeyResource struct{ resourceBase }

type serviceKeyModel struct {
	ID          types.String `tfsdk:"id"`
	ProductUID  types.String `tfsdk:"product_uid"`
	MaxSpeed    types.Int64  `tfsdk:"max_speed"`
	SingleUse   types.Bool   `tfsdk:"single_use"`
	Active      types.Bool   `tfsdk:"active"`
	Description types.String `tfsdk:"description"`
	VLAN        types.Int64  `tfsdk:"vlan"`
	PreApproved types.Bool   `tfsdk:"pre_approved"`
	ValidFor    types.Object `tfsdk:"valid_for"`
	Key         types.String `tfsdk:"key"`
	CompanyID   types.Int64  `tfsdk:"company_id"`
	CompanyUID  types.String `tfsdk:"company_uid"`
	CreateDate  types.String `tfsdk:"create_date"`
	LastUsed    types.String `tfsdk:"last_used"`
	Expired     types.Bool   `tfsdk:"expired"`
	Valid       types.Bool   `tfsdk:"valid"`
	LastUpdated types.String `tfsdk:"last_updated"`
}

type serviceKeyValidForModel struct {
	StartTime types.String `tfsdk:"start_time"`
	EndTime   types.String `tfsdk:"end_time"`
}

var serviceKeyValidForAttrTypes = map[string]attr.Type{"start_time": types.StringType, "end_time": types.StringType}

var rfc3339Time = validate.StringFunc("must be an RFC 3339 time such as 2025-01-01T00:00:00Z", func(s string) error {
	if _, err := time.Parse(time.RFC3339, s); err != nil {
		return errors.New("must be an RFC 3339 time such as 2025-01-01T00:00:00Z")
	}
	return nil
})

func (r *serviceKeyResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	replaceStr := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	replaceInt := []planmodifier.Int64{int64planmodifier.RequiresReplace()}
	resp.Schema = schema.Schema{
		Description: "A service key of one of your ports: another company orders a VXC to the port with it (the key in " +
			"netfab_vxc's service_key). active and valid_for change in place; everything else replaces the key. Import it by its key.",
		Attributes: map[string]schema.Attribute{
			"id": output("The key, as key."),
			"product_uid": schema.StringAttribute{
				Required: true, Description: "UID of the port the key is for. Changing it replaces the key.",
				Validators: []validator.String{productUIDValidator()}, PlanModifiers: replaceStr,
			},
			"max_speed": schema.Int64Attribute{
				Required: true, Description: "The fastest VXC the key orders, in Mbps: 1 to the port's speed. Changing it replaces the key.",
				Validators: []validator.Int64{int64validator.AtLeast(1)}, PlanModifiers: replaceInt,
			},
			"single_use": schema.BoolAttribute{
				Required: true, Description: "Whether the key orders one VXC (true, on vlan) or any number (false). Changing it replaces the key.",
				PlanModifiers: []planmodifier.Bool{boolplanmodifier.RequiresReplace()},
			},
			"active": schema.BoolAttribute{
				Required: true, Description: "Whether orders may use the key now. Changes in place.",
			},
			"description": schema.StringAttribute{
				Optional: true, Description: "A description of the key, at most 255 characters. Changing it replaces the key.",
				Validators: []validator.String{stringvalidator.LengthBetween(1, 255)}, PlanModifiers: replaceStr,
			},
			"vlan": schema.Int64Attribute{
				Optional: true, Description: "The VLAN, 2 to 4093, the VXC ordered with a single-use key gets on the port: required when " +
					"single_use is true, absent otherwise. Changing it replaces the key.",
				Validators: []validator.Int64{int64validator.Between(2, 4093)}, PlanModifiers: replaceInt,
			},
			"pre_approved": schema.BoolAttribute{
				Optional: true, Computed: true, Description: "Whether VXCs ordered with the key are approved in advance; false when absent. Changing it replaces the key.",
				PlanModifiers: []planmodifier.Bool{boolplanmodifier.RequiresReplace(), boolplanmodifier.UseStateForUnknown()},
			},
			"valid_for": schema.SingleNestedAttribute{
				Optional: true, Computed: true,
				Description: "When the key may be used, RFC 3339 times; when absent, from its creation on, open-ended (the state " +
					"shows the start the service set). Changes in place.",
				PlanModifiers: []planmodifier.Object{objectplanmodifier.UseStateForUnknown()},
				Attributes: map[string]schema.Attribute{
					"start_time": schema.StringAttribute{Optional: true, Computed: true, Description: "Start of the window.", Validators: []validator.String{rfc3339Time}},
					"end_time":   schema.StringAttribute{Optional: true, Computed: true, Description: "End of the window, after start_time.", Validators: []validator.String{rfc3339Time}},
				},
			},
			"key":          schema.StringAttribute{Computed: true, Sensitive: true, Description: "The key to give the other company.", PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
			"company_id":   intOutput("Numeric ID of the company owning the key."),
			"company_uid":  output("UID of the company owning the key."),
			"create_date":  output("When the key was created."),
			"last_used":    schema.StringAttribute{Computed: true, Description: "When a VXC was last ordered with the key."},
			"expired":      schema.BoolAttribute{Computed: true, Description: "Whether the end of valid_for has passed."},
			"valid":        schema.BoolAttribute{Computed: true, Description: "Whether an order may use the key now: active, within valid_for, and not a used single-use key."},
			"last_updated": schema.StringAttribute{Computed: true, Description: "When Terraform last created or changed the key."},
		},
	}
}

func (r *serviceKeyResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m serviceKeyModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() || m.SingleUse.IsUnknown() || m.VLAN.IsUnknown() {
		return
	}
	switch {
	case m.SingleUse.ValueBool() && m.VLAN.IsNull():
		resp.Diagnostics.AddAttributeError(path.Root("vlan"), "Missing VLAN", "vlan is required when single_use is true: it is the VLAN the VXC ordered with the key gets on the port.")
	case !m.SingleUse.IsNull() && !m.SingleUse.ValueBool() && !m.VLAN.IsNull():
		resp.Diagnostics.AddAttributeError(path.Root("vlan"), "VLAN on a multi-use key", "vlan applies to single-use keys only: each VXC of a multi-use key chooses its VLAN.")
	}
	// valid_for may be unknown as a whole (computed from another resource):
	// then there is nothing to compare yet.
	if m.ValidFor.IsNull() || m.ValidFor.IsUnknown() {
		return
	}
	var vf serviceKeyValidForModel
	resp.Diagnostics.Append(m.ValidFor.As(ctx, &vf, basetypes.ObjectAsOptions{})...)
	if !vf.StartTime.IsNull() && !vf.EndTime.IsNull() && !vf.StartTime.IsUnknown() && !vf.EndTime.IsUnknown() {
		s, e1 := time.Parse(time.RFC3339, vf.StartTime.ValueString())
		e, e2 := time.Parse(time.RFC3339, vf.EndTime.ValueString())
		if e1 == nil && e2 == nil && !e.After(s) {
			resp.Diagnostics.AddAttributeError(path.Root("valid_for").AtName("end_time"), "Invalid validity window", "valid_for.end_time must be after valid_for.start_time.")
		}
	}
}

func (m *serviceKeyModel) validFor(ctx context.Context, diags *diag.Diagnostics) *netfabapi.ServiceKeyValidFor {
	if m.ValidFor.IsNull() || m.ValidFor.IsUnknown() {
		return nil
	}
	var vf serviceKeyValidForModel
	diags.Append(m.ValidFor.As(ctx, &vf, basetypes.ObjectAsOptions{})...)
	return &netfabapi.ServiceKeyValidFor{StartTime: vf.StartTime.ValueString(), EndTime: vf.EndTime.ValueString()}
}

func (r *serviceKeyResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan serviceKeyModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	vf := plan.validFor(ctx, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	k, err := r.PD.client.CreateServiceKey(ctx, netfabapi.ServiceKeyRequest{
		ProductUID: plan.ProductUID.ValueString(), Description: plan.Description.ValueString(), MaxSpeed: plan.MaxSpeed.ValueInt64(),
		SingleUse: plan.SingleUse.ValueBool(), Active: plan.Active.ValueBool(), VLAN: plan.VLAN.ValueInt64(),
		PreApproved: plan.PreApproved.ValueBoolPointer(), ValidFor: vf,
	})
	if err != nil {
		resp.Diagnostics.AddError("Could not create the service key", framework.ErrorDetail(err))
		return
	}
	plan.LastUpdated = types.StringValue(time.Now().UTC().Format(time.RFC3339))
	resp.Diagnostics.Append(plan.fromAPI(ctx, k)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *serviceKeyResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state serviceKeyModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	k, err := r.PD.client.ServiceKey(ctx, state.ID.ValueString())
	if client.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read the service key", framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(state.fromAPI(ctx, k)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *serviceKeyResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var plan, state serviceKeyModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	vf := plan.validFor(ctx, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	k, err := r.PD.client.UpdateServiceKey(ctx, state.ID.ValueString(), netfabapi.ServiceKeyUpdate{Active: plan.Active.ValueBoolPointer(), ValidFor: vf})
	if err != nil {
		resp.Diagnostics.AddError("Could not update the service key", framework.ErrorDetail(err))
		return
	}
	plan.LastUpdated = types.StringValue(time.Now().UTC().Format(time.RFC3339))
	resp.Diagnostics.Append(plan.fromAPI(ctx, k)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *serviceKeyResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.PD, &resp.Diagnostics) {
		return
	}
	var state serviceKeyModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if err := r.PD.client.DeleteServiceKey(ctx, state.ID.ValueString()); err != nil && !client.IsNotFound(err) {
		resp.Diagnostics.AddError("Could not delete the service key", framework.ErrorDetail(err))
	}
}

// ImportState takes the key, as upstream's.
func (r *serviceKeyResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if !netfabapi.AzureServiceKeyPattern.MatchString(req.ID) {
		resp.Diagnostics.AddError("Invalid import identifier",
			fmt.Sprintf("import identifier %q is not of the shape <KEY>: import a service key by its key (a UUID such as "+
				"e19de6a6-5354-4b9a-a957-3a4e0caa1513).", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("key"), req.ID)...)
}

// Identity is the key, the import ID.
func (r *serviceKeyResource) Identity() framework.Identity {
	return framework.Identity{Attributes: []framework.IdentityAttribute{{
		Name:        "key",
		Description: "The service key.",
		Shape:       "a service key (a UUID such as e19de6a6-5354-4b9a-a957-3a4e0caa1513)",
		Valid:       netfabapi.AzureServiceKeyPattern.MatchString,
	}}}
}

func (m *serviceKeyModel) fromAPI(ctx context.Context, k netfabapi.ServiceKey) diag.Diagnostics {
	m.ID = types.StringValue(k.Key)
	m.Key = types.StringValue(k.Key)
	m.ProductUID = types.StringValue(k.ProductUID)
	m.MaxSpeed = types.Int64Value(k.MaxSpeed)
	m.SingleUse = types.BoolValue(k.SingleUse)
	m.Active = types.BoolValue(k.Active)
	m.Description = values.StringOrNull(k.Description)
	m.VLAN = values.Int64OrNull(k.VLAN)
	m.PreApproved = types.BoolValue(k.PreApproved)
	m.CompanyID = types.Int64Value(k.CompanyID)
	m.CompanyUID = types.StringValue(k.CompanyUID)
	m.CreateDate = types.StringValue(k.CreateDate)
	m.LastUsed = values.StringOrNull(k.LastUsed)
	m.Expired = types.BoolValue(k.Expired)
	m.Valid = types.BoolValue(k.Valid)
	if m.LastUpdated.IsUnknown() {
		m.LastUpdated = types.StringNull()
	}
	vf := serviceKeyValidForModel{StartTime: types.StringNull(), EndTime: types.StringNull()}
	if k.ValidFor != nil {
		vf = serviceKeyValidForModel{StartTime: values.StringOrNull(k.ValidFor.StartTime), EndTime: values.StringOrNull(k.ValidFor.EndTime)}
	}
	var d diag.Diagnostics
	m.ValidFor, d = types.ObjectValueFrom(ctx, serviceKeyValidForAttrTypes, vf)
	return d
}
