package netfab

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
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
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

var (
	_ resource.ResourceWithConfigure   = (*natGatewayResource)(nil)
	_ resource.ResourceWithImportState = (*natGatewayResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*natGatewayResource)(nil)
)

// natSessionMatrices holds, per API client, the NAT gateway speed and
// session-count matrix that the service publishes (GET
// /v3/nat-gateways/sessions). The vendor changes the matrix, so the provider
// keeps no copy of its own: it reads it once per provider process (one client
// per configured provider) when a plan first needs it.
var natSessionMatrices sync.Map // *client.Client -> *natSessionMatrix

type natSessionMatrix struct {
	mu     sync.Mutex
	counts map[int64][]int64
	speeds []int64
}

// natSessions returns the published matrix: counts by speed, and the speeds
// ascending. A failed read is not kept, so the next plan asks again.
func natSessions(ctx context.Context, c *client.Client) (map[int64][]int64, []int64, error) {
	v, _ := natSessionMatrices.LoadOrStore(c, &natSessionMatrix{})
	m, ok := v.(*natSessionMatrix)
	if !ok {
		return nil, nil, fmt.Errorf("internal error: NAT session matrix cache holds %T", v)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.counts == nil {
		pairings, err := c.NATSessionPairings(ctx)
		if err != nil {
			return nil, nil, err
		}
		m.counts = map[int64][]int64{}
		for _, p := range pairings {
			m.counts[p.Speed] = p.SessionCounts
			m.speeds = append(m.speeds, p.Speed)
		}
		slices.Sort(m.speeds)
	}
	return m.counts, m.speeds, nil
}

// NewNatGatewayResource is the netfab_nat_gateway resource: a NAT gateway.
func NewNatGatewayResource() resource.Resource {
	return &natGatewayResource{newOrderedResource("nat_gateway", natGatewayProduct)}
}

type natGatewayResource struct {
	orderedResource[natGatewayModel]
}

type natGatewayModel struct {
	ID                 types.String   `tfsdk:"id"`
	Timeouts           timeouts.Value `tfsdk:"timeouts"`
	ContractTermMonths types.Int64    `tfsdk:"contract_term_months"`
	DiversityZone      types.String   `tfsdk:"diversity_zone"`
	LocationID         types.Int64    `tfsdk:"location_id"`
	ProductName        types.String   `tfsdk:"product_name"`
	SessionCount       types.Int64    `tfsdk:"session_count"`
	Speed              types.Int64    `tfsdk:"speed"`
	ASN                types.Int64    `tfsdk:"asn"`
	AutoRenewTerm      types.Bool     `tfsdk:"auto_renew_term"`
	BGPShutdownDefault types.Bool     `tfsdk:"bgp_shutdown_default"`
	PromoCode          types.String   `tfsdk:"promo_code"`
	ResourceTags       types.Map      `tfsdk:"resource_tags"`

	AdminLocked           types.Bool   `tfsdk:"admin_locked"`
	Locked                types.Bool   `tfsdk:"locked"`
	ContractEndDate       types.String `tfsdk:"contract_end_date"`
	CreateDate            types.String `tfsdk:"create_date"`
	CreatedBy             types.String `tfsdk:"created_by"`
	ProductUID            types.String `tfsdk:"product_uid"`
	ProvisioningStatus    types.String `tfsdk:"provisioning_status"`
	ServiceLevelReference types.String `tfsdk:"service_level_reference"`
}

func (r *natGatewayResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A NAT gateway. Speed, session count, name, term, ASN, renewal, BGP default and tags change in " +
			"place; location, diversity zone and a changed promotion code replace the gateway. Import it by its product UID.",
		Attributes: map[string]schema.Attribute{
			"timeouts": provisioningWaits("NAT gateway").Attribute(ctx),
			"id":       output("Product UID of the NAT gateway."),
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
				Required: true,
				Description: "Speed in Mbps, one the service offers for NAT gateways (1000, 2500, 5000 or 10000 in the " +
					"sandbox). Must pair with session_count. Changes in place.",
				Validators: []validator.Int64{int64validator.AtLeast(1)},
			},
			"session_count": schema.Int64Attribute{
				Required: true,
				Description: "Number of concurrent NAT sessions. Must pair validly with speed, as the service's published " +
					"matrix says (in the sandbox, 1000 Mbps: 32768, 50000, 100000 or 250000; 2500: 100000, 200000 or 500000; " +
					"5000: 200000, 400000 or 1000000; 10000: 400000, 800000 or 2000000). The plan checks the pair against " +
					"the matrix the service publishes, read once per run. Changes in place.",
				Validators: []validator.Int64{int64validator.AtLeast(1)},
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
			"promo_code": promoCodeAttribute("Changing a code the state holds to another replaces the NAT gateway (a new order); a code "+
				"where the state holds none (after an import) is recorded in place.", replaceOnChangedPromoCode()),
			"resource_tags": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "Resource tags: keys 1 to 128 characters, values at most 256. Changes in place.",
				Validators:  tagsValidators(),
			},
			"admin_locked":      boolOutput("Whether the service is locked by an administrator."),
			"locked":            boolOutput("Whether the service is locked."),
			"contract_end_date": output("End of the contract term; set once the gateway is LIVE, and moved by a change of contract_term_months."),
			"create_date":       output("Set by the API when the NAT gateway is ordered."),
			"created_by":        output("User who ordered the NAT gateway."),
			"product_uid":       output("Product UID of the NAT gateway."),
			"provisioning_status": output("Provisioning status, such as DEPLOYABLE, CONFIGURED or LIVE. While it is not yet " +
				"CONFIGURED or LIVE, the next apply waits for it."),
			"service_level_reference": output("Service level reference of the NAT gateway, assigned by the API."),
		},
	}
}

func natGatewayJoin(v []int64, sep string) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.FormatInt(n, 10)
	}
	return strings.Join(s, sep)
}

// natGatewayDerivedValues are the NAT gateway's computed values that an
// update can change (see planDerivedValues); every other one is stable.
var natGatewayDerivedValues = []derivedValue{
	{attr: "provisioning_status", untilLive: true},
	{attr: "contract_end_date", inputs: []string{"contract_term_months"}, untilLive: true},
}

func (r *natGatewayResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	planDerivedValues(ctx, req, resp, natGatewayDerivedValues)
	r.checkSessionPairing(ctx, req, resp)
}

// checkSessionPairing refuses at plan time a speed and session count that
// the service's published matrix does not pair, when a gateway is created or
// its pair changes (a pair the vendor stopped offering does not block other
// changes of an existing gateway).
// natPairingSummary is the summary of a refused pair: upstream's words, which
// its users' tests match; the detail names the field and what is offered.
const natPairingSummary = "Invalid NAT Gateway speed / session count combination"

func (r *natGatewayResource) checkSessionPairing(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || r.PD == nil {
		return // destroy, or the provider is not configured yet
	}
	var speed, sessions types.Int64
	resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root("speed"), &speed)...)
	resp.Diagnostics.Append(resp.Plan.GetAttribute(ctx, path.Root("session_count"), &sessions)...)
	if resp.Diagnostics.HasError() || speed.IsNull() || speed.IsUnknown() || sessions.IsNull() || sessions.IsUnknown() {
		return
	}
	if !req.State.Raw.IsNull() {
		var priorSpeed, priorSessions types.Int64
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("speed"), &priorSpeed)...)
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("session_count"), &priorSessions)...)
		if speed.Equal(priorSpeed) && sessions.Equal(priorSessions) {
			return
		}
	}
	counts, speeds, err := natSessions(ctx, r.PD.client)
	if err != nil {
		resp.Diagnostics.AddWarning("Could not read the NAT gateway session matrix",
			"The speed and session_count pair is checked by the service when the change is applied instead: "+framework.ErrorDetail(err))
		return
	}
	allowed, ok := counts[speed.ValueInt64()]
	if !ok {
		resp.Diagnostics.AddAttributeError(path.Root("speed"), natPairingSummary,
			fmt.Sprintf("speed %d is not offered for NAT gateways; the service offers %s Mbps.", speed.ValueInt64(), natGatewayJoin(speeds, ", ")))
		return
	}
	if !slices.Contains(allowed, sessions.ValueInt64()) {
		resp.Diagnostics.AddAttributeError(path.Root("session_count"), natPairingSummary,
			fmt.Sprintf("session_count %d does not pair with speed %d: at %d Mbps the service offers session_count %s.",
				sessions.ValueInt64(), speed.ValueInt64(), speed.ValueInt64(), natGatewayJoin(allowed, ", ")))
	}
}

// natGatewayProduct is the NAT gateway's part of the ordered products'
// lifecycle. Its model has no last_updated, so a change of its tags needs
// no second read.
var natGatewayProduct = orderedProduct[natGatewayModel]{
	what:        "NAT gateway",
	productType: netfabapi.ProductTypeNATGateway,
	fields: func(m *natGatewayModel) orderedFields {
		return orderedFields{ID: m.ID, Timeouts: m.Timeouts, ResourceTags: m.ResourceTags}
	},
	order:         (*natGatewayModel).orderItem,
	productUpdate: (*natGatewayModel).productUpdate,
	fromProduct:   (*natGatewayModel).fromProduct,
}

// orderItem is the NAT gateway's order.
func (m *natGatewayModel) orderItem(context.Context, tfsdk.Config, *diag.Diagnostics) netfabapi.OrderItem {
	return netfabapi.OrderItem{
		ProductType:        netfabapi.ProductTypeNATGateway,
		ProductName:        m.ProductName.ValueString(),
		LocationID:         m.LocationID.ValueInt64(),
		ContractTermMonths: m.ContractTermMonths.ValueInt64(),
		DiversityZone:      m.DiversityZone.ValueString(),
		PromoCode:          m.PromoCode.ValueString(),
		NATGateway: &netfabapi.NATConfig{
			Speed:              m.Speed.ValueInt64(),
			SessionCount:       m.SessionCount.ValueInt64(),
			ASN:                m.ASN.ValueInt64(), // 0 (left out) when not configured
			AutoRenewTerm:      m.AutoRenewTerm.ValueBool(),
			BGPShutdownDefault: m.BGPShutdownDefault.ValueBool(),
		},
	}
}

// productUpdate is the change of the NAT gateway: every field it can change
// in place, always sent.
func (m *natGatewayModel) productUpdate(_ context.Context, _ tfsdk.Config, prior *natGatewayModel, _ *diag.Diagnostics) *netfabapi.ProductUpdate {
	nat := &netfabapi.NATUpdate{
		Speed:              m.Speed.ValueInt64Pointer(),
		SessionCount:       m.SessionCount.ValueInt64Pointer(),
		AutoRenewTerm:      m.AutoRenewTerm.ValueBoolPointer(),
		BGPShutdownDefault: m.BGPShutdownDefault.ValueBoolPointer(),
	}
	if !m.ASN.IsNull() && !m.ASN.IsUnknown() {
		nat.ASN = m.ASN.ValueInt64Pointer()
	}
	return &netfabapi.ProductUpdate{
		ProductName:        m.ProductName.ValueStringPointer(),
		ContractTermMonths: m.ContractTermMonths.ValueInt64Pointer(),
		// A changed code replaces the gateway (its plan modifier); one
		// recorded where the state had none (after an import) is sent as is,
		// and a removed one is cleared in place.
		PromoCode:  promoCodeUpdate(m.PromoCode, prior.PromoCode),
		NATGateway: nat,
	}
}

// fromProduct copies what the service reports into the model.
func (m *natGatewayModel) fromProduct(ctx context.Context, p netfabapi.Product, tags map[string]string) diag.Diagnostics {
	var diags diag.Diagnostics
	// PromoCode is never read back (promoCodeAttribute).
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

// Identity is the product UID, the import ID.
func (r *natGatewayResource) Identity() framework.Identity { return productIdentity("NAT gateway") }
