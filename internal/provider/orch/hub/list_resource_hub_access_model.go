package hub

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// NewAccessModelListResource is the orch_hub_access_model list resource:
// who reads, writes or administers the models the hub placed, model by
// model.
func NewAccessModelListResource[P any, D ProviderData[P]]() list.ListResource {
	return newHubAccessList[P, D](NewAccessModelResource[P, D], "every model the hub placed",
		func(ctx context.Context, pd Data, _ types.Object) iter.Seq2[string, error] {
			return names(pd.OrchClient().EachModel(ctx, "", ""), func(m api.Model) string { return m.UUID })
		}, nil)()
}
