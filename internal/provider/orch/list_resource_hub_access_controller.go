package orch

// NewHubAccessControllerListResource is the orch_hub_access_controller list
// resource: who administers the hub. Its only target is the hub itself.
var NewHubAccessControllerListResource = newHubAccessList(NewHubAccessControllerResource, "", nil, nil)
