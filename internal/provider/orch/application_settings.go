package orch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// checkApplicationSetting tells whether a config key that is no option of
// the charm is an application setting instead (juju-external-hostname) and,
// when the model is known at plan, whether an application of that model's
// type may have it. A model not known yet, or not readable, leaves the rule
// to the controller at apply.
func (r *applicationResource) checkApplicationSetting(ctx context.Context, key string, modelUUID types.String) (bool, error) {
	var name, typ string
	if setting, _ := api.CheckApplicationSetting(key, "", ""); !setting {
		return false, nil
	}
	if !modelUUID.IsUnknown() && !modelUUID.IsNull() {
		if m, err := r.PD.client.Model(ctx, modelUUID.ValueString()); err == nil {
			name, typ = m.Name, m.Type
		}
	}
	return api.CheckApplicationSetting(key, name, typ)
}
