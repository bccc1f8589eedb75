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

type storagePoolListFilter struct {
	ModelUUID       types.String `tfsdk:"model_uuid"`
	Name            types.String `tfsdk:"name"`
	StorageProvider types.String `tfsdk:"storage_provider"`
}

// NewStoragePoolListResource is the orch_storage_pool list resource: the
// storage pools made in a model. The pools a model comes with (builtin)
// are left out: they cannot be removed, so no resource manages them.
var NewStoragePoolListResource = framework.NewList(framework.ListResource[providerData, storagePoolListFilter, api.StoragePool, storagePoolModel]{
	Name:  "storage_pool",
	Label: "storage pools",
	Description: "The storage pools made in a model, for `terraform query` (Terraform 1.14+); the pools the model " +
		"comes with (such as `loop`, `rootfs`, `tmpfs`) cannot be removed and are not listed. Each result's identity " +
		"is `<model_uuid>:<pool_name>`.",
	Filters: map[string]schema.Attribute{
		"model_uuid": listModelUUID("storage pools"),
		"name": listName("storage pools", stringvalidator.RegexMatches(storagePoolNamePattern,
			"must start with a letter and hold only letters, digits and hyphens")),
		"storage_provider": schema.StringAttribute{
			Optional:    true,
			Description: "Only the pools of this storage provider type, such as `lxd`, `loop` or `kubernetes`.",
			Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
		},
	},
	Identity: (&storagePoolResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f storagePoolListFilter, _ bool) iter.Seq2[api.StoragePool, error] {
		return keep(pd.client.EachStoragePool(ctx, f.ModelUUID.ValueString()), func(p api.StoragePool) bool {
			return !p.Builtin && matches(f.Name, p.Name) && matches(f.StorageProvider, p.Provider)
		})
	},
	DisplayName: func(p api.StoragePool) string { return p.Name },
	Model: func(ctx context.Context, _ *providerData, p api.StoragePool, _ bool, m *storagePoolModel) diag.Diagnostics {
		m.fromAPI(ctx, p)
		return nil
	},
})
