package netfab

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

var (
	_ resource.ResourceWithConfigure      = (*natGatewayResource)(nil)
	_ resource.ResourceWithImportState    = (*natGatewayResource)(nil)
	_ resource.ResourceWithValidateConfig = (*natGatewayResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*natGatewayResource)(nil)
)

// natGatewaySessionCounts is our documented pairing of NAT gateway speeds and
// session counts (the specification leaves it "not shown"). The service
// serves the same table at GET /v3/nat-gateways/sessions and refuses other
// pairs; checking it here rejects a bad pair at plan time, before anything is
// ordered.
var natGatewaySessionCounts = map[int64][]int64{
	1000:  {50000, 100000},
	2500:  {100000, 200000},
	5000:  {200000, 400000},
	10000: {400000, 800000},
}

// natGatewaySpeeds are the speeds of natGatewaySessionCounts, ascending.
var natGatewaySpeeds = func() []int64 {
	out := make([]int64, 0, len(natGatewaySessionCounts))
	for s := range natGatewaySessionCounts {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}()

// privatePromoCodeUnknown marks a gateway adopted by import: the code it was
// ordered with is unknown, so the first promo_code in the configuration is
// recorded in place instead of replacing the gateway.
const privatePromoCodeUnknown = "promo_code_unknown"

// NewNatGatewayResource is the netfab_nat_gateway resource: a NAT gateway.
func NewNatGatewayResource() resource.Resource { return &natGatewayResource{} }

type natGatewayResource struct{ pd *providerData }

type natGatewayModel struct {
	ID                 types.String `tfsdk:"id"`
	ContractTermMonths types.Int64  `tfsdk:"contract_term_months"`
	DiversityZone      types.String `tfsdk:"diversity_zone"`
	LocationID         types.Int64  `tfsdk:"location_id"`
	ProductName        types.String `tfsdk:"product_name"`
	SessionCount       types.Int64  `tfsdk:"session_count"`
	Speed              types.Int64  `tfsdk:"speed"`
	ASN                types.Int64  `tfsdk:"asn"`
	AutoRenewTerm      types.Bool   `tfsdk:"auto_renew_term"`
	BGPShutdownDefault types.Bool   `tfsdk:"bgp_shutdown_default"`
	PromoCode          types.String `tfsdk:"promo_code"`
	ResourceTags       types.Map    `tfsdk:"resource_tags"`

	AdminLocked           types.Bool   `tfsdk:"admin_locked"`
	Locked                types.Bool   `tfsdk:"locked"`
	ContractEndDate       types.String `tfsdk:"contract_end_date"`
	CreateDate            types.String `tfsdk:"create_date"`
	CreatedBy             types.String `tfsdk:"created_by"`
	ProductUID            types.String `tfsdk:"product_uid"`
	ProvisioningStatus    types.String `tfsdk:"provisioning_status"`
	ServiceLevelReference types.String `tfsdk:"service_level_reference"`
}

func (r *natGatewayResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_nat_gateway"
}

func (r *natGatewayResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A NAT gateway. Speed, session count, name, term, ASN, renewal, BGP default and tags change in " +
			"place; location, diversity zone and promotion code replace the gateway. Import it by its product UID.",
		Attributes: map[string]schema.Attribute{
			"id": output("Product UID of the NAT gateway."),
			"contract_term_months": schema.Int64Attribute{
				Required:    true,
				Description: "Contract term in months: 1 (month-to-month), 12, 24, 36, 48 or 60. Changes in place.",
				Validators:  []validator.Int64{int64validator.OneOf(contractTerms...)},
			},
			"diversity_zone": schema.StringAttribute{
				Required: true,
				Description: "Diversity zone within the location, one of the zones the location lists (such as red or " +
					"blue). Changing it replaces the NAT gateway.",
				Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"location_id": schema.Int64Attribute{
				Required: true,
				Description: "Numeric ID of a location that offers NAT gateways (from the netfab_location data source). " +
					"Changing it replaces the NAT gateway.",
				Validators:    []validator.Int64{int64validator.AtLeast(1)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"product_name": schema.StringAttribute{
				Required:    true,
				Description: "Identifiable name, 1 to 64 characters, not blank. Changes in place.",
				Validators: []validator.String{
					stringvalidator.UTF8LengthBetween(1, 64),
					stringvalidator.RegexMatches(regexp.MustCompile(`\S`), "must not be blank"),
				},
			},
			"speed": schema.Int64Attribute{
				Required:    true,
				Description: "Speed in Mbps: 1000, 2500, 5000 or 10000. Must pair with session_count. Changes in place.",
				Validators:  []validator.Int64{int64validator.OneOf(natGatewaySpeeds...)},
			},
			"session_count": schema.Int64Attribute{
				Required: true,
				Description: "Number of concurrent NAT sessions. Must pair validly with speed: " + natGatewayPairingsText() +
					". Changes in place.",
			},
			"asn": schema.Int64Attribute{
				Optional: true,
				Computed: true,
				Description: "Autonomous system number of the gateway, 1 to 4294967295. Changes in place. The service " +
					"cannot clear an ASN once set: removing it from the configuration keeps the current one.",
				Validators:    []validator.Int64{int64validator.Between(1, 4294967295)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
			"auto_renew_term": schema.BoolAttribute{
				Optional:    true,
				Computed:    true,
				Default:     booldefault.StaticBool(false),
				Description: "Whether the contract term renews automatically when it ends. Default false. Changes in place.",
			},
			"bgp_shutdown_default": schema.BoolAttribute{
				Optional:    true,
				Computed:    true,
				Default:     booldefault.StaticBool(false),
				Description: "Whether BGP sessions on the gateway are shut down by default. Default false. Changes in place.",
			},
			"promo_code": schema.StringAttribute{
				Optional: true,
				Description: "Promotion code applied to the order. Changing it replaces the NAT gateway (a new order). " +
					"The service does not return it, so it is not imported; the first plan after an import records the " +
					"configured code without replacing the gateway.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplaceIf(promoCodeRequiresReplace,
					"Changing the promotion code replaces the NAT gateway, except right after an import.",
					"Changing the promotion code replaces the NAT gateway, except right after an import.")},
			},
			"resource_tags": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "Resource tags. Changes in place.",
				Validators:  []validator.Map{mapvalidator.SizeAtLeast(1)},
			},
			"admin_locked":      boolOutput("Whether the service is locked by an administrator."),
			"locked":            boolOutput("Whether the service is locked."),
			"contract_end_date": schema.StringAttribute{Computed: true, Description: "End of the contract term; set once the gateway is LIVE."},
			"create_date":       output("Set by the API when the NAT gateway is ordered."),
			"created_by":        output("User who ordered the NAT gateway."),
			"product_uid":       output("Product UID of the NAT gateway."),
			"provisioning_status": schema.StringAttribute{
				Computed: true,
				Description: "Provisioning status, such as DEPLOYABLE, CONFIGURED or LIVE. While it is not yet CONFIGURED " +
					"or LIVE, the next apply waits for it.",
			},
			"service_level_reference": output("Service level reference of the NAT gateway, assigned by the API."),
		},
	}
}

func natGatewayPairingsText() string {
	parts := make([]string, 0, len(natGatewaySpeeds))
	for _, s := range natGatewaySpeeds {
		parts = append(parts, fmt.Sprintf("%d Mbps: %s", s, natGatewayJoin(natGatewaySessionCounts[s], " or ")))
	}
	return strings.Join(parts, "; ")
}

func natGatewayJoin(v []int64, sep string) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.FormatInt(n, 10)
	}
	return strings.Join(s, sep)
}

// promoCodeRequiresReplace replaces the gateway when the promotion code
// changes, unless the gateway was imported and no code is known for it yet.
func promoCodeRequiresReplace(ctx context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	if req.StateValue.IsNull() && req.Private != nil {
		v, diags := req.Private.GetKey(ctx, privatePromoCodeUnknown)
		resp.Diagnostics.Append(diags...)
		if len(v) > 0 {
			return
		}
	}
	resp.RequiresReplace = true
}

func (r *natGatewayResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.pd = framework.ProviderData[providerData](req.ProviderData, &resp.Diagnostics)
}

func (r *natGatewayResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var speed, sessions types.Int64
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("speed"), &speed)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("session_count"), &sessions)...)
	if resp.Diagnostics.HasError() || speed.IsNull() || speed.IsUnknown() || sessions.IsNull() || sessions.IsUnknown() {
		return
	}
	allowed, ok := natGatewaySessionCounts[speed.ValueInt64()]
	if !ok {
		return // the speed attribute's own validator reports it
	}
	if !slices.Contains(allowed, sessions.ValueInt64()) {
		resp.Diagnostics.AddAttributeError(path.Root("session_count"), "Invalid session_count for the speed",
			fmt.Sprintf("session_count %d does not pair with speed %d: at %d Mbps session_count must be %s. Allowed pairings: %s.",
				sessions.ValueInt64(), speed.ValueInt64(), speed.ValueInt64(), natGatewayJoin(allowed, " or "), natGatewayPairingsText()))
	}
}

// ModifyPlan resumes the wait for a gateway still being provisioned (see
// planResumeIfPending in product.go).
func (r *natGatewayResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	planResumeIfPending(ctx, req, resp, "contract_end_date")
}

func (r *natGatewayResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var plan natGatewayModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	tags, diags := values.GoStringMap(ctx, plan.ResourceTags)
	resp.Diagnostics.Append(diags...)
	item := netfabapi.OrderItem{
		ProductType:        netfabapi.ProductTypeNATGateway,
		ProductName:        plan.ProductName.ValueString(),
		LocationID:         plan.LocationID.ValueInt64(),
		ContractTermMonths: plan.ContractTermMonths.ValueInt64(),
		DiversityZone:      plan.DiversityZone.ValueString(),
		PromoCode:          plan.PromoCode.ValueString(),
		ResourceTags:       tags,
		NATGateway: &netfabapi.NATConfig{
			Speed:              plan.Speed.ValueInt64(),
			SessionCount:       plan.SessionCount.ValueInt64(),
			ASN:                plan.ASN.ValueInt64(), // 0 (left out) when not configured
			AutoRenewTerm:      plan.AutoRenewTerm.ValueBool(),
			BGPShutdownDefault: plan.BGPShutdownDefault.ValueBool(),
		},
	}
	p, err := orderProduct(ctx, r.pd.client, item)
	if err != nil {
		resp.Diagnostics.AddError("Cannot order the NAT gateway", err.Error())
		return
	}
	// Saved before anything else can fail: the NAT gateway exists and is billed.
	resp.Diagnostics.Append(plan.fromProduct(ctx, p, tags)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)

	p = awaitProvisioned(ctx, r.pd, p, "NAT gateway", &resp.Diagnostics)
	resp.Diagnostics.Append(plan.fromProduct(ctx, p, tags)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *natGatewayResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var state natGatewayModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	p, ok := readProductForState(ctx, r.pd.client, state.ID.ValueString(), netfabapi.ProductTypeNATGateway, "NAT gateway", resp)
	if !ok {
		return
	}
	tags, err := r.pd.client.ResourceTags(ctx, p.ProductUID)
	if err != nil {
		resp.Diagnostics.AddError("Cannot read the NAT gateway's resource tags", err.Error())
		return
	}
	resp.Diagnostics.Append(state.fromProduct(ctx, p, tags)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *natGatewayResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var plan, state natGatewayModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	uid := state.ID.ValueString()
	nat := &netfabapi.NATUpdate{
		Speed:              plan.Speed.ValueInt64Pointer(),
		SessionCount:       plan.SessionCount.ValueInt64Pointer(),
		AutoRenewTerm:      plan.AutoRenewTerm.ValueBoolPointer(),
		BGPShutdownDefault: plan.BGPShutdownDefault.ValueBoolPointer(),
	}
	if !plan.ASN.IsNull() && !plan.ASN.IsUnknown() {
		nat.ASN = plan.ASN.ValueInt64Pointer()
	}
	upd := netfabapi.ProductUpdate{
		ProductName:        plan.ProductName.ValueStringPointer(),
		ContractTermMonths: plan.ContractTermMonths.ValueInt64Pointer(),
		NATGateway:         nat,
	}
	p, err := r.pd.client.UpdateProduct(ctx, uid, upd)
	if err != nil {
		resp.Diagnostics.AddError("Cannot update NAT gateway "+uid, err.Error())
		return
	}
	tags, diags := values.GoStringMap(ctx, plan.ResourceTags)
	resp.Diagnostics.Append(diags...)
	if !plan.ResourceTags.Equal(state.ResourceTags) {
		if tags, err = r.pd.client.SetResourceTags(ctx, uid, tags); err != nil {
			resp.Diagnostics.AddError("Cannot update the NAT gateway's resource tags", err.Error())
			return
		}
	}
	if !plan.PromoCode.IsNull() {
		// A code recorded after an import is known from now on.
		resp.Diagnostics.Append(resp.Private.SetKey(ctx, privatePromoCodeUnknown, nil)...)
	}
	p = awaitProvisioned(ctx, r.pd, p, "NAT gateway", &resp.Diagnostics)
	resp.Diagnostics.Append(plan.fromProduct(ctx, p, tags)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *natGatewayResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	if !framework.RequireConfigured(r.pd, &resp.Diagnostics) {
		return
	}
	var state natGatewayModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	cancelProduct(ctx, r.pd.client, state.ID.ValueString(), "NAT gateway", &resp.Diagnostics)
}

func (r *natGatewayResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if strings.TrimSpace(req.ID) == "" || strings.Contains(req.ID, ":") {
		resp.Diagnostics.AddError("Invalid import identifier",
			fmt.Sprintf("import identifier %q is not of the shape <PRODUCT_UID>: import a NAT gateway by its product UID.", req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privatePromoCodeUnknown, []byte(`true`))...)
}

// fromProduct copies what the service reports into the model. promo_code is
// kept as planned: the service does not return it.
func (m *natGatewayModel) fromProduct(ctx context.Context, p netfabapi.Product, tags map[string]string) diag.Diagnostics {
	var diags diag.Diagnostics
	m.ID = types.StringValue(p.ProductUID)
	m.ContractTermMonths = types.Int64Value(p.ContractTermMonths)
	m.DiversityZone = types.StringValue(p.DiversityZone)
	m.LocationID = types.Int64Value(p.LocationID)
	m.ProductName = types.StringValue(p.ProductName)
	if p.NATGateway != nil {
		m.Speed = types.Int64Value(p.NATGateway.Speed)
		m.SessionCount = types.Int64Value(p.NATGateway.SessionCount)
		m.ASN = values.Int64OrNull(p.NATGateway.ASN)
		m.AutoRenewTerm = types.BoolValue(p.NATGateway.AutoRenewTerm)
		m.BGPShutdownDefault = types.BoolValue(p.NATGateway.BGPShutdownDefault)
		m.ServiceLevelReference = types.StringValue(p.NATGateway.ServiceLevelReference)
	} else {
		diags.AddError("NAT gateway without its natGateway section",
			fmt.Sprintf("The service answered product %s without NAT gateway details; this is a service bug.", p.ProductUID))
	}
	var d diag.Diagnostics
	m.ResourceTags, d = values.StringMap(ctx, tags, true)
	diags.Append(d...)
	m.AdminLocked = types.BoolValue(p.AdminLocked)
	m.Locked = types.BoolValue(p.Locked)
	m.ContractEndDate = types.StringValue(p.ContractEndDate)
	m.CreateDate = types.StringValue(p.CreateDate)
	m.CreatedBy = types.StringValue(p.CreatedBy)
	m.ProductUID = types.StringValue(p.ProductUID)
	m.ProvisioningStatus = types.StringValue(p.ProvisioningStatus)
	return diags
}
