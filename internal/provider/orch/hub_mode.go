package orch

import "github.com/hashicorp/terraform-plugin-framework/resource"

// The hub's own resources, data sources and list resources are the package
// hub (internal/provider/orch/hub). What stays here is the other side: the
// refusal, in hub mode, of the controller's own resources that the hub
// does not manage.

// notWithHub opens the refusal of a controller's own resource in hub mode
// with upstream's words, which its users search for.
const notWithHub = "This resource is not supported with JAAS (upstream's name for the hub)."

// notInHubModePlan refuses, at plan time, a resource that the hub does not
// manage, saying the rule and what to do instead.
func notInHubModePlan(pd *providerData, typeName, rule string, resp *resource.ModifyPlanResponse) {
	if pd == nil || pd.hub == nil {
		return
	}
	resp.Diagnostics.AddError(typeName+" is not available in hub mode", typeName+" is not available in hub mode: "+rule)
}
