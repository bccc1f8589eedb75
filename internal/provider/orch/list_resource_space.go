package orch

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
)

type spaceListFilter struct {
	ModelUUID types.String `tfsdk:"model_uuid"`
	Name      types.String `tfsdk:"name"`
}

// NewSpaceListResource is the orch_space list resource: the spaces of a
// model that orch_space can manage, that is all but alpha.
var NewSpaceListResource = framework.NewList(framework.ListResource[providerData, spaceListFilter, api.Space, spaceModel]{
	Name:  "space",
	Label: "spaces",
	Description: "The spaces of a model, for `terraform query` (Terraform 1.14+), but `alpha`, which every model has " +
		"and `orch_space` does not manage. Each result's identity is `<model_uuid>:<name>`.",
	Filters: map[string]schema.Attribute{
		"model_uuid": listModelUUID("spaces"),
		"name":       listName("spaces", spaceNameValidator),
	},
	Identity: (&spaceResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f spaceListFilter, _ bool) iter.Seq2[api.Space, error] {
		return keep(pd.client.EachSpace(ctx, f.ModelUUID.ValueString(), f.Name.ValueString()), func(sp api.Space) bool { return !sp.Builtin })
	},
	DisplayName: func(sp api.Space) string { return sp.Name },
	Model: func(_ context.Context, _ *providerData, sp api.Space, _ bool, m *spaceModel) diag.Diagnostics {
		m.fromAPI(sp)
		return nil
	},
})
