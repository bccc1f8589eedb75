package orch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/iacsuite/providers/internal/framework"
)

// NewSpaceDataSource is the orch_space data source.
func NewSpaceDataSource() datasource.DataSource {
	return &lookup[spaceDataModel]{
		dataSourceBase: dataSourceBase{Name: "space"},
		description:    "A space of a model, `alpha` included, to bind application endpoints to.",
		attributes: map[string]schema.Attribute{
			"id":         dataIDAttribute("<model_uuid>:<name>"),
			"model_uuid": dataModelUUIDAttribute(),
			"name": schema.StringAttribute{
				Required:    true,
				Description: "The name of the space, such as `alpha` or `public`.",
				Validators:  []validator.String{spaceNameValidator},
			},
		},
		read: readSpace,
	}
}

type spaceDataModel struct {
	ID        types.String `tfsdk:"id"`
	ModelUUID types.String `tfsdk:"model_uuid"`
	Name      types.String `tfsdk:"name"`
}

func readSpace(ctx context.Context, pd *providerData, m *spaceDataModel, diags *diag.Diagnostics) {
	sp, err := pd.client.Space(ctx, m.ModelUUID.ValueString(), m.Name.ValueString())
	if err != nil {
		diags.AddError("Could not read space "+m.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	m.ID = types.StringValue(sp.ModelUUID + ":" + sp.Name)
}
