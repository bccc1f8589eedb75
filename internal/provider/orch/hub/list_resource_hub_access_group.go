package hub

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/types"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
)

// NewAccessGroupListResource is the orch_hub_access_group list resource:
// the members of the hub's groups, group by group.
func NewAccessGroupListResource[P any, D ProviderData[P]]() list.ListResource {
	return newHubAccessList[P, D](NewAccessGroupResource[P, D], "every group of the hub",
		func(ctx context.Context, pd Data, _ types.Object) iter.Seq2[string, error] {
			return names(pd.HubClient().EachGroup(ctx, hubclient.KindGroup, ""), func(g hubapi.Group) string { return g.UUID })
		}, nil)()
}
