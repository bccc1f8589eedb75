package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework/values"
)

// netfab_port and netfab_lag_port are one product type of the service (a
// LAG port is a PORT with a lag section): they are ordered with the same
// fields, read the same way and change the same fields in place. What
// differs is their models (a LAG port reports its member ports) and the
// lag section of the order; the part of the ordered lifecycle below is
// theirs both.

// portInputs are the inputs both resources send to the service.
type portInputs struct {
	ID                    types.String
	Timeouts              timeouts.Value
	ProductName           types.String
	PortSpeed             types.Int64
	LocationID            types.Int64
	ContractTermMonths    types.Int64
	MarketplaceVisibility types.Bool
	CostCentre            types.String
	DiversityZone         types.String
	PromoCode             types.String
	ResourceTags          types.Map
	// LAG is the lag section of the order; nil for a single port.
	LAG *netfabapi.LAGOrder
}

// newPortProduct is the ordered lifecycle's part of a port product (what names
// it in messages) whose model M gives its inputs and maps the answer.
func newPortProduct[M any](what string, inputs func(*M) portInputs,
	fromProduct func(*M, context.Context, netfabapi.Product, map[string]string) diag.Diagnostics) orderedProduct[M] {
	return orderedProduct[M]{
		what:                what,
		productType:         netfabapi.ProductTypePort,
		tagsMoveLastUpdated: true,
		fields: func(m *M) orderedFields {
			in := inputs(m)
			return orderedFields{ID: in.ID, Timeouts: in.Timeouts, ResourceTags: in.ResourceTags}
		},
		order: func(plan *M, _ context.Context, _ tfsdk.Config, _ *diag.Diagnostics) netfabapi.OrderItem {
			in := inputs(plan)
			return netfabapi.OrderItem{
				ProductType:           netfabapi.ProductTypePort,
				ProductName:           in.ProductName.ValueString(),
				LocationID:            in.LocationID.ValueInt64(),
				PortSpeed:             in.PortSpeed.ValueInt64(),
				ContractTermMonths:    in.ContractTermMonths.ValueInt64(),
				CostCentre:            in.CostCentre.ValueString(),
				DiversityZone:         in.DiversityZone.ValueString(),
				MarketplaceVisibility: in.MarketplaceVisibility.ValueBoolPointer(),
				PromoCode:             in.PromoCode.ValueString(),
				LAG:                   in.LAG,
			}
		},
		productUpdate: func(plan *M, _ context.Context, _ tfsdk.Config, state *M, _ *diag.Diagnostics) *netfabapi.ProductUpdate {
			in, prior := inputs(plan), inputs(state)
			return &netfabapi.ProductUpdate{
				ProductName:           in.ProductName.ValueStringPointer(),
				PromoCode:             promoCodeUpdate(in.PromoCode, prior.PromoCode),
				CostCentre:            values.Ptr(in.CostCentre.ValueString()),
				MarketplaceVisibility: in.MarketplaceVisibility.ValueBoolPointer(),
				ContractTermMonths:    in.ContractTermMonths.ValueInt64Pointer(),
			}
		},
		fromProduct: fromProduct,
	}
}
