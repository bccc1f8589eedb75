package cloudnative

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// What the list resources of import jobs and data files share: the filters
// that name where to list, with the provider's settings as defaults, as the
// resources have them.

// listScope are the filters naming where to list; each defaults to the
// provider's setting of the same name.
type listScope struct {
	Project  types.String `tfsdk:"project"`
	Location types.String `tfsdk:"location"`
}

// listScopeAttributes are the filters of listScope, for what (plural).
func listScopeAttributes(what string) map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"project": schema.StringAttribute{
			Optional:    true,
			Description: "Project whose " + what + " to list. Defaults to the provider's `project`; one of the two is needed.",
			Validators:  []validator.String{idValidator()},
		},
		"location": schema.StringAttribute{
			Optional:    true,
			Description: "Location whose " + what + " to list, such as `us-central1`. Defaults to the provider's `location`; one of the two is needed.",
			Validators:  []validator.String{idValidator()},
		},
	}
}

// stateFilter is the filter of a state among states.
func stateFilter(what string, states []string) schema.StringAttribute {
	return schema.StringAttribute{
		Optional:    true,
		Description: "Only the " + what + " in this state.",
		Validators:  []validator.String{stringvalidator.OneOf(states...)},
	}
}

// orDefault is a filter's value, else the provider's setting.
func orDefault(v types.String, setting string) string {
	if s := v.ValueString(); s != "" {
		return s
	}
	return setting
}
