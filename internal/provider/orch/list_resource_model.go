package orch

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
)

type modelListFilter struct {
	ModelUUID types.String `tfsdk:"model_uuid"`
	Name      types.String `tfsdk:"name"`
	Owner     types.String `tfsdk:"owner"`
	Status    types.String `tfsdk:"status"`
}

// NewModelListResource is the orch_model list resource: the models the
// provider's user may see.
var NewModelListResource = framework.NewList(framework.ListResource[providerData, modelListFilter, api.Model, modelModel]{
	Name:  "model",
	Label: "models",
	Description: "The models the provider's user may see, for `terraform query` (Terraform 1.14+). Each result's identity " +
		"is the model's UUID; as after an import, the resource holds no `config` entries and no `cloud` block.",
	Filters: map[string]schema.Attribute{
		"name": listName("models", stringvalidator.RegexMatches(modelNamePattern, "must be lower-case letters, digits and hyphens, starting with a letter or digit")),
		"owner": schema.StringAttribute{
			Optional:    true,
			Description: "Only the models of this owner (a user name).",
			Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"status": listStatus("models", api.ModelStatusAvailable, api.ModelStatusDestroying),
		// upstream's filter
		"model_uuid": schema.StringAttribute{
			Optional:    true,
			Description: "Only the model of this UUID.",
			Validators:  []validator.String{uuidValidator},
		},
	},
	Identity: (&modelResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f modelListFilter, _ bool) iter.Seq2[api.Model, error] {
		return keep(pd.client.EachModel(ctx, f.Owner.ValueString(), f.Name.ValueString()),
			func(m api.Model) bool { return matches(f.Status, m.Status) && matches(f.ModelUUID, m.UUID) })
	},
	DisplayName: func(m api.Model) string { return m.Owner + "/" + m.Name },
	Model: func(ctx context.Context, _ *providerData, got api.Model, _ bool, m *modelModel) diag.Diagnostics {
		m.ID = types.StringValue(got.UUID)
		m.fromAPI(ctx, got)
		return nil
	},
})
