package orch

import (
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/iacsuite/providers/internal/framework"
)

// resources, dataSources and ephemeralResources are what the provider
// serves. Every resource has an identity (framework.WithIdentity, Terraform
// 1.12+).
var (
	resources = []func() resource.Resource{
		framework.WithIdentity(NewModelResource),
		framework.WithIdentity(NewMachineResource),
		framework.WithIdentity(NewApplicationResource),
		framework.WithIdentity(NewIntegrationResource),
		framework.WithIdentity(NewOfferResource),
		framework.WithIdentity(NewSecretResource),
		framework.WithIdentity(NewAccessSecretResource),
		framework.WithIdentity(NewCloudResource),
		framework.WithIdentity(NewCredentialResource),
		framework.WithIdentity(NewClusterCloudResource),
		framework.WithIdentity(NewControllerResource),
		framework.WithIdentity(NewHubAccessCloudResource),
		framework.WithIdentity(NewHubAccessControllerResource),
		framework.WithIdentity(NewHubAccessRoleResource),
		framework.WithIdentity(NewHubControllerResource),
		framework.WithIdentity(NewHubGroupResource),
		framework.WithIdentity(NewHubRoleResource),
		framework.WithIdentity(NewUserResource),
		framework.WithIdentity(NewAccessModelResource),
		framework.WithIdentity(NewAccessOfferResource),
		framework.WithIdentity(NewSSHKeyResource),
		framework.WithIdentity(NewStoragePoolResource),
		framework.WithIdentity(NewHubAccessGroupResource),
		framework.WithIdentity(NewActionResource),
		framework.WithIdentity(NewSecretBackendResource),
		framework.WithIdentity(NewHubAccessModelResource),
		framework.WithIdentity(NewHubAccessOfferResource),
		framework.WithIdentity(NewSpaceResource),
		framework.WithIdentity(NewSubnetResource),
	}
	// listResources are the list resources (Terraform 1.14+, `terraform
	// query`), each named as the resource type it lists.
	listResources = []func() list.ListResource{
		NewModelListResource,
		NewMachineListResource,
		NewApplicationListResource,
		NewIntegrationListResource,
		NewOfferListResource,
		NewSecretListResource,
		NewAccessSecretListResource,
		NewCloudListResource,
		NewCredentialListResource,
		NewUserListResource,
		NewSSHKeyListResource,
		NewStoragePoolListResource,
		NewAccessModelListResource,
		NewAccessOfferListResource,
		NewClusterCloudListResource,
		NewControllerListResource,
		NewSpaceListResource,
		NewSubnetListResource,
		NewSecretBackendListResource,
		NewHubAccessGroupListResource,
		NewHubAccessRoleListResource,
		NewHubAccessCloudListResource,
		NewHubAccessControllerListResource,
		NewHubAccessModelListResource,
		NewHubAccessOfferListResource,
		NewHubGroupListResource,
		NewHubRoleListResource,
		NewHubControllerListResource,
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
		NewActionDataSource,
		NewSpaceDataSource,
		NewSubnetsDataSource,
	}
	// actions are the provider's actions (Terraform 1.14+).
	actions = []func() action.Action{
		NewEnableHAAction,
		NewRunActionAction,
	}
	ephemeralResources = []func() ephemeral.EphemeralResource{
		NewSecretEphemeralResource,
		NewControllerEphemeralResource,
	}
)
