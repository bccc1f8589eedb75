package orch

import (
	"context"
	"errors"
	"iter"
	"net/netip"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
	"github.com/iacsuite/providers/internal/framework/validate"
)

type subnetListFilter struct {
	ModelUUID types.String `tfsdk:"model_uuid"`
	CIDR      types.String `tfsdk:"cidr"`
	SpaceName types.String `tfsdk:"space_name"`
	ZoneName  types.String `tfsdk:"zone_name"`
	VLANTag   types.Int64  `tfsdk:"vlan_tag"`
}

// alphaNotPlaced refuses alpha as the space filter: a subnet in alpha is
// where the cloud put it, a placement nobody made, and so not an orch_subnet
// to adopt (the list leaves those out).
var alphaNotPlaced = summarized("Subnets In Alpha Are Not Listed", validate.StringFunc("must not be alpha", func(s string) error {
	if s == api.AlphaSpace {
		return errors.New("must not be alpha: a subnet in alpha has not been placed in a space, so there is no orch_subnet to adopt; " +
			"the orch_subnets data source lists the subnets of alpha")
	}
	return nil
}))

// NewSubnetListResource is the orch_subnet list resource: the placements
// of a model's subnets in its spaces, that is every subnet of the model but
// those in alpha, where each starts and where destroying an orch_subnet
// puts it back.
var NewSubnetListResource = framework.NewList(framework.ListResource[providerData, subnetListFilter, listedSubnet, subnetModel]{
	Name:  "subnet",
	Label: "subnets",
	Description: "The subnets of a model placed in a space, for `terraform query` (Terraform 1.14+); the subnets still in " +
		"`alpha`, where the cloud puts each and where destroying an `orch_subnet` returns it, are not listed (the " +
		"`orch_subnets` data source has them). Each result's identity is `<model_uuid>:<cidr>`.",
	Filters: map[string]schema.Attribute{
		"model_uuid": listModelUUID("subnets"),
		"cidr": schema.StringAttribute{
			Optional:    true,
			Description: "Only the subnet of this CIDR, the network address of the subnet, such as `10.150.1.0/24`.",
			Validators:  []validator.String{subnetCIDRValidator},
		},
		"space_name": schema.StringAttribute{
			Optional:    true,
			Description: "Only the subnets in this space of the model; not `alpha`.",
			Validators:  []validator.String{spaceNameValidator, alphaNotPlaced},
		},
		"zone_name": schema.StringAttribute{
			Optional:    true,
			Description: "Only the subnets that span this availability zone.",
		},
		"vlan_tag": schema.Int64Attribute{
			Optional:    true,
			Description: "Only the subnets of this VLAN, 1 to 4094; 0 for those without a VLAN.",
			Validators:  []validator.Int64{int64validator.Between(0, 4094)},
		},
	},
	Identity: (&subnetResource{}).Identity(),
	Objects: func(ctx context.Context, pd *providerData, f subnetListFilter, _ bool) iter.Seq2[listedSubnet, error] {
		sf := client.SubnetFilter{Space: f.SpaceName.ValueString(), Zone: f.ZoneName.ValueString()}
		if !f.CIDR.IsNull() {
			// The controller names a subnet by the canonical form of its
			// CIDR (fd42:150::/64, not fd42:0150::/64).
			sf.CIDR = netip.MustParsePrefix(f.CIDR.ValueString()).String()
		}
		uuid := f.ModelUUID.ValueString()
		return func(yield func(listedSubnet, error) bool) {
			for sn, err := range pd.client.EachSubnet(ctx, uuid, sf) {
				if err != nil {
					yield(listedSubnet{}, err)
					return
				}
				if sn.SpaceName == api.AlphaSpace || (!f.VLANTag.IsNull() && int64(sn.VLANTag) != f.VLANTag.ValueInt64()) {
					continue
				}
				if !yield(listedSubnet{ModelUUID: uuid, Subnet: sn}, nil) {
					return
				}
			}
		}
	},
	DisplayName: func(sn listedSubnet) string { return sn.CIDR + " in " + sn.SpaceName },
	// As Read after an import: the ID, the model, the CIDR and its space.
	Model: func(_ context.Context, _ *providerData, sn listedSubnet, _ bool, m *subnetModel) diag.Diagnostics {
		m.fromAPI(sn.ModelUUID, sn.Subnet)
		return nil
	},
})

// listedSubnet is a subnet of the model the listing names (a subnet does
// not carry its model).
type listedSubnet struct {
	ModelUUID string
	api.Subnet
}
