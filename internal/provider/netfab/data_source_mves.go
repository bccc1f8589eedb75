package netfab

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework/values"
)

// NewMvesDataSource is the netfab_mves data source: the account's virtual
// edges, or one of them.
func NewMvesDataSource() datasource.DataSource {
	return &productList[mveItemModel]{
		name:        "mves",
		productType: netfabapi.ProductTypeMVE,
		label:       "MVE",
		description: "Lists the account's virtual edges (MVE). Without `product_uid`, every active MVE (not cancelled or " +
			"decommissioned) is listed, ordered by product ID; with it, exactly that MVE, in whatever state it is. " +
			"`include_resource_tags` costs one extra API call per MVE listed.",
		withTags: true,
		items: map[string]schema.Attribute{
			"product_uid":          dsComputedString("Product UID of the MVE."),
			"product_id":           dsComputedInt64("Numeric product ID."),
			"product_name":         dsComputedString("Name of the MVE."),
			"provisioning_status":  dsComputedString("Provisioning status, such as DEPLOYABLE, CONFIGURED, LIVE or CANCELLED."),
			"location_id":          dsComputedInt64("Numeric ID of the MVE's location."),
			"market":               dsComputedString("Market (billing region)."),
			"diversity_zone":       dsComputedString("Diversity zone within the location."),
			"image_id":             dsComputedInt64("ID of the MVE's software image (see the netfab_mve_images data source)."),
			"size":                 dsComputedString("Size of the MVE (see the netfab_mve_sizes data source)."),
			"vendor":               dsComputedString("Vendor of the MVE's image."),
			"port_speed":           dsComputedInt64("Capacity in Mbps the MVE offers the connections on it."),
			"contract_term_months": dsComputedInt64("Contract term in months; 1 is month-to-month."),
			"contract_start_date":  dsComputedString("Start of the contract term; null until the MVE is live."),
			"contract_end_date":    dsComputedString("End of the contract term; null until the MVE is live."),
			"cost_centre":          dsComputedString("Customer reference for billing; null when not set."),
			"marketplace_visibility": schema.BoolAttribute{
				Computed: true, Description: "Whether the MVE is visible in the marketplace.",
			},
			"vxc_permitted": schema.BoolAttribute{
				Computed: true, Description: "Whether cross-connects can be created on the MVE.",
			},
			"create_date":   dsComputedString("When the MVE was ordered, set by the API."),
			"live_date":     dsComputedString("When the MVE went live, set by the API; null until then."),
			"resource_tags": resourceTagsItemAttribute(),
		},
		itemOf: mveItem,
	}
}

type mveItemModel struct {
	ProductUID            types.String `tfsdk:"product_uid"`
	ProductID             types.Int64  `tfsdk:"product_id"`
	ProductName           types.String `tfsdk:"product_name"`
	ProvisioningStatus    types.String `tfsdk:"provisioning_status"`
	LocationID            types.Int64  `tfsdk:"location_id"`
	Market                types.String `tfsdk:"market"`
	DiversityZone         types.String `tfsdk:"diversity_zone"`
	ImageID               types.Int64  `tfsdk:"image_id"`
	Size                  types.String `tfsdk:"size"`
	Vendor                types.String `tfsdk:"vendor"`
	PortSpeed             types.Int64  `tfsdk:"port_speed"`
	ContractTermMonths    types.Int64  `tfsdk:"contract_term_months"`
	ContractStartDate     types.String `tfsdk:"contract_start_date"`
	ContractEndDate       types.String `tfsdk:"contract_end_date"`
	CostCentre            types.String `tfsdk:"cost_centre"`
	MarketplaceVisibility types.Bool   `tfsdk:"marketplace_visibility"`
	VXCPermitted          types.Bool   `tfsdk:"vxc_permitted"`
	CreateDate            types.String `tfsdk:"create_date"`
	LiveDate              types.String `tfsdk:"live_date"`
	ResourceTags          types.Map    `tfsdk:"resource_tags"`
}

func mveItem(p netfabapi.Product, tags types.Map) mveItemModel {
	item := mveItemModel{
		ProductUID:            types.StringValue(p.ProductUID),
		ProductID:             types.Int64Value(p.ProductID),
		ProductName:           types.StringValue(p.ProductName),
		ProvisioningStatus:    types.StringValue(p.ProvisioningStatus),
		LocationID:            types.Int64Value(p.LocationID),
		Market:                types.StringValue(p.Market),
		DiversityZone:         values.StringOrNull(p.DiversityZone),
		ImageID:               types.Int64Null(),
		Size:                  types.StringNull(),
		Vendor:                types.StringNull(),
		PortSpeed:             types.Int64Value(p.PortSpeed),
		ContractTermMonths:    types.Int64Value(p.ContractTermMonths),
		ContractStartDate:     values.StringOrNull(p.ContractStartDate),
		ContractEndDate:       values.StringOrNull(p.ContractEndDate),
		CostCentre:            values.StringOrNull(p.CostCentre),
		MarketplaceVisibility: types.BoolValue(p.MarketplaceVisibility),
		VXCPermitted:          types.BoolValue(p.VXCPermitted),
		CreateDate:            values.StringOrNull(p.CreateDate),
		LiveDate:              values.StringOrNull(p.LiveDate),
		ResourceTags:          tags,
	}
	if p.MVE != nil {
		item.ImageID = types.Int64Value(p.MVE.ImageID)
		item.Size = types.StringValue(p.MVE.Size)
		item.Vendor = values.StringOrNull(p.MVE.Vendor)
	}
	return item
}
