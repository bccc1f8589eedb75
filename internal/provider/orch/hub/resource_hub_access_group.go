package hub

import (
	"github.com/hashicorp/terraform-plugin-framework/resource"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
)

// NewAccessGroupResource is the orch_hub_access_group resource (upstream's
// juju_jaas_access_group): who is a member of a group, and so holds every
// access granted to it.
func NewAccessGroupResource[P any, D ProviderData[P]]() resource.Resource {
	return &hubAccessResource[P, D]{
		resourceBase:      named[P, D]("hub_access_group"),
		what:              "a group",
		targetAttr:        "group_id",
		targetDescription: "UUID of the group (`orch_hub_group.<name>.uuid`).",
		targetValidator:   hubUUIDValidator,
		target:            hubapi.GroupTarget,
		levels:            hubapi.Relations["group"],
		subjects:          []string{"users", "groups", "service_accounts"},
		importShape:       "<group_uuid>:<access_level>",
		importExample:     "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:member",
	}
}
