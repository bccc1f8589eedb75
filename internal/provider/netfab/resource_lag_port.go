package netfab

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

var (
	_ resource.ResourceWithConfigure   = (*lagPortResource)(nil)
	_ resource.ResourceWithImportState = (*lagPortResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*lagPortResource)(nil)
)

// lagPortSpeeds are the member speeds of a LAG port, as upstream lists them
// (400000 where a location offers it).
var lagPortSpeeds = []int64{10000, 100000, 400000}

// NewLagPortResource is the netfab_lag_port resource: a link aggregation
// group of ports ordered together.
func NewLagPortResource() resource.Resource {
	return &lagPortResource{newOrderedResource("lag_port", lagPortProduct)}
}

type lagPortResource struct{ orderedResource[lagPortModel] }

type lagPortModel struct {
	productInputs
	PortSpeed             types.Int64  `tfsdk:"port_speed"`
	LocationID            types.Int64  `tfsdk:"location_id"`
	MarketplaceVisibility types.Bool   `tfsdk:"marketplace_visibility"`
	LagCount              types.Int64  `tfsdk:"lag_count"`
	DiversityZone         types.String `tfsdk:"diversity_zone"`
	Cancelable            types.Bool   `tfsdk:"cancelable"`
	CompanyUID            types.String `tfsdk:"company_uid"`
	ContractEndDate       types.String `tfsdk:"contract_end_date"`
	ContractStartDate     types.String `tfsdk:"contract_start_date"`
	CreateDate            types.String `tfsdk:"create_date"`
	CreatedBy             types.String `tfsdk:"created_by"`
	LagPortUIDs           types.List   `tfsdk:"lag_port_uids"`
	LastUpdated           types.String `tfsdk:"last_updated"`
	LiveDate              types.String `tfsdk:"live_date"`
	Locked                types.Bool   `tfsdk:"locked"`
	Market                types.String `tfsdk:"market"`
	ProductID             types.Int64  `tfsdk:"product_id"`
	ProductUID            types.String `tfsdk:"product_uid"`
	ProvisioningStatus    types.String `tfsdk:"provisioning_status"`
	Resources             types.Object `tfsdk:"resources"`
	TerminateDate         types.String `tfsdk:"terminate_date"`
	UsageAlgorithm        types.String `tfsdk:"usage_algorithm"`
	Virtual               types.Bool   `tfsdk:"virtual"`
	VXCAutoApproval       types.Bool   `tfsdk:"vxc_auto_approval"`
	VXCPermitted          types.Bool   `tfsdk:"vxc_permitted"`
}

var (
	lagInterfaceAttrTypes = map[string]attr.Type{"demarcation": types.StringType, "up": types.Int64Type}
	lagResourcesAttrTypes = map[string]attr.Type{"interface": types.ObjectType{AttrTypes: lagInterfaceAttrTypes}}
)

func (r *lagPortResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A link aggregation group (LAG) port: `lag_count` ports of one speed at one location, bundled into one " +
			"data path that spreads the traffic over them. It is billed as its member ports and is a port like any other: " +
			"cross-connects and internet-exchange connections ride on it. Name, contract term, marketplace visibility, cost " +
			"centre, promotion code and resource tags change in place; speed, location, diversity zone and the number of " +
			"member ports replace it. Import it by its product UID.",
		Attributes: map[string]schema.Attribute{
			"timeouts":     provisioningWaits("LAG port").Attribute(ctx),
			"id":           output("Product UID of the LAG port."),
			"product_name": productNameAttribute("LAG port"),
			"port_speed": schema.Int64Attribute{
				Required: true,
				Description: "Speed of each member port in Mbps: 10000, 100000 or 400000, as offered at the location. " +
					"Changing it replaces the LAG port.",
				Validators:    []validator.Int64{int64validator.OneOf(lagPortSpeeds...)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"location_id": schema.Int64Attribute{
				Required:      true,
				Description:   "Numeric location ID (from the netfab_location data source). Changing it replaces the LAG port.",
				Validators:    []validator.Int64{int64validator.AtLeast(1)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"contract_term_months": schema.Int64Attribute{
				Required:    true,
				Description: "Contract term in months: 1 (month-to-month), 12, 24, 36, 48 or 60. Changes in place.",
				Validators:  []validator.Int64{int64validator.OneOf(contractTerms...)},
			},
			"marketplace_visibility": schema.BoolAttribute{
				Required:    true,
				Description: "Whether the LAG port is visible in the marketplace. Changes in place.",
			},
			"lag_count": schema.Int64Attribute{
				Required:      true,
				Description:   "Number of member ports, 1 to 8. Changing it replaces the LAG port (a LAG of another size is a new order).",
				Validators:    []validator.Int64{int64validator.Between(1, 8)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"cost_centre": costCentreAttribute("Customer reference for billing, printed on invoices."),
			"diversity_zone": schema.StringAttribute{
				Optional:    true,
				Computed:    true,
				Description: "Diversity zone within the location; allocated by the service when omitted. Changing it replaces the LAG port.",
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.UseStateForUnknown(),
					stringplanmodifier.RequiresReplaceIfConfigured(),
				},
			},
			"promo_code": promoCodeAttribute("Changing it records the new code for the coming invoices, in place."),
			"resource_tags": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "Resource tags: keys 1 to 128 characters, values at most 256. Changes in place.",
				Validators:  tagsValidators(),
			},
			"cancelable":          boolOutput("Whether the LAG port can be cancelled."),
			"company_uid":         output("UID of the owning company."),
			"contract_end_date":   output("End of the contract term; set when the LAG port goes live, and moved by a change of contract_term_months."),
			"contract_start_date": output("Start of the contract term: when the LAG port went live."),
			"create_date":         output("Set by the API when the LAG port is ordered."),
			"created_by":          output("User who ordered the LAG port."),
			"lag_port_uids": schema.ListAttribute{
				ElementType:   types.StringType,
				Computed:      true,
				Description:   "Product UIDs of the member ports, the LAG port's own first.",
				PlanModifiers: []planmodifier.List{listplanmodifier.UseStateForUnknown()},
			},
			"last_updated":        output("Time of the last change to the LAG port or its tags (RFC 3339, UTC)."),
			"live_date":           output("When the LAG port went live."),
			"locked":              boolOutput("Whether the LAG port is locked."),
			"market":              output("Market (country) of the location."),
			"product_id":          intOutput("Numeric product ID."),
			"product_uid":         output("Product UID of the LAG port."),
			"provisioning_status": output("Provisioning status, such as DEPLOYABLE, CONFIGURED or LIVE. While it is not yet CONFIGURED or LIVE, the next apply waits for it."),
			"resources": schema.SingleNestedAttribute{
				Computed:      true,
				Description:   "Resources of the LAG port.",
				PlanModifiers: []planmodifier.Object{objectplanmodifier.UseStateForUnknown()},
				Attributes: map[string]schema.Attribute{
					"interface": schema.SingleNestedAttribute{
						Computed:    true,
						Description: "The aggregated interface.",
						Attributes: map[string]schema.Attribute{
							"demarcation": schema.StringAttribute{Computed: true, Description: "Where the interface is handed over: the location's name."},
							"up":          schema.Int64Attribute{Computed: true, Description: "1 while the LAG port is LIVE, else 0."},
						},
					},
				},
			},
			"terminate_date":    output("When the LAG port was cancelled; empty while it is active."),
			"usage_algorithm":   output("How the LAG port is billed: POST_PAID_FIXED_TERM for terms over one month, else POST_PAID_HOURLY_SPEED."),
			"virtual":           boolOutput("Whether the product is virtual; always false for a LAG port."),
			"vxc_auto_approval": boolOutput("Whether cross-connects to the LAG port are approved automatically."),
			"vxc_permitted":     boolOutput("Whether cross-connects can be created on the LAG port."),
		},
	}
}

// lagPortProductInputs are the inputs an update sends to the product (and
// its tags): changing any of them changes last_updated.
var lagPortProductInputs = []string{"product_name", "cost_centre", "marketplace_visibility", "contract_term_months", "promo_code", "resource_tags"}

// lagPortDerivedValues are the LAG port's computed values that an update can
// change (see planDerivedValues); every other one is stable.
var lagPortDerivedValues = []derivedValue{
	{attr: "provisioning_status", untilLive: true},
	{attr: "live_date", untilLive: true},
	{attr: "contract_start_date", untilLive: true},
	{attr: "resources", untilLive: true},
	{attr: "contract_end_date", inputs: []string{"contract_term_months"}, untilLive: true},
	{attr: "usage_algorithm", inputs: []string{"contract_term_months"}},
	{attr: "last_updated", inputs: lagPortProductInputs, untilLive: true},
}

func (r *lagPortResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	planDerivedValues(ctx, req, resp, lagPortDerivedValues)
}

// fromProduct copies what the service reports.
func (m *lagPortModel) fromProduct(ctx context.Context, p netfabapi.Product, tags map[string]string) diag.Diagnostics {
	var diags diag.Diagnostics
	if p.LAG == nil {
		diags.AddError("Not a LAG port", fmt.Sprintf("Product %s is a port without member ports, not a LAG port: manage it with netfab_port.", p.ProductUID))
		return diags
	}
	diags.Append(m.inputsFromProduct(ctx, p, tags)...)
	m.PortSpeed = types.Int64Value(p.PortSpeed)
	m.LocationID = types.Int64Value(p.LocationID)
	m.MarketplaceVisibility = types.BoolValue(p.MarketplaceVisibility)
	m.LagCount = types.Int64Value(p.LAG.LagCount)
	m.DiversityZone = types.StringValue(p.DiversityZone)
	m.Cancelable = types.BoolValue(p.Cancelable)
	m.CompanyUID = types.StringValue(p.CompanyUID)
	m.ContractEndDate = types.StringValue(p.ContractEndDate)
	m.ContractStartDate = types.StringValue(p.ContractStartDate)
	m.CreateDate = types.StringValue(p.CreateDate)
	m.CreatedBy = types.StringValue(p.CreatedBy)
	m.LastUpdated = types.StringValue(p.LastUpdated)
	m.LiveDate = types.StringValue(p.LiveDate)
	m.Locked = types.BoolValue(p.Locked)
	m.Market = types.StringValue(p.Market)
	m.ProductID = types.Int64Value(p.ProductID)
	m.ProductUID = types.StringValue(p.ProductUID)
	m.ProvisioningStatus = types.StringValue(p.ProvisioningStatus)
	m.TerminateDate = types.StringValue(p.TerminateDate)
	m.UsageAlgorithm = types.StringValue(p.UsageAlgorithm)
	m.Virtual = types.BoolValue(p.Virtual)
	m.VXCAutoApproval = types.BoolValue(p.VXCAutoApproval)
	m.VXCPermitted = types.BoolValue(p.VXCPermitted)
	var d diag.Diagnostics
	m.LagPortUIDs, d = types.ListValueFrom(ctx, types.StringType, p.LAG.LagPortUIDs)
	diags.Append(d...)
	iface, d := types.ObjectValue(lagInterfaceAttrTypes, map[string]attr.Value{
		"demarcation": types.StringValue(p.LAG.Interface.Demarcation), "up": types.Int64Value(p.LAG.Interface.Up),
	})
	diags.Append(d...)
	m.Resources, d = types.ObjectValue(lagResourcesAttrTypes, map[string]attr.Value{"interface": iface})
	diags.Append(d...)
	return diags
}

// lagPortProduct is the LAG port's part of the ordered products' lifecycle.
var lagPortProduct = newPortProduct("LAG port", (*lagPortModel).inputs, (*lagPortModel).fromProduct)

// inputs are what the service is sent (see portInputs).
func (m *lagPortModel) inputs() portInputs {
	return portInputs{
		ID: m.ID, Timeouts: m.Timeouts, ProductName: m.ProductName, PortSpeed: m.PortSpeed, LocationID: m.LocationID,
		ContractTermMonths: m.ContractTermMonths, MarketplaceVisibility: m.MarketplaceVisibility, CostCentre: m.CostCentre,
		DiversityZone: m.DiversityZone, PromoCode: m.PromoCode, ResourceTags: m.ResourceTags, LAG: &netfabapi.LAGOrder{LagCount: m.LagCount.ValueInt64()},
	}
}

// Identity is the product UID, the import ID.
func (r *lagPortResource) Identity() framework.Identity { return productIdentity("LAG port") }
