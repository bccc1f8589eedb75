package hub

import (
	"github.com/hashicorp/terraform-plugin-framework/resource"

	hubclient "github.com/iacsuite/providers/internal/client/hub"
)

// NewRoleResource is the orch_hub_role resource: a role of the hub,
// implemented with the group resource (resource_hub_group.go), whose shape
// and rules it shares.
func NewRoleResource[P any, D ProviderData[P]]() resource.Resource {
	return &hubGroupResource[P, D]{resourceBase: named[P, D]("hub_role"), kind: hubclient.KindRole, noun: "role"}
}
