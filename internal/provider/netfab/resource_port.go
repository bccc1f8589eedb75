package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

var (
	_ resource.ResourceWithConfigure   = (*portResource)(nil)
	_ resource.ResourceWithImportState = (*portResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*portResource)(nil)
)

var portSpeeds = []int64{1000, 10000, 100000}

// NewPortResource is the netfab_port resource: a physical port in a data
// centre.
func NewPortResource() resource.Resource {
	return &portResource{newOrderedResource("port", portProduct)}
}

type portResource struct{ orderedResource[portModel] }

type portModel struct {
	productInputs
	PortSpeed             types.Int64  `tfsdk:"port_speed"`
	LocationID            types.Int64  `tfsdk:"location_id"`
	MarketplaceVisibility types.Bool   `tfsdk:"marketplace_visibility"`
	DiversityZone         types.String `tfsdk:"diversity_zone"`
	CreatedBy             types.String `tfsdk:"created_by"`
	CompanyUID            types.String `tfsdk:"company_uid"`
	ProductUID            types.String `tfsdk:"product_uid"`
	ProductID             types.Int64  `tfsdk:"product_id"`
	ProvisioningStatus    types.String `tfsdk:"provisioning_status"`
	CreateDate            types.String `tfsdk:"create_date"`
	LiveDate              types.String `tfsdk:"live_date"`
	ContractEndDate       types.String `tfsdk:"contract_end_date"`
	VXCPermitted          types.Bool   `tfsdk:"vxc_permitted"`
	LastUpdated           types.String `tfsdk:"last_updated"`
}

func (r *portResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	stable := []planmodifier.String{stringplanmodifier.UseStateForUnknown()}
	resp.Schema = schema.Schema{
		Description: "A physical port in a data centre, on which internet-exchange connections and cross-connects " +
			"are built. Import it by its product UID.",
		Attributes: map[string]schema.Attribute{
			"timeouts":     provisioningWaits("port").Attribute(ctx),
			"id":           schema.StringAttribute{Computed: true, Description: "Product UID of the port.", PlanModifiers: stable},
			"product_name": productNameAttribute("port"),
			"port_speed": schema.Int64Attribute{
				Required:      true,
				Description:   "Speed in Mbps: 1000, 10000 or 100000, as offered at the location. Changing it replaces the port.",
				Validators:    []validator.Int64{int64validator.OneOf(portSpeeds...)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"location_id": schema.Int64Attribute{
				Required:      true,
				Description:   "Numeric location ID (from the netfab_location data source). Changing it replaces the port.",
				Validators:    []validator.Int64{int64validator.AtLeast(1)},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"contract_term_months": schema.Int64Attribute{
				Required:    true,
				Description: "Contract term in months: 1, 12, 24, 36, 48 or 60. Changes in place.",
				Validators:  []validator.Int64{int64validator.OneOf(contractTerms...)},
			},
			"marketplace_visibility": schema.BoolAttribute{
				Optional:    true,
				Computed:    true,
				Default:     booldefault.StaticBool(false),
				Description: "Whether the port is visible in the marketplace. Default false. Changes in place.",
			},
			"cost_centre": costCentreAttribute("Customer reference for billing."),
			"promo_code":  promoCodeAttribute("Changing it records the new code for the coming invoices, in place."),
			"resource_tags": schema.MapAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "Resource tags: keys 1 to 128 characters, values at most 256. Changes in place.",
				Validators:  tagsValidators(),
			},
			"created_by":  schema.StringAttribute{Computed: true, Description: "User who ordered the port.", PlanModifiers: stable},
			"company_uid": schema.StringAttribute{Computed: true, Description: "UID of the owning company.", PlanModifiers: stable},
			"diversity_zone": schema.StringAttribute{
				Optional:    true,
				Computed:    true,
				Description: "Diversity zone within the location; allocated automatically when omitted. Changing it replaces the port.",
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.UseStateForUnknown(),
					stringplanmodifier.RequiresReplaceIfConfigured(),
				},
			},
			"product_uid": schema.StringAttribute{Computed: true, Description: "Product UID of the port.", PlanModifiers: stable},
			"product_id": schema.Int64Attribute{
				Computed: true, Description: "Numeric product ID.",
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
			"provisioning_status": schema.StringAttribute{
				Computed: true,
				Description: "Provisioning status, such as DEPLOYABLE, CONFIGURED or LIVE. While it is not yet CONFIGURED " +
					"or LIVE, the next apply waits for it.",
				PlanModifiers: stable,
			},
			"create_date":  schema.StringAttribute{Computed: true, Description: "Set by the API when the port is ordered.", PlanModifiers: stable},
			"live_date":    schema.StringAttribute{Computed: true, Description: "Set by the API when the port goes live.", PlanModifiers: stable},
			"last_updated": output("Time of the last change to the port or its tags (RFC 3339, UTC), as upstream's port has it."),
			"contract_end_date": schema.StringAttribute{
				Computed: true, Description: "End of the contract term; set when the port goes live, and moved by a change of contract_term_months.",
				PlanModifiers: stable,
			},
			"vxc_permitted": schema.BoolAttribute{
				Computed: true, Description: "Whether cross-connects can be created on the port.",
				PlanModifiers: []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

// portDerivedValues are the port's computed values that an update can
// change (see planDerivedValues); every other computed value is stable.
var portDerivedValues = []derivedValue{
	{attr: "provisioning_status", untilLive: true},
	{attr: "live_date", untilLive: true},
	{attr: "contract_end_date", inputs: []string{"contract_term_months"}, untilLive: true},
	{attr: "last_updated", inputs: portProductInputs, untilLive: true},
}

// portProductInputs are the inputs an update sends to the product (and its
// tags): changing any of them changes last_updated.
var portProductInputs = []string{"product_name", "cost_centre", "marketplace_visibility", "contract_term_months", "promo_code", "resource_tags"}

// fromProduct copies what the service reports.
func (m *portModel) fromProduct(ctx context.Context, p netfabapi.Product, tags map[string]string) diag.Diagnostics {
	diags := m.inputsFromProduct(ctx, p, tags)
	m.PortSpeed = types.Int64Value(p.PortSpeed)
	m.LocationID = types.Int64Value(p.LocationID)
	m.MarketplaceVisibility = types.BoolValue(p.MarketplaceVisibility)
	m.DiversityZone = types.StringValue(p.DiversityZone)
	m.CreatedBy = types.StringValue(p.CreatedBy)
	m.CompanyUID = types.StringValue(p.CompanyUID)
	m.ProductUID = types.StringValue(p.ProductUID)
	m.ProductID = types.Int64Value(p.ProductID)
	m.ProvisioningStatus = types.StringValue(p.ProvisioningStatus)
	m.CreateDate = types.StringValue(p.CreateDate)
	m.LiveDate = types.StringValue(p.LiveDate)
	m.ContractEndDate = types.StringValue(p.ContractEndDate)
	m.VXCPermitted = types.BoolValue(p.VXCPermitted)
	m.LastUpdated = types.StringValue(p.LastUpdated)
	return diags
}

func (r *portResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	planDerivedValues(ctx, req, resp, portDerivedValues)
}

// portProduct is the port's part of the ordered products' lifecycle.
var portProduct = newPortProduct("port", (*portModel).inputs, (*portModel).fromProduct)

// inputs are what the service is sent (see portInputs).
func (m *portModel) inputs() portInputs {
	return portInputs{
		ID: m.ID, Timeouts: m.Timeouts, ProductName: m.ProductName, PortSpeed: m.PortSpeed, LocationID: m.LocationID,
		ContractTermMonths: m.ContractTermMonths, MarketplaceVisibility: m.MarketplaceVisibility, CostCentre: m.CostCentre,
		DiversityZone: m.DiversityZone, PromoCode: m.PromoCode, ResourceTags: m.ResourceTags,
	}
}

// Identity is the product UID, the import ID.
func (r *portResource) Identity() framework.Identity { return productIdentity("port") }
