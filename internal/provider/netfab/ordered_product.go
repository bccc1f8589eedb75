package netfab

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/values"
	"github.com/iacsuite/providers/internal/wait"
)

// The steps of the ordered products' one lifecycle (ordered_lifecycle.go):
// buy the order under an idempotency key, save the product in state at once
// so that nothing bought is ever lost, then wait for it to be provisioned. A
// wait that times out keeps the product in state with its pending status,
// and the next plan resumes the wait instead of ordering again.

// contractTerms are the contract terms, in months, of every ordered product.
var contractTerms = []int64{1, 12, 24, 36, 48, 60}

// orderProduct buys one order item. The order checks the item with the same
// rules as POST /v3/orders/validate before it creates anything, and refuses
// a broken one with the same error, so a validation first would be a second
// request (and a second pass over the rules) for nothing.
func orderProduct(ctx context.Context, c *client.Client, item netfabapi.OrderItem) (netfabapi.Product, error) {
	// One key per create: the HTTP client's retries of this very request reuse
	// it, so a lost answer never buys a second product.
	products, err := c.Order(ctx, uuid.NewString(), item)
	if err != nil {
		return netfabapi.Product{}, err
	}
	if len(products) != 1 {
		return netfabapi.Product{}, fmt.Errorf("the order answered with %d products, expected 1", len(products))
	}
	return products[0], nil
}

// provisioningWaits are the timeouts of an ordered product (label, such as
// "port"): create and update wait for it to be provisioned.
func provisioningWaits(label string) framework.Waits {
	what := "the " + label + " to be provisioned (`CONFIGURED` or `LIVE`)"
	return framework.Waits{Create: what, Update: what,
		Default: "the provider's `wait_time` (" + framework.ShortDuration(DefaultWaitTime) + " unless set)"}
}

// awaitProvisioned waits for a product to be CONFIGURED or LIVE and returns
// the last state read. timeout is the operation's (op) of the resource's
// timeouts, with the provider's wait_time as its default. A timeout is a
// warning, not an error: the product is real and billed, so it stays in
// state, and the next apply resumes the wait.
func awaitProvisioned(ctx context.Context, pd *providerData, p netfabapi.Product, what string,
	timeout func(context.Context, time.Duration) (time.Duration, diag.Diagnostics), op string, diags *diag.Diagnostics) netfabapi.Product {
	if client.IsProvisioned(p.ProvisioningStatus) {
		return p
	}
	limit, d := timeout(ctx, pd.waitTime)
	diags.Append(d...)
	if d.HasError() {
		return p
	}
	last, err := pd.client.WaitForProvisioned(ctx, p.ProductUID, limit)
	if last.ProductUID == "" {
		last = p
	}
	switch {
	case err == nil:
	case errors.Is(err, wait.ErrTimeout):
		diags.AddWarning(fmt.Sprintf("%s %s is still being provisioned", what, p.ProductUID),
			fmt.Sprintf("It is %s after waiting %s (timeouts.%s, else the provider's wait_time). It is kept in state; the next apply "+
				"waits for it again instead of ordering a new one.", last.ProvisioningStatus, limit, op))
	default:
		diags.AddError(fmt.Sprintf("Could not wait for %s %s to be provisioned", what, p.ProductUID), framework.ErrorDetail(err))
	}
	return last
}

// deleteProduct is the Delete of every ordered product: cancel it; one that
// is already gone is fine.
func deleteProduct(ctx context.Context, pd *providerData, state tfsdk.State, what string, diags *diag.Diagnostics) {
	if !framework.RequireConfigured(pd, diags) {
		return
	}
	var uid types.String
	diags.Append(state.GetAttribute(ctx, path.Root("id"), &uid)...)
	if diags.HasError() {
		return
	}
	if err := pd.client.CancelProduct(ctx, uid.ValueString()); err != nil && !client.IsNotFound(err) {
		diags.AddError(fmt.Sprintf("Could not cancel %s %s", what, uid.ValueString()), framework.ErrorDetail(err))
	}
}

// readProductForState is the first step of every product's Read. It reports
// false when Read must stop: the product no longer exists for Terraform
// (deleted, cancelled or decommissioned), in which case it is removed from
// state so the next plan re-creates it, or it could not be read, or it is
// not of the expected type (both diagnosed).
func readProductForState(ctx context.Context, c *client.Client, uid, productType, what string, resp *resource.ReadResponse) (netfabapi.Product, bool) {
	p, err := c.Product(ctx, uid)
	return p, checkReadProduct(ctx, p, err, uid, productType, what, resp)
}

func checkReadProduct(ctx context.Context, p netfabapi.Product, err error, uid, productType, what string, resp *resource.ReadResponse) bool {
	if client.IsNotFound(err) || (err == nil && !client.IsActive(p.ProvisioningStatus)) {
		resp.State.RemoveResource(ctx)
		return false
	}
	if err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not read %s %s", what, uid), framework.ErrorDetail(err))
		return false
	}
	if p.ProductType != productType {
		resp.Diagnostics.AddError("Not "+withArticle(what), fmt.Sprintf("Product %s is %s, not %s.", p.ProductUID, withArticle(p.ProductType), withArticle(what)))
		return false
	}
	return true
}

// readTaggedProductForState is readProductForState for a product with
// resource tags, which the service keeps apart from the product: it reads
// them with the product, in the same request (a refresh is one request).
func readTaggedProductForState(ctx context.Context, c *client.Client, uid, productType, what string, resp *resource.ReadResponse) (netfabapi.Product, map[string]string, bool) {
	p, tags, err := c.ProductWithTags(ctx, uid)
	if !checkReadProduct(ctx, p, err, uid, productType, what, resp) {
		return p, nil, false
	}
	return p, tags, true
}

// updateResourceTags is the step of an Update that sets the product's
// resource tags when the plan changes them (the service sets them apart from
// the product). It returns the tags the product now has, whether they were
// set, and false after a failure (diagnosed).
func updateResourceTags(ctx context.Context, c *client.Client, uid, what string, plan, state types.Map, diags *diag.Diagnostics) (tags map[string]string, set, ok bool) {
	tags, d := values.GoStringMap(ctx, plan)
	diags.Append(d...)
	if plan.Equal(state) {
		return tags, false, true
	}
	tags, err := c.SetResourceTags(ctx, uid, tags)
	if err != nil {
		diags.AddError("Could not update the "+what+"'s resource tags", framework.ErrorDetail(err))
		return nil, false, false
	}
	return tags, true, true
}

// withArticle puts "a" or "an" before a product name as it is read aloud:
// an IX connection, an MCR, a NAT gateway, a port.
func withArticle(what string) string {
	for _, p := range []string{"IX", "MCR", "MVE", "a", "e", "i", "o", "u", "A", "E", "I", "O", "U"} {
		if strings.HasPrefix(what, p) {
			return "an " + what
		}
	}
	return "a " + what
}

// capitalized is what at the start of a sentence ("port" -> "Port"; "LAG
// port" stays).
func capitalized(what string) string {
	if what == "" || what[0] < 'a' || what[0] > 'z' {
		return what
	}
	return string(what[0]-'a'+'A') + what[1:]
}
