package hub

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/types"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
)

// NewAccessRoleListResource is the orch_hub_access_role list resource:
// the assignees of the hub's roles, role by role.
func NewAccessRoleListResource[P any, D ProviderData[P]]() list.ListResource {
	return newHubAccessList[P, D](NewAccessRoleResource[P, D], "every role of the hub",
		func(ctx context.Context, pd Data, _ types.Object) iter.Seq2[string, error] {
			return names(pd.HubClient().EachGroup(ctx, hubclient.KindRole, ""), func(g hubapi.Role) string { return g.UUID })
		}, nil)()
}
