package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

// netfab_port and netfab_lag_port are one product type of the service (a
// LAG port is a PORT with a lag section): they are ordered with the same
// fields, read the same way and change the same fields in place. What
// differs is their models (a LAG port reports its member ports) and the
// lag section of the order; the lifecycle below is theirs both.

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

// portProductModel is the model of either resource, M, through its pointer.
type portProductModel[M any] interface {
	*M
	inputs() portInputs
	fromProduct(ctx context.Context, p netfabapi.Product, tags map[string]string) diag.Diagnostics
}

// createPortProduct orders the port (what names it in messages), saves it
// in state at once (it exists and is billed), then waits for it.
func createPortProduct[M any, P portProductModel[M]](ctx context.Context, pd *providerData, what string, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(pd, &resp.Diagnostics) {
		return
	}
	var plan M
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	in := P(&plan).inputs()
	tags, diags := values.GoStringMap(ctx, in.ResourceTags)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	p, err := orderProduct(ctx, pd.client, netfabapi.OrderItem{
		ProductType:           netfabapi.ProductTypePort,
		ProductName:           in.ProductName.ValueString(),
		LocationID:            in.LocationID.ValueInt64(),
		PortSpeed:             in.PortSpeed.ValueInt64(),
		ContractTermMonths:    in.ContractTermMonths.ValueInt64(),
		CostCentre:            in.CostCentre.ValueString(),
		DiversityZone:         in.DiversityZone.ValueString(),
		MarketplaceVisibility: in.MarketplaceVisibility.ValueBoolPointer(),
		PromoCode:             in.PromoCode.ValueString(),
		ResourceTags:          tags,
		LAG:                   in.LAG,
	})
	if err != nil {
		resp.Diagnostics.AddError("Could not order the "+what, framework.ErrorDetail(err))
		return
	}
	resp.Diagnostics.Append(P(&plan).fromProduct(ctx, p, tags)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
	if client.IsProvisioned(p.ProvisioningStatus) {
		// Nothing to wait for, and the state is already the product's: a
		// second Set would cost the framework's conversion of every
		// attribute again (about 100 KB of allocations a port,
		// docs/performance.md 19).
		return
	}
	p = awaitProvisioned(ctx, pd, p, capitalized(what), in.Timeouts.Create, "create", &resp.Diagnostics)
	resp.Diagnostics.Append(P(&plan).fromProduct(ctx, p, tags)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// readPortProduct reads the port and its tags into state, or removes it
// from state when it is gone.
func readPortProduct[M any, P portProductModel[M]](ctx context.Context, pd *providerData, what string, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(pd, &resp.Diagnostics) {
		return
	}
	var state M
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	p, tags, ok := readTaggedProductForState(ctx, pd.client, P(&state).inputs().ID.ValueString(), netfabapi.ProductTypePort, what, resp)
	if !ok {
		return
	}
	resp.Diagnostics.Append(P(&state).fromProduct(ctx, p, tags)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// updatePortProduct changes what changes in place (the replacing fields
// never reach it), then the tags, and waits for the port again.
func updatePortProduct[M any, P portProductModel[M]](ctx context.Context, pd *providerData, what string, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(pd, &resp.Diagnostics) {
		return
	}
	var plan, state M
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	in, prior := P(&plan).inputs(), P(&state).inputs()
	uid := prior.ID.ValueString()
	p, err := pd.client.UpdateProduct(ctx, uid, netfabapi.ProductUpdate{
		ProductName:           in.ProductName.ValueStringPointer(),
		PromoCode:             promoCodeUpdate(in.PromoCode, prior.PromoCode),
		CostCentre:            values.Ptr(in.CostCentre.ValueString()),
		MarketplaceVisibility: in.MarketplaceVisibility.ValueBoolPointer(),
		ContractTermMonths:    in.ContractTermMonths.ValueInt64Pointer(),
	})
	if err != nil {
		resp.Diagnostics.AddError("Could not update "+what+" "+uid, framework.ErrorDetail(err))
		return
	}
	tags, tagsSet, ok := updateResourceTags(ctx, pd.client, uid, what, in.ResourceTags, prior.ResourceTags, &resp.Diagnostics)
	if !ok {
		return
	}
	if tagsSet {
		// The tags moved last_updated.
		if p, err = pd.client.Product(ctx, uid); err != nil {
			resp.Diagnostics.AddError("Could not read "+what+" "+uid, framework.ErrorDetail(err))
			return
		}
	}
	p = awaitProvisioned(ctx, pd, p, capitalized(what), in.Timeouts.Update, "update", &resp.Diagnostics)
	resp.Diagnostics.Append(P(&plan).fromProduct(ctx, p, tags)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// capitalized is what at the start of a sentence ("port" -> "Port"; "LAG
// port" stays).
func capitalized(what string) string {
	if what == "" || what[0] < 'a' || what[0] > 'z' {
		return what
	}
	return string(what[0]-'a'+'A') + what[1:]
}
