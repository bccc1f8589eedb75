package orch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/iacsuite/providers/internal/framework"
)

// NewSecretDataSource is the orch_secret data source.
func NewSecretDataSource() datasource.DataSource {
	return &lookup[secretDataModel]{
		dataSourceBase: dataSourceBase{Name: "secret"},
		description:    "A user secret of a model, by name; its value is not read.",
		attributes: map[string]schema.Attribute{
			"id":         dataIDAttribute("<model_uuid>:<secret_id>"),
			"model_uuid": dataModelUUIDAttribute(),
			"name":       schema.StringAttribute{Required: true, Description: "Name of the secret."},
			"secret_id":  schema.StringAttribute{Computed: true, Description: "ID of the secret."},
			"secret_uri": schema.StringAttribute{Computed: true, Description: "URI of the secret, `secret:<secret_id>`, as charms reference it."},
		},
		read: readSecret,
	}
}

type secretDataModel struct {
	ID        types.String `tfsdk:"id"`
	ModelUUID types.String `tfsdk:"model_uuid"`
	Name      types.String `tfsdk:"name"`
	SecretID  types.String `tfsdk:"secret_id"`
	SecretURI types.String `tfsdk:"secret_uri"`
}

func readSecret(ctx context.Context, pd *providerData, m *secretDataModel, diags *diag.Diagnostics) {
	s, err := pd.client.SecretByName(ctx, m.ModelUUID.ValueString(), m.Name.ValueString())
	if err != nil {
		diags.AddError("Could not read secret "+m.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	m.ID = types.StringValue(s.ModelUUID + ":" + s.ID)
	m.SecretID = types.StringValue(s.ID)
	m.SecretURI = types.StringValue(s.URI)
}
