package hub

import "github.com/hashicorp/terraform-plugin-framework/list"

// NewAccessControllerListResource is the orch_hub_access_controller list
// resource: who administers the hub. Its only target is the hub itself.
func NewAccessControllerListResource[P any, D ProviderData[P]]() list.ListResource {
	return newHubAccessList[P, D](NewAccessControllerResource[P, D], "", nil, nil)()
}
