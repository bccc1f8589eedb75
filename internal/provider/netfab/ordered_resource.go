package netfab

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// orderedResource is the resource of an ordered product (netfab_port,
// netfab_lag_port, netfab_mcr, netfab_mve, netfab_nat_gateway, netfab_vxc,
// netfab_ix), whose model is M. Their Create, Read, Update and Delete are
// the one ordered lifecycle (orderedProduct) and their import is by product
// UID, so these methods are written here once instead of forwarding in each
// resource's file; a resource embeds orderedResource and adds what is its
// own (schema, plan rules, identity).
type orderedResource[M any] struct {
	resourceBase
	product orderedProduct[M]
}

// newOrderedResource is the base of the resource named name (the type name
// after "netfab_") of the ordered product.
func newOrderedResource[M any](name string, product orderedProduct[M]) orderedResource[M] {
	return orderedResource[M]{resourceBase: resourceBase{Name: name}, product: product}
}

func (r *orderedResource[M]) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.product.create(ctx, r.PD, req, resp)
}

func (r *orderedResource[M]) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	r.product.read(ctx, r.PD, req, resp)
}

func (r *orderedResource[M]) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.product.update(ctx, r.PD, req, resp)
}

func (r *orderedResource[M]) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	r.product.delete(ctx, r.PD, req, resp)
}

// ImportState takes the product UID; Read fills in the rest.
func (r *orderedResource[M]) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	importProductUID(ctx, req, resp, r.product.what)
}
