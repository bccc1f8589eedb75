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
		dataSourceBase: dataSourceBase{Name: "vxcs"},
		productType:    netfabapi.ProductTypeVXC,
		label:          "VXC",
		description: "Lists the account's virtual cross-connects (VXC). Without `product_uid`, every active VXC (not " +
			"cancelled or decommissioned) is listed, ordered by product ID; with it, exactly that VXC, in whatever state " +
			"it is. `include_resource_tags` costs one extra API call per VXC listed.",
		withTags: true,
		items: map[string]schema.Attribute{
			"location_id":       dsComputedInt64("Numeric ID of the location of the VXC's A end."),
			"rate_limit":        dsComputedInt64("Rate limit in Mbps."),
			"a_end_product_uid": dsComputedString("Product UID of the A end: one of the account's ports, MCRs or MVEs."),
			"a_end_vlan":        dsComputedInt64("VLAN on the A end."),
			"b_end_product_uid": dsComputedString("Product UID of the B end: a port, MCR or MVE, or a partner port."),
			"b_end_vlan":        dsComputedInt64("VLAN on the B end; null when the B end is a partner port and none was set."),
			"resource_tags":     resourceTagsItemAttribute(),
		},
		itemOf: vxcItem,
	}
}

type vxcItemModel struct {
	listedProduct
	RateLimit      types.Int64  `tfsdk:"rate_limit"`
	AEndProductUID types.String `tfsdk:"a_end_product_uid"`
	AEndVLAN       types.Int64  `tfsdk:"a_end_vlan"`
	BEndProductUID types.String `tfsdk:"b_end_product_uid"`
	BEndVLAN       types.Int64  `tfsdk:"b_end_vlan"`
	ResourceTags   types.Map    `tfsdk:"resource_tags"`
}

func vxcItem(p netfabapi.Product, tags types.Map) vxcItemModel {
	item := vxcItemModel{
		listedProduct:  listedProductOf(p),
		RateLimit:      types.Int64Null(),
		AEndProductUID: types.StringNull(),
		AEndVLAN:       types.Int64Null(),
		BEndProductUID: types.StringNull(),
		BEndVLAN:       types.Int64Null(),
		ResourceTags:   tags,
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
