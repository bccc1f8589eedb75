package orch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// What the data sources share.

func dataSourceConfigure(req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) *providerData {
	return configuredData(req.ProviderData, resp.Diagnostics.AddError)
}

func requireConfigured(pd *providerData, resp *datasource.ReadResponse) bool {
	if pd == nil {
		resp.Diagnostics.AddError("Provider not configured", "The provider is not configured yet, so it cannot read from the controller.")
		return false
	}
	return true
}

func dataIDAttribute(shape string) schema.StringAttribute {
	return schema.StringAttribute{Computed: true, Description: "Identifier, `" + shape + "`."}
}

func dataModelUUIDAttribute() schema.StringAttribute {
	return schema.StringAttribute{Required: true, Description: "UUID of the model.", Validators: []validator.String{uuidValidator{}}}
}

var _ = context.Background
