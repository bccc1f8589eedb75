package netfab

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

var (
	_ action.ActionWithConfigure  = (*productLockAction)(nil)
	_ action.ActionWithModifyPlan = (*productLockAction)(nil)
)

// productLockAction is netfab_product_lock: locking a product against
// changes is an operation on the product, not an object with a life of its
// own, so it is an action rather than a resource.
type productLockAction struct {
	actionBase
}

// NewProductLockAction returns the netfab_product_lock action.
func NewProductLockAction() action.Action {
	return &productLockAction{actionBase{Name: "product_lock"}}
}

type productLockModel struct {
	ProductUID types.String `tfsdk:"product_uid"`
	Locked     types.Bool   `tfsdk:"locked"`
}

func (a *productLockAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Locks a product (port, MCR, MVE, IX, VXC, NAT gateway) against changes, or unlocks it. While it is locked, " +
			"the service refuses every change to the product, its tags, add-ons and lists, and its cancellation, so a " +
			"Terraform apply that would change or destroy it fails until it is unlocked. Invoke it with " +
			"`terraform apply -invoke=action.netfab_product_lock.<name>`, or from a resource's `lifecycle { action_trigger { ... } }` " +
			"(for example after a port is created). Needs Terraform 1.14 or later.",
		Attributes: map[string]schema.Attribute{
			"product_uid": schema.StringAttribute{
				Description: "The product UID of the product to lock or unlock.",
				Required:    true,
				Validators:  []validator.String{productUIDValidator()},
			},
			"locked": schema.BoolAttribute{
				Description: "`true` locks the product, `false` unlocks it. Either is a no-op when the product already is so.",
				Required:    true,
			},
		},
	}
}

// ModifyPlan refuses, at plan, a product that does not exist or was
// cancelled, when its UID is known.
func (a *productLockAction) ModifyPlan(ctx context.Context, req action.ModifyPlanRequest, resp *action.ModifyPlanResponse) {
	if a.PD == nil {
		return
	}
	var cfg productLockModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() || cfg.ProductUID.IsUnknown() || cfg.ProductUID.IsNull() {
		return
	}
	p, err := a.PD.client.Product(ctx, cfg.ProductUID.ValueString())
	switch {
	case client.IsNotFound(err):
		resp.Diagnostics.AddAttributeError(path.Root("product_uid"), "Product not found",
			fmt.Sprintf("product_uid %s names no product of this account.", cfg.ProductUID.ValueString()))
	case err != nil:
		resp.Diagnostics.AddError("Could not read product "+cfg.ProductUID.ValueString(), framework.ErrorDetail(err))
	case p.TerminateDate != "":
		resp.Diagnostics.AddAttributeError(path.Root("product_uid"), "Product cancelled",
			fmt.Sprintf("product_uid %s names a product that was cancelled (%s); only active products are locked or unlocked.",
				cfg.ProductUID.ValueString(), p.ProvisioningStatus))
	}
}

func (a *productLockAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	if !framework.RequireConfigured(a.PD, &resp.Diagnostics) {
		return
	}
	var cfg productLockModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	uid, lock := cfg.ProductUID.ValueString(), cfg.Locked.ValueBool()
	verb := map[bool]string{true: "Locking", false: "Unlocking"}[lock]
	resp.SendProgress(action.InvokeProgressEvent{Message: fmt.Sprintf("%s product %s ...", verb, uid)})
	p, err := a.PD.client.LockProduct(ctx, uid, lock)
	if err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not %s product %s", map[bool]string{true: "lock", false: "unlock"}[lock], uid), framework.ErrorDetail(err))
		return
	}
	resp.SendProgress(action.InvokeProgressEvent{Message: fmt.Sprintf("Product %s (%s) is %s.", uid, p.ProductName,
		map[bool]string{true: "locked against changes", false: "unlocked"}[p.Locked])})
}
