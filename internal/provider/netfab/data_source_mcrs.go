package netfab

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework/values"
)

// NewMcrsDataSource is the netfab_mcrs data source: the account's cloud
// routers, or one of them.
func NewMcrsDataSource() datasource.DataSource {
	return &productList[mcrItemModel]{
		dataSourceBase: dataSourceBase{Name: "mcrs"},
		productType:    netfabapi.ProductTypeMCR,
		label:          "MCR",
		description: "Lists the account's cloud routers (MCR). Without `product_uid`, every active MCR (not cancelled or " +
			"decommissioned) is listed, ordered by product ID; with it, exactly that MCR, in whatever state it is.",
		items: map[string]schema.Attribute{
			"port_speed":     dsComputedInt64("Speed in Mbps, shared by all connections through the router."),
			"diversity_zone": dsComputedString("Diversity zone within the location."),
			"asn":            dsComputedInt64("ASN of the router."),
			"marketplace_visibility": schema.BoolAttribute{
				Computed: true, Description: "Whether the MCR is visible in the marketplace.",
			},
			"vxc_permitted": schema.BoolAttribute{
				Computed: true, Description: "Whether cross-connects can be created on the MCR.",
			},
		},
		itemOf: mcrItem,
	}
}

type mcrItemModel struct {
	listedProduct
	PortSpeed             types.Int64  `tfsdk:"port_speed"`
	DiversityZone         types.String `tfsdk:"diversity_zone"`
	ASN                   types.Int64  `tfsdk:"asn"`
	MarketplaceVisibility types.Bool   `tfsdk:"marketplace_visibility"`
	VXCPermitted          types.Bool   `tfsdk:"vxc_permitted"`
}

func mcrItem(p netfabapi.Product, _ types.Map) mcrItemModel {
	item := mcrItemModel{
		listedProduct:         listedProductOf(p),
		PortSpeed:             types.Int64Value(p.PortSpeed),
		DiversityZone:         values.StringOrNull(p.DiversityZone),
		ASN:                   types.Int64Null(),
		MarketplaceVisibility: types.BoolValue(p.MarketplaceVisibility),
		VXCPermitted:          types.BoolValue(p.VXCPermitted),
	}
	if p.MCR != nil {
		item.ASN = types.Int64Value(p.MCR.ASN)
	}
	return item
}

// The listing data sources (netfab_mcrs, netfab_mves, netfab_vxcs) share the
// helpers below.

// lookupInt64 formats an optional int64 for lookupID: "" when null.
func lookupInt64(n types.Int64) string {
	if n.IsNull() || n.IsUnknown() {
		return ""
	}
	return fmt.Sprint(n.ValueInt64())
}
