package orch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/iacsuite/providers/internal/framework"
)

// NewStoragePoolDataSource is the orch_storage_pool data source.
func NewStoragePoolDataSource() datasource.DataSource { return &storagePoolDataSource{} }

type storagePoolDataSource struct{ pd *providerData }

type storagePoolDataModel struct {
	ID        types.String `tfsdk:"id"`
	ModelUUID types.String `tfsdk:"model_uuid"`
	Name      types.String `tfsdk:"name"`
}

func (d *storagePoolDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_storage_pool"
}

func (d *storagePoolDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A storage pool of a model, to name in storage directives.",
		Attributes: map[string]schema.Attribute{
			"id":         dataIDAttribute("<model_uuid>:<name>"),
			"model_uuid": dataModelUUIDAttribute(),
			"name":       schema.StringAttribute{Required: true, Description: "Name of the storage pool, such as `rootfs` or `loop`."},
		},
	}
}

func (d *storagePoolDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.pd = providerDataFor("orch_storage_pool", req.ProviderData, &resp.Diagnostics)
}

func (d *storagePoolDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	if !framework.RequireConfigured(d.pd, &resp.Diagnostics) {
		return
	}
	var m storagePoolDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	p, err := d.pd.client.StoragePool(ctx, m.ModelUUID.ValueString(), m.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("Could not read storage pool "+m.Name.ValueString(), apiError(err))
		return
	}
	m.ID = types.StringValue(p.ModelUUID + ":" + p.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
