package orch

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
)

type secretListFilter struct {
	ModelUUID types.String `tfsdk:"model_uuid"`
	Name      types.String `tfsdk:"name"`
}

// NewSecretListResource is the orch_secret list resource: the user secrets
// of a model.
var NewSecretListResource = framework.NewList(framework.ListResource[providerData, secretListFilter, api.Secret, secretModel]{
	Name:  "secret",
	Label: "secrets",
	Description: "The user secrets of a model, for `terraform query` (Terraform 1.14+). Each result's identity is the " +
		"model's UUID and the secret's ID. With `include_resource` the resource holds the content in `value` (sensitive), " +
		"as after an import; the generated configuration leaves it out (see the resource's Import section).",
	Filters: map[string]schema.Attribute{
		"model_uuid": listModelUUID("secrets"),
		"name":       listName("secrets", stringvalidator.RegexMatches(secretNamePattern, "must be lower-case letters, digits, dots, underscores and hyphens, starting with a letter or digit")),
	},
	Identity: (&secretResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f secretListFilter, includeResource bool) iter.Seq2[api.Secret, error] {
		// The content comes with the page, not one call per secret.
		return pd.client.EachSecret(ctx, f.ModelUUID.ValueString(), f.Name.ValueString(), includeResource)
	},
	DisplayName: func(s api.Secret) string { return s.Name },
	Model: func(ctx context.Context, _ *providerData, s api.Secret, _ bool, m *secretModel) diag.Diagnostics {
		m.fromAPI(ctx, s)
		return nil
	},
})
