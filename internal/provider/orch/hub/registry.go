package hub

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/iacsuite/providers/internal/framework"
)

// Resources are the hub's resources, for the orch provider's data type P.
// Every one has an identity (framework.WithIdentity, Terraform 1.12+).
func Resources[P any, D ProviderData[P]]() []func() resource.Resource {
	return []func() resource.Resource{
		framework.WithIdentity(NewAccessCloudResource[P, D]),
		framework.WithIdentity(NewAccessControllerResource[P, D]),
		framework.WithIdentity(NewAccessRoleResource[P, D]),
		framework.WithIdentity(NewControllerResource[P, D]),
		framework.WithIdentity(NewGroupResource[P, D]),
		framework.WithIdentity(NewRoleResource[P, D]),
		framework.WithIdentity(NewAccessGroupResource[P, D]),
		framework.WithIdentity(NewAccessModelResource[P, D]),
		framework.WithIdentity(NewAccessOfferResource[P, D]),
	}
}

// ListResources are the hub's list resources (Terraform 1.14+, `terraform
// query`), each named as the resource type it lists.
func ListResources[P any, D ProviderData[P]]() []func() list.ListResource {
	return []func() list.ListResource{
		NewAccessGroupListResource[P, D],
		NewAccessRoleListResource[P, D],
		NewAccessCloudListResource[P, D],
		NewAccessControllerListResource[P, D],
		NewAccessModelListResource[P, D],
		NewAccessOfferListResource[P, D],
		NewGroupListResource[P, D],
		NewRoleListResource[P, D],
		NewControllerListResource[P, D],
	}
}

// DataSources are the hub's data sources.
func DataSources[P any, D ProviderData[P]]() []func() datasource.DataSource {
	return []func() datasource.DataSource{
		NewGroupDataSource[P, D],
		NewRoleDataSource[P, D],
	}
}
