package orch

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/framework"
)

type accessSecretListFilter struct {
	ModelUUID types.String `tfsdk:"model_uuid"`
}

// NewAccessSecretListResource is the orch_access_secret list resource: the
// secrets of a model that grant applications access.
var NewAccessSecretListResource = framework.NewList(framework.ListResource[providerData, accessSecretListFilter, api.Secret, accessSecretModel]{
	Name:  "access_secret",
	Label: "secret access grants",
	Description: "The secrets of a model that at least one application may read, each the whole set of its grants, for " +
		"`terraform query` (Terraform 1.14+). Each result's identity is the model's UUID and the secret's ID.",
	Filters:  map[string]schema.Attribute{"model_uuid": listModelUUID("secret access grants")},
	Identity: (&accessSecretResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f accessSecretListFilter, _ bool) iter.Seq2[api.Secret, error] {
		return keep(pd.client.EachSecret(ctx, f.ModelUUID.ValueString(), "", false), func(s api.Secret) bool { return len(s.Applications) > 0 })
	},
	DisplayName: func(s api.Secret) string { return s.Name },
	Model: func(ctx context.Context, _ *providerData, s api.Secret, _ bool, m *accessSecretModel) diag.Diagnostics {
		// As ImportState sets them.
		m.ModelUUID = types.StringValue(s.ModelUUID)
		m.SecretID = types.StringValue(s.ID)
		m.fromAPI(ctx, s.ModelUUID, s.ID, s.Applications)
		return nil
	},
})
