package orch

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// NewHubAccessModelListResource is the orch_hub_access_model list resource:
// who reads, writes or administers the models the hub placed, model by
// model.
var NewHubAccessModelListResource = newHubAccessList(NewHubAccessModelResource, "every model the hub placed",
	func(ctx context.Context, pd *providerData, _ types.Object) iter.Seq2[string, error] {
		return names(pd.client.EachModel(ctx, "", ""), func(m api.Model) string { return m.UUID })
	}, nil)
