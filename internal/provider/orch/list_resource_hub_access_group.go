package orch

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/types"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
)

// NewHubAccessGroupListResource is the orch_hub_access_group list resource:
// the members of the hub's groups, group by group.
var NewHubAccessGroupListResource = newHubAccessList(NewHubAccessGroupResource, "every group of the hub",
	func(ctx context.Context, pd *providerData, _ types.Object) iter.Seq2[string, error] {
		return names(pd.hub.EachGroup(ctx, hubclient.KindGroup, ""), func(g hubapi.Group) string { return g.UUID })
	}, nil)
