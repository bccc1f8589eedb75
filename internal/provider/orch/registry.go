package orch

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// resources, dataSources and ephemeralResources are what the provider serves.
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
	ephemeralResources = []func() ephemeral.EphemeralResource{
		NewSecretEphemeralResource,
		NewControllerEphemeralResource,
	}
)
