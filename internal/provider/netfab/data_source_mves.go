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
		dataSourceBase: dataSourceBase{Name: "mves"},
		productType:    netfabapi.ProductTypeMVE,
		label:          "MVE",
		description: "Lists the account's virtual edges (MVE). Without `product_uid`, every active MVE (not cancelled or " +
			"decommissioned) is listed, ordered by product ID; with it, exactly that MVE, in whatever state it is. " +
			"`include_resource_tags` costs one extra API call per MVE listed.",
		withTags: true,
		items: map[string]schema.Attribute{
			"diversity_zone": dsComputedString("Diversity zone within the location."),
			"image_id":       dsComputedInt64("ID of the MVE's software image (see the netfab_mve_images data source)."),
			"size":           dsComputedString("Size of the MVE (see the netfab_mve_sizes data source)."),
			"vendor":         dsComputedString("Vendor of the MVE's image."),
			"port_speed":     dsComputedInt64("Capacity in Mbps the MVE offers the connections on it."),
			"marketplace_visibility": schema.BoolAttribute{
				Computed: true, Description: "Whether the MVE is visible in the marketplace.",
			},
			"vxc_permitted": schema.BoolAttribute{
				Computed: true, Description: "Whether cross-connects can be created on the MVE.",
			},
			"resource_tags": resourceTagsItemAttribute(),
		},
		itemOf: mveItem,
	}
}

type mveItemModel struct {
	listedProduct
	DiversityZone         types.String `tfsdk:"diversity_zone"`
	ImageID               types.Int64  `tfsdk:"image_id"`
	Size                  types.String `tfsdk:"size"`
	Vendor                types.String `tfsdk:"vendor"`
	PortSpeed             types.Int64  `tfsdk:"port_speed"`
	MarketplaceVisibility types.Bool   `tfsdk:"marketplace_visibility"`
	VXCPermitted          types.Bool   `tfsdk:"vxc_permitted"`
	ResourceTags          types.Map    `tfsdk:"resource_tags"`
}

func mveItem(p netfabapi.Product, tags types.Map) mveItemModel {
	item := mveItemModel{
		listedProduct:         listedProductOf(p),
		DiversityZone:         values.StringOrNull(p.DiversityZone),
		ImageID:               types.Int64Null(),
		Size:                  types.StringNull(),
		Vendor:                types.StringNull(),
		PortSpeed:             types.Int64Value(p.PortSpeed),
		MarketplaceVisibility: types.BoolValue(p.MarketplaceVisibility),
		VXCPermitted:          types.BoolValue(p.VXCPermitted),
		ResourceTags:          tags,
	}
	if p.MVE != nil {
		item.ImageID = types.Int64Value(p.MVE.ImageID)
		item.Size = types.StringValue(p.MVE.Size)
		item.Vendor = values.StringOrNull(p.MVE.Vendor)
	}
	return item
}
