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

type secretBackendListFilter struct {
	Name        types.String `tfsdk:"name"`
	BackendType types.String `tfsdk:"backend_type"`
}

// NewSecretBackendListResource is the orch_secret_backend list resource:
// the secret backends of the controller (a superuser's).
var NewSecretBackendListResource = framework.NewList(framework.ListResource[providerData, secretBackendListFilter, api.SecretBackend, secretBackendModel]{
	Name:  "secret_backend",
	Label: "secret backends",
	Description: "The secret backends of the controller, for `terraform query` (Terraform 1.14+); only a superuser may " +
		"list them. Each result's identity is the backend's name. With `include_resource` the resource holds the " +
		"configuration in `config` (sensitive), as after an import; the generated configuration has `config = null` " +
		"(sensitive): fill in `config`, or `config_wo` with `config_wo_version` (see the resource's Import section).",
	Filters: map[string]schema.Attribute{
		"name": listName("secret backend", secretBackendNameValidator),
		"backend_type": schema.StringAttribute{
			Optional:    true,
			Description: "Only the backends of this type, `vault` or `kubernetes`.",
			Validators:  []validator.String{stringvalidator.OneOf(api.SecretBackendTypes...)},
		},
	},
	Identity: (&secretBackendResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f secretBackendListFilter, includeResource bool) iter.Seq2[api.SecretBackend, error] {
		// The configurations come with the pages, not one call per backend.
		return keep(pd.client.EachSecretBackend(ctx, includeResource), func(b api.SecretBackend) bool {
			return matches(f.Name, b.Name) && matches(f.BackendType, b.BackendType)
		})
	},
	DisplayName: func(b api.SecretBackend) string { return b.Name },
	Model: func(ctx context.Context, _ *providerData, b api.SecretBackend, _ bool, m *secretBackendModel) diag.Diagnostics {
		return m.fromAPI(ctx, b)
	},
})
