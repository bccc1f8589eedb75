package orch

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/iacsuite/providers/internal/framework"
)

// resources and dataSources are what the provider serves.
var (
	resources = []func() resource.Resource{
		NewModelResource,
		NewMachineResource,
		NewApplicationResource,
		NewIntegrationResource,
		NewOfferResource,
		NewSecretResource,
		NewAccessSecretResource,
		NewCloudResource,
		NewCredentialResource,
		NewClusterCloudResource,
		NewControllerResource,
		NewHubAccessCloudResource,
		NewHubAccessControllerResource,
		NewHubAccessRoleResource,
		NewHubControllerResource,
		NewHubGroupResource,
		NewHubRoleResource,
		framework.WithIdentity(NewUserResource),
		framework.WithIdentity(NewAccessModelResource),
		framework.WithIdentity(NewAccessOfferResource),
		framework.WithIdentity(NewSSHKeyResource),
	}
	dataSources = []func() datasource.DataSource{
		NewApplicationDataSource,
		NewCharmDataSource,
		NewMachineDataSource,
		NewModelDataSource,
		NewOfferDataSource,
		NewSecretDataSource,
		NewStoragePoolDataSource,
		NewHubGroupDataSource,
		NewHubRoleDataSource,
	}
)
