package orch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/iacsuite/providers/internal/framework"
)

// NewStoragePoolDataSource is the orch_storage_pool data source.
func NewStoragePoolDataSource() datasource.DataSource {
	return &lookup[storagePoolDataModel]{
		dataSourceBase: dataSourceBase{Name: "storage_pool"},
		description:    "A storage pool of a model, to name in storage directives.",
		attributes: map[string]schema.Attribute{
			"id":         dataIDAttribute("<model_uuid>:<name>"),
			"model_uuid": dataModelUUIDAttribute(),
			"name":       schema.StringAttribute{Required: true, Description: "Name of the storage pool, such as `rootfs` or `loop`."},
		},
		read: readStoragePool,
	}
}

type storagePoolDataModel struct {
	ID        types.String `tfsdk:"id"`
	ModelUUID types.String `tfsdk:"model_uuid"`
	Name      types.String `tfsdk:"name"`
}

func readStoragePool(ctx context.Context, pd *providerData, m *storagePoolDataModel, diags *diag.Diagnostics) {
	p, err := pd.client.StoragePool(ctx, m.ModelUUID.ValueString(), m.Name.ValueString())
	if err != nil {
		diags.AddError("Could not read storage pool "+m.Name.ValueString(), framework.ErrorDetail(err))
		return
	}
	m.ID = types.StringValue(p.ModelUUID + ":" + p.Name)
}
