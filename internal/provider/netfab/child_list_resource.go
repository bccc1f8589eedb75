package netfab

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	client "github.com/iacsuite/providers/internal/client/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

// The list resources of the child resources (an MCR's prefix filter lists
// and IPsec add-ons, a NAT gateway's packet filters and prefix lists) list
// the children of one parent, which the list block's config names, as the
// resource's parent attribute. The service answers a parent's children in
// one request (a parent has a handful: the service bounds them).

// childListFilter is the config of a child list block: its parent.
type childListFilter interface{ parent() string }

type mcrChildFilter struct {
	McrID types.String `tfsdk:"mcr_id"`
}

func (f mcrChildFilter) parent() string { return f.McrID.ValueString() }

type natChildFilter struct {
	NatGatewayProductUID types.String `tfsdk:"nat_gateway_product_uid"`
}

func (f natChildFilter) parent() string { return f.NatGatewayProductUID.ValueString() }

// listedChild is a child the service listed, with its parent's UID.
type listedChild[O any] struct {
	parent string
	obj    O
}

// childList describes a child list resource: F is its filter (the parent
// attribute), O what the service lists, M the resource's model.
type childList[F childListFilter, O any, M any] struct {
	name       string // the resource's, after "netfab_"
	label      string // plural: "prefix filter lists"
	parentAttr string // "mcr_id"
	parentWhat string // "MCR"
	// list is the service's listing of a parent's children.
	list func(c *client.Client, ctx context.Context, parentUID string) ([]O, error)
	// displayName names a child in `terraform query`'s output.
	displayName func(O) string
	// model sets what the resource's Read sets from the child.
	model func(ctx context.Context, parentUID string, o O, m *M) diag.Diagnostics
}

// newChildList is the constructor of the list resource that d describes;
// identity is the resource's (framework.IdentityOf).
func newChildList[F childListFilter, O any, M any](d childList[F, O, M], identity framework.Identity) func() list.ListResource {
	return framework.NewList(framework.ListResource[providerData, F, listedChild[O], M]{
		Name:  d.name,
		Label: d.label,
		Description: "The " + d.label + " of one " + d.parentWhat + ", for `terraform query` (Terraform 1.14+). Each result's " +
			"identity is the " + d.parentWhat + "'s product UID and the child's own ID.",
		Filters: map[string]schema.Attribute{
			d.parentAttr: schema.StringAttribute{
				Required:    true,
				Description: "Product UID of the " + d.parentWhat + " whose " + d.label + " to list.",
				Validators:  []validator.String{productUIDValidator()},
			},
		},
		Identity: identity,
		Objects: func(ctx context.Context, pd *providerData, f F, _ bool) iter.Seq2[listedChild[O], error] {
			return func(yield func(listedChild[O], error) bool) {
				parent := f.parent()
				children, err := d.list(pd.client, ctx, parent)
				if err != nil {
					yield(listedChild[O]{}, err)
					return
				}
				for _, o := range children {
					if !yield(listedChild[O]{parent: parent, obj: o}, nil) {
						return
					}
				}
			}
		},
		DisplayName: func(c listedChild[O]) string { return d.displayName(c.obj) },
		Model: func(ctx context.Context, _ *providerData, c listedChild[O], _ bool, m *M) diag.Diagnostics {
			return d.model(ctx, c.parent, c.obj, m)
		},
	})
}
