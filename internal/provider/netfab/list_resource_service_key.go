package netfab

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
	"github.com/iacsuite/providers/internal/framework"
)

type serviceKeyFilterModel struct {
	ProductUID types.String `tfsdk:"product_uid"`
}

// NewServiceKeyListResource is the netfab_service_key list resource: the
// account's service keys, of one port or all, for `terraform query`.
func NewServiceKeyListResource() list.ListResource {
	return framework.NewList(framework.ListResource[providerData, serviceKeyFilterModel, netfabapi.ServiceKey, serviceKeyModel]{
		Name:  "service_key",
		Label: "service keys",
		Description: "The service keys of the account's ports, oldest first, for `terraform query` (Terraform 1.14+). Each " +
			"result's identity is the key.",
		Filters: map[string]schema.Attribute{
			"product_uid": schema.StringAttribute{
				Optional:    true,
				Description: "Only the keys of this port (its product UID).",
				Validators:  []validator.String{productUIDValidator()},
			},
		},
		Identity: framework.IdentityOf(NewServiceKeyResource()),
		Objects: func(ctx context.Context, pd *providerData, f serviceKeyFilterModel, _ bool) iter.Seq2[netfabapi.ServiceKey, error] {
			return func(yield func(netfabapi.ServiceKey, error) bool) {
				keys, err := pd.client.ServiceKeys(ctx, f.ProductUID.ValueString())
				if err != nil {
					yield(netfabapi.ServiceKey{}, err)
					return
				}
				for _, k := range keys {
					if !yield(k, nil) {
						return
					}
				}
			}
		},
		DisplayName: func(k netfabapi.ServiceKey) string {
			if k.Description != "" {
				return k.Description
			}
			return k.Key
		},
		Model: func(ctx context.Context, _ *providerData, k netfabapi.ServiceKey, _ bool, m *serviceKeyModel) diag.Diagnostics {
			return m.fromAPI(ctx, k)
		},
	})()
}
