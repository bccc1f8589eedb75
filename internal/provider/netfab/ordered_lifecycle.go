package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
)

// orderedProduct is one ordered product's part of the lifecycle that every
// ordered product shares (netfab_port, netfab_lag_port, netfab_mcr,
// netfab_mve, netfab_nat_gateway, netfab_vxc, netfab_ix): what it is, what
// its order and its updates send, and how the service's answer maps to its
// model M. The lifecycle itself (create, read, update, delete below) is
// written once, so the crash-safety rules hold for all of them alike:
//
//   - create orders under one idempotency key (orderProduct), so a retried
//     request never buys a second product, and a refused order leaves
//     nothing behind;
//   - the product is saved in state as soon as the order answers, before
//     anything else can fail: it exists and is billed;
//   - a wait that runs out is a warning, and the product stays in state with
//     its pending status: the next plan updates it, and that update waits
//     for the same product instead of ordering another (awaitProvisioned).
type orderedProduct[M any] struct {
	// what names the product in messages, as in "Could not order the MCR".
	what string
	// productType is the service's product type; Read refuses another.
	productType string
	// untagged is true for a product without resource tags (the IX, whose
	// attribute tags are part of its order and of every update): it is read
	// without them, and an update sets none.
	untagged bool
	// tagsMoveLastUpdated is true when the model has last_updated, which a
	// change of the resource tags moves: the product is read again after one.
	tagsMoveLastUpdated bool

	// fields are the values every ordered product's model has.
	fields func(m *M) orderedFields
	// order is the order item of the plan, without its resource tags (the
	// lifecycle adds them). config has what only the configuration holds
	// (write-only values); a diagnosed error stops the create before the
	// order.
	order func(plan *M, ctx context.Context, config tfsdk.Config, diags *diag.Diagnostics) netfabapi.OrderItem
	// productUpdate is the change from the prior state to the plan, without the
	// resource tags (the lifecycle sets them apart, as the service does).
	// nil means the product's own fields do not change: the product is then
	// only read, since a change would move last_updated, which the plan
	// keeps. A diagnosed error stops the update before any request.
	productUpdate func(plan *M, ctx context.Context, config tfsdk.Config, prior *M, diags *diag.Diagnostics) *netfabapi.ProductUpdate
	// fromProduct copies the service's answer (and the product's resource
	// tags) into the model: the function Read, the list resource and an
	// import all use, so that they cannot differ.
	fromProduct func(m *M, ctx context.Context, p netfabapi.Product, tags map[string]string) diag.Diagnostics

	// The hooks below are for what a product holds besides its own fields
	// (the MCR's inline prefix filter lists, the MVE's vendor_config); nil
	// for the others.

	// afterOrder runs once the order has answered, before the product is
	// first saved. It takes from the plan what can only be made once the
	// product exists, and returns the step that makes it (nil when there is
	// nothing to make), which runs after that first save. The step changes
	// the model, so the state is written again after it.
	afterOrder func(plan *M, ctx context.Context, config tfsdk.Config, diags *diag.Diagnostics) orderedStep[M]
	// afterRead runs in Read after the product is read and before it is
	// mapped; false stops the Read (diagnosed), keeping the prior state.
	afterRead func(state *M, ctx context.Context, c *client.Client, p netfabapi.Product, diags *diag.Diagnostics) bool
	// afterUpdate runs in Update after the product and its tags are
	// changed, before the wait.
	afterUpdate func(plan *M, ctx context.Context, c *client.Client, config tfsdk.Config, prior *M, diags *diag.Diagnostics)
}

// orderedStep is a step of a create that runs once the product is saved in
// state (see orderedProduct.afterOrder).
type orderedStep[M any] func(plan *M, ctx context.Context, c *client.Client, uid string, diags *diag.Diagnostics)

// orderedFields are the values every ordered product's model has.
type orderedFields struct {
	ID       types.String
	Timeouts timeouts.Value
	// ResourceTags is null for an untagged product.
	ResourceTags types.Map
}

// create orders the product, saves it in state at once (it exists and is
// billed), then waits for it to be provisioned.
func (o orderedProduct[M]) create(ctx context.Context, pd *providerData, req resource.CreateRequest, resp *resource.CreateResponse) {
	if !framework.RequireConfigured(pd, &resp.Diagnostics) {
		return
	}
	var plan M
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	in := o.fields(&plan)
	var tags map[string]string
	if !o.untagged {
		var d diag.Diagnostics
		tags, d = values.GoStringMap(ctx, in.ResourceTags)
		resp.Diagnostics.Append(d...)
	}
	item := o.order(&plan, ctx, req.Config, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	item.ResourceTags = tags
	p, err := orderProduct(ctx, pd.client, item)
	if err != nil {
		resp.Diagnostics.AddError("Could not order the "+o.what, framework.ErrorDetail(err))
		return
	}
	var then orderedStep[M]
	if o.afterOrder != nil {
		then = o.afterOrder(&plan, ctx, req.Config, &resp.Diagnostics)
	}
	// Saved before anything else can fail: the product exists and is billed.
	resp.Diagnostics.Append(o.fromProduct(&plan, ctx, p, tags)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
	if then != nil {
		then(&plan, ctx, pd.client, p.ProductUID, &resp.Diagnostics)
	} else if client.IsProvisioned(p.ProvisioningStatus) {
		// Nothing to wait for, and the state is already the product's: a
		// second Set would cost the framework's conversion of every
		// attribute again (about 100 KB of allocations a port,
		// docs/performance.md 19).
		return
	}
	p = awaitProvisioned(ctx, pd, p, capitalized(o.what), in.Timeouts.Create, "create", &resp.Diagnostics)
	resp.Diagnostics.Append(o.fromProduct(&plan, ctx, p, tags)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// read reads the product (and its tags) into state, or removes it from
// state when it is gone, so that the next plan orders it again.
func (o orderedProduct[M]) read(ctx context.Context, pd *providerData, req resource.ReadRequest, resp *resource.ReadResponse) {
	if !framework.RequireConfigured(pd, &resp.Diagnostics) {
		return
	}
	var state M
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	uid := o.fields(&state).ID.ValueString()
	var p netfabapi.Product
	var tags map[string]string
	var ok bool
	if o.untagged {
		p, ok = readProductForState(ctx, pd.client, uid, o.productType, o.what, resp)
	} else {
		p, tags, ok = readTaggedProductForState(ctx, pd.client, uid, o.productType, o.what, resp)
	}
	if !ok {
		return
	}
	if o.afterRead != nil && !o.afterRead(&state, ctx, pd.client, p, &resp.Diagnostics) {
		return
	}
	resp.Diagnostics.Append(o.fromProduct(&state, ctx, p, tags)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// update changes what changes in place (the replacing fields never reach
// it), then the tags, and waits for the product again: a create whose wait
// ran out resumes here.
func (o orderedProduct[M]) update(ctx context.Context, pd *providerData, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if !framework.RequireConfigured(pd, &resp.Diagnostics) {
		return
	}
	var plan, state M
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	upd := o.productUpdate(&plan, ctx, req.Config, &state, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	in, prior := o.fields(&plan), o.fields(&state)
	uid := prior.ID.ValueString()
	var p netfabapi.Product
	var err error
	if upd != nil {
		p, err = pd.client.UpdateProduct(ctx, uid, *upd)
	} else {
		p, err = pd.client.Product(ctx, uid)
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not update "+o.what+" "+uid, framework.ErrorDetail(err))
		return
	}
	var tags map[string]string
	if !o.untagged {
		var set, ok bool
		tags, set, ok = updateResourceTags(ctx, pd.client, uid, o.what, in.ResourceTags, prior.ResourceTags, &resp.Diagnostics)
		if !ok {
			return
		}
		if set && o.tagsMoveLastUpdated {
			if p, err = pd.client.Product(ctx, uid); err != nil {
				resp.Diagnostics.AddError("Could not read "+o.what+" "+uid, framework.ErrorDetail(err))
				return
			}
		}
	}
	if o.afterUpdate != nil {
		o.afterUpdate(&plan, ctx, pd.client, req.Config, &state, &resp.Diagnostics)
	}
	p = awaitProvisioned(ctx, pd, p, capitalized(o.what), in.Timeouts.Update, "update", &resp.Diagnostics)
	resp.Diagnostics.Append(o.fromProduct(&plan, ctx, p, tags)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// delete cancels the product; one that is already gone is fine.
func (o orderedProduct[M]) delete(ctx context.Context, pd *providerData, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	deleteProduct(ctx, pd, req.State, capitalized(o.what), &resp.Diagnostics)
}
