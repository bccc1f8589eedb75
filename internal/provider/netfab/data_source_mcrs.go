package netfab

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

var _ datasource.DataSourceWithConfigure = (*mcrsDataSource)(nil)

// NewMcrsDataSource is the netfab_mcrs data source: the account's cloud
// routers, or one of them.
func NewMcrsDataSource() datasource.DataSource { return &mcrsDataSource{} }

type mcrsDataSource struct{ pd *providerData }

type mcrsModel struct {
	ID         types.String   `tfsdk:"id"`
	ProductUID types.String   `tfsdk:"product_uid"`
	MCRs       []mcrItemModel `tfsdk:"mcrs"`
}

type mcrItemModel struct {
	ProductUID            types.String `tfsdk:"product_uid"`
	ProductID             types.Int64  `tfsdk:"product_id"`
	ProductName           types.String `tfsdk:"product_name"`
	ProvisioningStatus    types.String `tfsdk:"provisioning_status"`
	LocationID            types.Int64  `tfsdk:"location_id"`
	Market                types.String `tfsdk:"market"`
	PortSpeed             types.Int64  `tfsdk:"port_speed"`
	ContractTermMonths    types.Int64  `tfsdk:"contract_term_months"`
	ContractStartDate     types.String `tfsdk:"contract_start_date"`
	ContractEndDate       types.String `tfsdk:"contract_end_date"`
	DiversityZone         types.String `tfsdk:"diversity_zone"`
	ASN                   types.Int64  `tfsdk:"asn"`
	CostCentre            types.String `tfsdk:"cost_centre"`
	MarketplaceVisibility types.Bool   `tfsdk:"marketplace_visibility"`
	VXCPermitted          types.Bool   `tfsdk:"vxc_permitted"`
	CreateDate            types.String `tfsdk:"create_date"`
	LiveDate              types.String `tfsdk:"live_date"`
}

func (d *mcrsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_mcrs"
}

func (d *mcrsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the account's cloud routers (MCR). Without `product_uid`, every active MCR (not cancelled or " +
			"decommissioned) is listed, ordered by product ID; with it, exactly that MCR, in whatever state it is.",
		Attributes: map[string]schema.Attribute{
			"id": lookupIDAttribute(),
			"product_uid": schema.StringAttribute{
				Optional:    true,
				Description: "Product UID of one MCR to read. When omitted, all active MCRs are returned.",
				Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"mcrs": schema.ListNestedAttribute{
				Computed:    true,
				Description: "The MCRs.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"product_uid":          dsComputedString("Product UID of the MCR."),
					"product_id":           dsComputedInt64("Numeric product ID."),
					"product_name":         dsComputedString("Name of the MCR."),
					"provisioning_status":  dsComputedString("Provisioning status, such as DEPLOYABLE, CONFIGURED, LIVE or CANCELLED."),
					"location_id":          dsComputedInt64("Numeric ID of the MCR's location."),
					"market":               dsComputedString("Market (billing region)."),
					"port_speed":           dsComputedInt64("Speed in Mbps, shared by all connections through the router."),
					"contract_term_months": dsComputedInt64("Contract term in months; 1 is month-to-month."),
					"contract_start_date":  dsComputedString("Start of the contract term; null until the MCR is live."),
					"contract_end_date":    dsComputedString("End of the contract term; null until the MCR is live."),
					"diversity_zone":       dsComputedString("Diversity zone within the location."),
					"asn":                  dsComputedInt64("ASN of the router."),
					"cost_centre":          dsComputedString("Customer reference for billing; null when not set."),
					"marketplace_visibility": schema.BoolAttribute{
						Computed: true, Description: "Whether the MCR is visible in the marketplace.",
					},
					"vxc_permitted": schema.BoolAttribute{
						Computed: true, Description: "Whether cross-connects can be created on the MCR.",
					},
					"create_date": dsComputedString("When the MCR was ordered, set by the API."),
					"live_date":   dsComputedString("When the MCR went live, set by the API; null until then."),
				}},
			},
		},
	}
}

func (d *mcrsDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.pd = framework.ProviderData[providerData](req.ProviderData, &resp.Diagnostics)
}

func (d *mcrsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m mcrsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() || !framework.RequireConfigured(d.pd, &resp.Diagnostics) {
		return
	}
	products, ok := lookupProducts(ctx, d.pd.client, client.ProductTypeMCR, m.ProductUID, &resp.Diagnostics)
	if !ok {
		return
	}
	m.ID = types.StringValue(lookupID("mcrs", "product_uid", m.ProductUID.ValueString()))
	m.MCRs = make([]mcrItemModel, 0, len(products))
	for _, p := range products {
		item := mcrItemModel{
			ProductUID:            types.StringValue(p.ProductUID),
			ProductID:             types.Int64Value(p.ProductID),
			ProductName:           types.StringValue(p.ProductName),
			ProvisioningStatus:    types.StringValue(p.ProvisioningStatus),
			LocationID:            types.Int64Value(p.LocationID),
			Market:                types.StringValue(p.Market),
			PortSpeed:             types.Int64Value(p.PortSpeed),
			ContractTermMonths:    types.Int64Value(p.ContractTermMonths),
			ContractStartDate:     values.StringOrNull(p.ContractStartDate),
			ContractEndDate:       values.StringOrNull(p.ContractEndDate),
			DiversityZone:         values.StringOrNull(p.DiversityZone),
			ASN:                   types.Int64Null(),
			CostCentre:            values.StringOrNull(p.CostCentre),
			MarketplaceVisibility: types.BoolValue(p.MarketplaceVisibility),
			VXCPermitted:          types.BoolValue(p.VXCPermitted),
			CreateDate:            values.StringOrNull(p.CreateDate),
			LiveDate:              values.StringOrNull(p.LiveDate),
		}
		if p.MCR != nil {
			item.ASN = types.Int64Value(p.MCR.ASN)
		}
		m.MCRs = append(m.MCRs, item)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// The listing data sources (netfab_mcrs, netfab_mves, netfab_vxcs) share the
// helpers below.

// productTypeLabels names product types in messages.
var productTypeLabels = map[string]string{
	client.ProductTypePort: "port", client.ProductTypeMCR: "MCR", client.ProductTypeMVE: "MVE",
	client.ProductTypeVXC: "VXC", client.ProductTypeIX: "IX", client.ProductTypeNATGateway: "NAT gateway",
}

// lookupProducts returns the product uid, in any state, when uid is set (it must
// be of productType), or else every active product of productType.
func lookupProducts(ctx context.Context, c *client.Client, productType string, uid types.String, diags *diag.Diagnostics) ([]client.Product, bool) {
	label := productTypeLabels[productType]
	if uid.IsNull() {
		products, err := c.Products(ctx, productType)
		if err != nil {
			diags.AddError(fmt.Sprintf("Cannot list the %ss", label), err.Error())
			return nil, false
		}
		return products, true
	}
	p, err := c.Product(ctx, uid.ValueString())
	if client.IsNotFound(err) {
		diags.AddAttributeError(path.Root("product_uid"), fmt.Sprintf("%s not found", label),
			fmt.Sprintf("No product has the UID %q.", uid.ValueString()))
		return nil, false
	}
	if err != nil {
		diags.AddError(fmt.Sprintf("Cannot read %s %s", label, uid.ValueString()), err.Error())
		return nil, false
	}
	if p.ProductType != productType {
		what := productTypeLabels[p.ProductType]
		if what == "" {
			what = p.ProductType
		}
		diags.AddAttributeError(path.Root("product_uid"), fmt.Sprintf("Product is not %s", productArticle(label)),
			fmt.Sprintf("Product %s (%q) is %s, not %s.", p.ProductUID, p.ProductName, productArticle(what), productArticle(label)))
		return nil, false
	}
	return []client.Product{p}, true
}

// resourceTagsOf reads the resource tags of a product: one API call. A
// product without tags has an empty map, so that "asked, none" differs from
// "not asked" (null).
func resourceTagsOf(ctx context.Context, c *client.Client, p client.Product, diags *diag.Diagnostics) types.Map {
	tags, err := c.ResourceTags(ctx, p.ProductUID)
	if err != nil {
		diags.AddError(fmt.Sprintf("Cannot read the resource tags of %s %s", productTypeLabels[p.ProductType], p.ProductUID), err.Error())
		return types.MapNull(types.StringType)
	}
	m, d := values.StringMap(ctx, tags, false)
	diags.Append(d...)
	return m
}

// lookupIDAttribute is the `id` of the listing data sources.
func lookupIDAttribute() schema.StringAttribute {
	return schema.StringAttribute{
		Computed:    true,
		Description: "Identifier of this lookup, derived from the data source and its arguments.",
	}
}

// lookupID is a stable identifier of a lookup: the data source's name and its
// set arguments as a query string, such as "mcrs?product_uid=...". Pairs with
// an empty value are left out.
func lookupID(name string, pairs ...string) string {
	q := url.Values{}
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] != "" {
			q.Set(pairs[i], pairs[i+1])
		}
	}
	if len(q) == 0 {
		return name
	}
	return name + "?" + q.Encode()
}

func dsComputedString(desc string) schema.StringAttribute {
	return schema.StringAttribute{Computed: true, Description: desc}
}

func dsComputedInt64(desc string) schema.Int64Attribute {
	return schema.Int64Attribute{Computed: true, Description: desc}
}

// lookupBool formats an optional bool for lookupID: "" when null.
func lookupBool(b types.Bool) string {
	if b.IsNull() || b.IsUnknown() {
		return ""
	}
	return fmt.Sprint(b.ValueBool())
}

// lookupInt64 formats an optional int64 for lookupID: "" when null.
func lookupInt64(n types.Int64) string {
	if n.IsNull() || n.IsUnknown() {
		return ""
	}
	return fmt.Sprint(n.ValueInt64())
}

// productArticle prefixes a product label with "a" or "an" as it is spoken:
// an MCR, an MVE, an IX, a VXC, a port.
func productArticle(label string) string {
	if label != "" && strings.ContainsRune("AEIOMX", rune(label[0])) {
		return "an " + label
	}
	return "a " + label
}
