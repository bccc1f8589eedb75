package orch

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
)

// NewSubnetsDataSource is the orch_subnets data source: the subnets a
// model knows, by CIDR.
func NewSubnetsDataSource() datasource.DataSource {
	computed := func(d string) schema.StringAttribute { return schema.StringAttribute{Computed: true, Description: d} }
	return &lookup[subnetsDataModel]{
		dataSourceBase: dataSourceBase{Name: "subnets"},
		description: "The subnets of a model's cloud, with the space each is in, keyed by CIDR; those of one space " +
			"or availability zone when filtered.",
		attributes: map[string]schema.Attribute{
			"id":         dataIDAttribute("<model_uuid>:<space_name>:<zone_name>"),
			"model_uuid": dataModelUUIDAttribute(),
			"space_name": schema.StringAttribute{
				Optional:    true,
				Description: "Only the subnets of this space of the model.",
				Validators:  []validator.String{spaceNameValidator},
			},
			"zone_name": schema.StringAttribute{Optional: true, Description: "Only the subnets of this availability zone."},
			"subnets": schema.MapNestedAttribute{
				Computed:    true,
				Description: "The subnets, keyed by CIDR.",
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"cidr":                computed("The subnet's CIDR."),
					"life":                computed("`alive`, or `dying` while it is removed."),
					"provider_id":         computed("The cloud's identifier of the subnet."),
					"provider_network_id": computed("The cloud's identifier of the network the subnet is in."),
					"provider_space_id":   computed("The cloud's identifier of the space, where the cloud has spaces."),
					"space_name":          computed("The space the subnet is in."),
					"vlan_tag":            schema.Int64Attribute{Computed: true, Description: "The VLAN tag; 0 without a VLAN."},
					"zones":               schema.ListAttribute{Computed: true, ElementType: types.StringType, Description: "The availability zones the subnet spans."},
				}},
			},
		},
		read: readSubnets,
	}
}

type subnetsDataModel struct {
	ID        types.String               `tfsdk:"id"`
	ModelUUID types.String               `tfsdk:"model_uuid"`
	SpaceName types.String               `tfsdk:"space_name"`
	ZoneName  types.String               `tfsdk:"zone_name"`
	Subnets   map[string]subnetDataModel `tfsdk:"subnets"`
}

type subnetDataModel struct {
	CIDR              types.String `tfsdk:"cidr"`
	Life              types.String `tfsdk:"life"`
	ProviderID        types.String `tfsdk:"provider_id"`
	ProviderNetworkID types.String `tfsdk:"provider_network_id"`
	ProviderSpaceID   types.String `tfsdk:"provider_space_id"`
	SpaceName         types.String `tfsdk:"space_name"`
	VLANTag           types.Int64  `tfsdk:"vlan_tag"`
	Zones             []string     `tfsdk:"zones"`
}

func readSubnets(ctx context.Context, pd *providerData, m *subnetsDataModel, diags *diag.Diagnostics) {
	f := client.SubnetFilter{Space: m.SpaceName.ValueString(), Zone: m.ZoneName.ValueString()}
	subnets, err := pd.client.Subnets(ctx, m.ModelUUID.ValueString(), f)
	if err != nil {
		diags.AddError("Could not list the subnets of model "+m.ModelUUID.ValueString(), framework.ErrorDetail(err))
		return
	}
	m.Subnets = map[string]subnetDataModel{}
	for _, sn := range subnets {
		m.Subnets[sn.CIDR] = subnetDataModel{
			CIDR: types.StringValue(sn.CIDR), Life: types.StringValue(sn.Life), ProviderID: types.StringValue(sn.ProviderID),
			ProviderNetworkID: types.StringValue(sn.ProviderNetworkID), ProviderSpaceID: types.StringValue(sn.ProviderSpaceID),
			SpaceName: types.StringValue(sn.SpaceName), VLANTag: types.Int64Value(int64(sn.VLANTag)), Zones: append([]string{}, sn.Zones...),
		}
	}
	m.ID = types.StringValue(m.ModelUUID.ValueString() + ":" + f.Space + ":" + f.Zone)
}
