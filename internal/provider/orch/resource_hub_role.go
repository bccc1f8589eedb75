package orch

import (
	"github.com/hashicorp/terraform-plugin-framework/resource"

	hubclient "github.com/iacsuite/providers/internal/client/hub"
)

// NewHubRoleResource is the orch_hub_role resource: a role of the hub,
// implemented with the group resource (resource_hub_group.go), whose shape
// and rules it shares.
func NewHubRoleResource() resource.Resource {
	return &hubGroupResource{resourceBase: resourceBase{Name: "hub_role"}, kind: hubclient.KindRole, noun: "role"}
}
