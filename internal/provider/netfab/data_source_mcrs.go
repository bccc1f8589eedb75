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
		name:        "mcrs",
		productType: netfabapi.ProductTypeMCR,
		label:       "MCR",
		description: "Lists the account's cloud routers (MCR). Without `product_uid`, every active MCR (not cancelled or " +
			"decommissioned) is listed, ordered by product ID; with it, exactly that MCR, in whatever state it is.",
		items: map[string]schema.Attribute{
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
		},
		itemOf: mcrItem,
	}
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

func mcrItem(p netfabapi.Product, _ types.Map) mcrItemModel {
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
