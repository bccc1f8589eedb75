package orch

import (
	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/provider/orch/hub"
)

// resources, dataSources and ephemeralResources are what the provider
// serves. Every resource has an identity (framework.WithIdentity, Terraform
// 1.12+). The hub's types are the package hub's, for this provider's data
// (hub.Resources, hub.ListResources, hub.DataSources).
var (
	resources = append([]func() resource.Resource{
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
		framework.WithIdentity(NewUserResource),
		framework.WithIdentity(NewAccessModelResource),
		framework.WithIdentity(NewAccessOfferResource),
		framework.WithIdentity(NewSSHKeyResource),
		framework.WithIdentity(NewStoragePoolResource),
		framework.WithIdentity(NewActionResource),
		framework.WithIdentity(NewSecretBackendResource),
		framework.WithIdentity(NewSpaceResource),
		framework.WithIdentity(NewSubnetResource),
	}, hub.Resources[providerData]()...)
	// listResources are the list resources (Terraform 1.14+, `terraform
	// query`), each named as the resource type it lists.
	listResources = append([]func() list.ListResource{
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
	}, hub.ListResources[providerData]()...)
	dataSources = append([]func() datasource.DataSource{
		NewApplicationDataSource,
		NewCharmDataSource,
		NewMachineDataSource,
		NewModelDataSource,
		NewOfferDataSource,
		NewSecretDataSource,
		NewStoragePoolDataSource,
		NewActionDataSource,
		NewSpaceDataSource,
		NewSubnetsDataSource,
	}, hub.DataSources[providerData]()...)
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
