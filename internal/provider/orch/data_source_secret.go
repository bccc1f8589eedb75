package orch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/iacsuite/providers/internal/framework"
)

// NewSecretDataSource is the orch_secret data source.
func NewSecretDataSource() datasource.DataSource { return &secretDataSource{} }

type secretDataSource struct{ pd *providerData }

type secretDataModel struct {
	ID        types.String `tfsdk:"id"`
	ModelUUID types.String `tfsdk:"model_uuid"`
	Name      types.String `tfsdk:"name"`
	SecretID  types.String `tfsdk:"secret_id"`
}

func (d *secretDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_secret"
}

func (d *secretDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A user secret of a model, by name; its value is not read.",
		Attributes: map[string]schema.Attribute{
			"id":         dataIDAttribute("<model_uuid>:<secret_id>"),
			"model_uuid": dataModelUUIDAttribute(),
			"name":       schema.StringAttribute{Required: true, Description: "Name of the secret."},
			"secret_id":  schema.StringAttribute{Computed: true, Description: "ID of the secret."},
		},
	}
}

func (d *secretDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.pd = providerDataFor("orch_secret", req.ProviderData, &resp.Diagnostics)
}

func (d *secretDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	if !framework.RequireConfigured(d.pd, &resp.Diagnostics) {
		return
	}
	var m secretDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	s, err := d.pd.client.SecretByName(ctx, m.ModelUUID.ValueString(), m.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("Could not read secret "+m.Name.ValueString(), apiError(err))
		return
	}
	m.ID = types.StringValue(s.ModelUUID + ":" + s.ID)
	m.SecretID = types.StringValue(s.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
