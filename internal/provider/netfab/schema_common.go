package netfab

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Attribute builders that several resources and data sources share.

// lookupIDAttribute is the `id` of the listing data sources.
func lookupIDAttribute() schema.StringAttribute {
	return schema.StringAttribute{
		Computed:    true,
		Description: "Identifier of this lookup, derived from the data source and its arguments.",
	}
}

// dsComputedString is a computed string of a data source.
func dsComputedString(desc string) schema.StringAttribute {
	return schema.StringAttribute{Computed: true, Description: desc}
}

// dsComputedInt64 is a computed integer of a data source.
func dsComputedInt64(desc string) schema.Int64Attribute {
	return schema.Int64Attribute{Computed: true, Description: desc}
}

// includeResourceTagsAttribute is the include_resource_tags argument of the
// MVE and VXC listings.
func includeResourceTagsAttribute(label string) schema.BoolAttribute {
	return schema.BoolAttribute{
		Optional: true,
		Computed: true,
		Description: "Whether to read each " + label + "'s resource tags into `resource_tags`. Default false. " +
			"Costs one extra API call per " + label + " listed, so leave it off for large accounts unless the tags are needed.",
	}
}

// resourceTagsItemAttribute is the resource_tags of a listed item.
func resourceTagsItemAttribute() schema.MapAttribute {
	return schema.MapAttribute{
		ElementType: types.StringType,
		Computed:    true,
		Description: "Resource tags; read only when `include_resource_tags` is true (an empty map when there are none), null otherwise.",
	}
}

// output is a computed string that the service sets at creation and never
// changes afterwards, so plans keep its state value.
func output(desc string) rschema.StringAttribute {
	return rschema.StringAttribute{Computed: true, Description: desc,
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}
}

// boolOutput is a computed bool that the service never changes after
// creation.
func boolOutput(desc string) rschema.BoolAttribute {
	return rschema.BoolAttribute{Computed: true, Description: desc,
		PlanModifiers: []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()}}
}

// intOutput is a computed integer that the service never changes after
// creation.
func intOutput(desc string) rschema.Int64Attribute {
	return rschema.Int64Attribute{Computed: true, Description: desc,
		PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()}}
}
