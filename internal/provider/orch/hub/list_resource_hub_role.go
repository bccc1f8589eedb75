package hub

import (
	"github.com/hashicorp/terraform-plugin-framework/list"

	hubclient "github.com/iacsuite/providers/internal/client/hub"
)

// NewRoleListResource is the orch_hub_role list resource: the roles of
// the hub, listed as its groups are (list_resource_hub_group.go).
func NewRoleListResource[P any, D ProviderData[P]]() list.ListResource {
	return newHubGroupList[P, D](hubclient.KindRole, "role")()
}
