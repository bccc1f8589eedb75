package netfab

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework/values"
)

// NewVxcsDataSource is the netfab_vxcs data source: the account's virtual
// cross-connects, or one of them.
func NewVxcsDataSource() datasource.DataSource {
	return &productList[vxcItemModel]{
		name:        "vxcs",
		productType: netfabapi.ProductTypeVXC,
		label:       "VXC",
		description: "Lists the account's virtual cross-connects (VXC). Without `product_uid`, every active VXC (not " +
			"cancelled or decommissioned) is listed, ordered by product ID; with it, exactly that VXC, in whatever state " +
			"it is. `include_resource_tags` costs one extra API call per VXC listed.",
		withTags: true,
		items: map[string]schema.Attribute{
			"product_uid":          dsComputedString("Product UID of the VXC."),
			"product_id":           dsComputedInt64("Numeric product ID."),
			"product_name":         dsComputedString("Name of the VXC."),
			"provisioning_status":  dsComputedString("Provisioning status, such as DEPLOYABLE, CONFIGURED, LIVE or CANCELLED."),
			"location_id":          dsComputedInt64("Numeric ID of the location of the VXC's A end."),
			"market":               dsComputedString("Market (billing region)."),
			"rate_limit":           dsComputedInt64("Rate limit in Mbps."),
			"a_end_product_uid":    dsComputedString("Product UID of the A end: one of the account's ports, MCRs or MVEs."),
			"a_end_vlan":           dsComputedInt64("VLAN on the A end."),
			"b_end_product_uid":    dsComputedString("Product UID of the B end: a port, MCR or MVE, or a partner port."),
			"b_end_vlan":           dsComputedInt64("VLAN on the B end; null when the B end is a partner port and none was set."),
			"contract_term_months": dsComputedInt64("Contract term in months; 1 is month-to-month."),
			"contract_start_date":  dsComputedString("Start of the contract term; null until the VXC is live."),
			"contract_end_date":    dsComputedString("End of the contract term; null until the VXC is live."),
			"cost_centre":          dsComputedString("Customer reference for billing; null when not set."),
			"create_date":          dsComputedString("When the VXC was ordered, set by the API."),
			"live_date":            dsComputedString("When the VXC went live, set by the API; null until then."),
			"resource_tags":        resourceTagsItemAttribute(),
		},
		itemOf: vxcItem,
	}
}

type vxcItemModel struct {
	ProductUID         types.String `tfsdk:"product_uid"`
	ProductID          types.Int64  `tfsdk:"product_id"`
	ProductName        types.String `tfsdk:"product_name"`
	ProvisioningStatus types.String `tfsdk:"provisioning_status"`
	LocationID         types.Int64  `tfsdk:"location_id"`
	Market             types.String `tfsdk:"market"`
	RateLimit          types.Int64  `tfsdk:"rate_limit"`
	AEndProductUID     types.String `tfsdk:"a_end_product_uid"`
	AEndVLAN           types.Int64  `tfsdk:"a_end_vlan"`
	BEndProductUID     types.String `tfsdk:"b_end_product_uid"`
	BEndVLAN           types.Int64  `tfsdk:"b_end_vlan"`
	ContractTermMonths types.Int64  `tfsdk:"contract_term_months"`
	ContractStartDate  types.String `tfsdk:"contract_start_date"`
	ContractEndDate    types.String `tfsdk:"contract_end_date"`
	CostCentre         types.String `tfsdk:"cost_centre"`
	CreateDate         types.String `tfsdk:"create_date"`
	LiveDate           types.String `tfsdk:"live_date"`
	ResourceTags       types.Map    `tfsdk:"resource_tags"`
}

func vxcItem(p netfabapi.Product, tags types.Map) vxcItemModel {
	item := vxcItemModel{
		ProductUID:         types.StringValue(p.ProductUID),
		ProductID:          types.Int64Value(p.ProductID),
		ProductName:        types.StringValue(p.ProductName),
		ProvisioningStatus: types.StringValue(p.ProvisioningStatus),
		LocationID:         types.Int64Value(p.LocationID),
		Market:             types.StringValue(p.Market),
		RateLimit:          types.Int64Null(),
		AEndProductUID:     types.StringNull(),
		AEndVLAN:           types.Int64Null(),
		BEndProductUID:     types.StringNull(),
		BEndVLAN:           types.Int64Null(),
		ContractTermMonths: types.Int64Value(p.ContractTermMonths),
		ContractStartDate:  values.StringOrNull(p.ContractStartDate),
		ContractEndDate:    values.StringOrNull(p.ContractEndDate),
		CostCentre:         values.StringOrNull(p.CostCentre),
		CreateDate:         values.StringOrNull(p.CreateDate),
		LiveDate:           values.StringOrNull(p.LiveDate),
		ResourceTags:       tags,
	}
	if v := p.VXC; v != nil {
		item.RateLimit = types.Int64Value(v.RateLimit)
		item.AEndProductUID = types.StringValue(v.AEndProductUID)
		item.AEndVLAN = values.Int64OrNull(v.AEndVLAN)
		item.BEndProductUID = types.StringValue(v.BEndProductUID)
		item.BEndVLAN = values.Int64OrNull(v.BEndVLAN)
	}
	return item
}
