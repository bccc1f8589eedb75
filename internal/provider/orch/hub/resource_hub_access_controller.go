package hub

import (
	"github.com/hashicorp/terraform-plugin-framework/resource"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
)

// NewAccessControllerResource is the orch_hub_access_controller
// resource: who administers the hub itself (groups, roles, grants,
// controllers and every model).
func NewAccessControllerResource[P any, D ProviderData[P]]() resource.Resource {
	return &hubAccessResource[P, D]{
		resourceBase:  named[P, D]("hub_access_controller"),
		what:          "the hub controller",
		levels:        hubapi.Relations["controller"],
		subjects:      []string{"users", "groups", "idp_groups", "roles", "service_accounts"},
		importShape:   "hub:<access_level>",
		importExample: "hub:administrator",
		hubsOwn: "The hub's own administrators (those of its configuration, such as the service account the " +
			"provider runs as) hold `administrator` as grants: a configuration that leaves them out plans to " +
			"revoke them, as upstream's resource does, and applying that plan takes the provider's own access " +
			"away. List them. ",
	}
}
