package netfab

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/wait"
)

// The ordered products (Mcr, Port, Ix, NatGateway) share one lifecycle:
// validate the order, buy it under an idempotency key, save the product in
// state at once so that nothing bought is ever lost, then wait for it to be
// provisioned. A wait that times out keeps the product in state with its
// pending status, and the next plan resumes the wait instead of ordering again.

// contractTerms are the contract terms, in months, of every ordered product.
var contractTerms = []int64{1, 12, 24, 36, 48, 60}

// orderProduct validates one order item, then buys it.
func orderProduct(ctx context.Context, c *client.Client, item netfabapi.OrderItem) (netfabapi.Product, error) {
	if _, err := c.ValidateOrder(ctx, item); err != nil {
		return netfabapi.Product{}, err
	}
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

// awaitProvisioned waits for a product to be CONFIGURED or LIVE and returns
// the last state read. A timeout is a warning, not an error: the product is
// real and billed, so it stays in state, and the next apply resumes the wait.
func awaitProvisioned(ctx context.Context, pd *providerData, p netfabapi.Product, what string, diags *diag.Diagnostics) netfabapi.Product {
	if client.IsProvisioned(p.ProvisioningStatus) {
		return p
	}
	last, err := pd.client.WaitForProvisioned(ctx, p.ProductUID, pd.waitTime)
	if last.ProductUID == "" {
		last = p
	}
	switch {
	case err == nil:
	case errors.Is(err, wait.ErrTimeout):
		diags.AddWarning(fmt.Sprintf("%s %s is still being provisioned", what, p.ProductUID),
			fmt.Sprintf("It is %s after waiting %s (the provider's wait_time). It is kept in state; the next apply "+
				"waits for it again instead of ordering a new one.", last.ProvisioningStatus, pd.waitTime))
	default:
		diags.AddError(fmt.Sprintf("%s %s was not provisioned", what, p.ProductUID), err.Error())
	}
	return last
}

// cancelProduct cancels a product; one that is already gone is fine.
func cancelProduct(ctx context.Context, c *client.Client, uid, what string, diags *diag.Diagnostics) {
	if err := c.CancelProduct(ctx, uid); err != nil && !client.IsNotFound(err) {
		diags.AddError(fmt.Sprintf("Cannot cancel %s %s", what, uid), err.Error())
	}
}

// readProductForState is the first step of every product's Read. It reports
// false when Read must stop: the product no longer exists for Terraform
// (deleted, cancelled or decommissioned), in which case it is removed from
// state so the next plan re-creates it, or it could not be read, or it is
// not of the expected type (both diagnosed).
func readProductForState(ctx context.Context, c *client.Client, uid, productType, what string, resp *resource.ReadResponse) (netfabapi.Product, bool) {
	p, err := c.Product(ctx, uid)
	if client.IsNotFound(err) || (err == nil && !client.IsActive(p.ProvisioningStatus)) {
		resp.State.RemoveResource(ctx)
		return p, false
	}
	if err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Cannot read %s %s", what, uid), err.Error())
		return p, false
	}
	if p.ProductType != productType {
		resp.Diagnostics.AddError("Not "+withArticle(what), fmt.Sprintf("Product %s is %s, not %s.", p.ProductUID, withArticle(p.ProductType), withArticle(what)))
		return p, false
	}
	return p, true
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
