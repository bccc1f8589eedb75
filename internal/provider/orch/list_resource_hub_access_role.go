package orch

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/types"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
)

// NewHubAccessRoleListResource is the orch_hub_access_role list resource:
// the assignees of the hub's roles, role by role.
var NewHubAccessRoleListResource = newHubAccessList(NewHubAccessRoleResource, "every role of the hub",
	func(ctx context.Context, pd *providerData, _ types.Object) iter.Seq2[string, error] {
		return names(pd.hub.EachGroup(ctx, hubclient.KindRole, ""), func(g hubapi.Role) string { return g.UUID })
	}, nil)
