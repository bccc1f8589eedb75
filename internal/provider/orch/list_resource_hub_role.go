package orch

import hubclient "github.com/iacsuite/providers/internal/client/hub"

// NewHubRoleListResource is the orch_hub_role list resource: the roles of
// the hub, listed as its groups are (list_resource_hub_group.go).
var NewHubRoleListResource = newHubGroupList(hubclient.KindRole, "role")
