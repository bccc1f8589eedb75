package orch

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/resource"
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
	}
	dataSources = []func() datasource.DataSource{}
)
