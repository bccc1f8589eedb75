package orch

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// What the data sources share.

func dataIDAttribute(shape string) schema.StringAttribute {
	return schema.StringAttribute{Computed: true, Description: "Identifier, `" + shape + "`."}
}

func dataModelUUIDAttribute() schema.StringAttribute {
	return schema.StringAttribute{Required: true, Description: "UUID of the model.", Validators: []validator.String{uuidValidator}}
}
