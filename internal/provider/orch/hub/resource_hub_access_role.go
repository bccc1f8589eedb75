package hub

import (
	"github.com/hashicorp/terraform-plugin-framework/resource"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
)

// NewAccessRoleResource is the orch_hub_access_role resource: who is
// assigned a role (assignee), and so holds every access granted to it.
func NewAccessRoleResource[P any, D ProviderData[P]]() resource.Resource {
	return &hubAccessResource[P, D]{
		resourceBase:      named[P, D]("hub_access_role"),
		what:              "a role",
		targetAttr:        "role_id",
		targetDescription: "UUID of the role (`orch_hub_role.<name>.uuid`).",
		targetValidator:   hubUUIDValidator,
		target:            hubapi.RoleTarget,
		levels:            hubapi.Relations["role"],
		subjects:          []string{"users", "groups", "idp_groups", "service_accounts"},
		importShape:       "<role_uuid>:<access_level>",
		importExample:     "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:assignee",
	}
}
