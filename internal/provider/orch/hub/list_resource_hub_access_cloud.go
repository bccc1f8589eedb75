package hub

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// NewAccessCloudListResource is the orch_hub_access_cloud list resource:
// who may add models on or administer the clouds of the hub's controllers,
// cloud by cloud.
func NewAccessCloudListResource[P any, D ProviderData[P]]() list.ListResource {
	return newHubAccessList[P, D](NewAccessCloudResource[P, D],
		"every cloud of the hub's available controllers (a grant on a cloud that none of them has is found by its `cloud_name` only)",
		func(ctx context.Context, pd Data, _ types.Object) iter.Seq2[string, error] {
			return names(pd.OrchClient().EachCloud(ctx), func(c api.Cloud) string { return c.Name })
		}, nil)()
}
