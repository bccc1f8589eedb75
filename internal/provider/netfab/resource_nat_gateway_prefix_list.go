package netfab

import (
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	client "github.com/iacsuite/providers/internal/client/netfab"
)

const natGatewayPrefixListIDShape = "<NAT_GATEWAY_PRODUCT_UID>:<PREFIX_LIST_ID>"

// NewNatGatewayPrefixListResource is the netfab_nat_gateway_prefix_list
// resource: a prefix list of a NAT gateway.
func NewNatGatewayPrefixListResource() resource.Resource {
	return newChildResource(prefixListKind(childKind[natGatewayPrefixListModel, *natGatewayPrefixListModel]{
		typeName:    "nat_gateway_prefix_list",
		what:        "prefix list",
		description: "A prefix list of a NAT gateway. Description and entries change in place; the address family replaces the list.",
		parentAttr:  "nat_gateway_product_uid",
		parentWhat:  "NAT gateway",
		parentDesc:  "Product UID of the owning NAT gateway. Changing it replaces the prefix list.",
		childAttr:   "nat_gateway_prefix_list_id",
		childDesc:   "ID of the prefix list, assigned by the API.",
		idShape:     natGatewayPrefixListIDShape,
	}, prefixListCalls{
		get:    (*client.Client).NATPrefixList,
		create: (*client.Client).CreateNATPrefixList,
		update: (*client.Client).UpdateNATPrefixList,
		delete: (*client.Client).DeleteNATPrefixList,
	}))
}

type natGatewayPrefixListModel struct {
	prefixListFields
	NatGatewayProductUID   types.String `tfsdk:"nat_gateway_product_uid"`
	NatGatewayPrefixListID types.Int64  `tfsdk:"nat_gateway_prefix_list_id"`
}

func (m *natGatewayPrefixListModel) parentUID() string { return m.NatGatewayProductUID.ValueString() }
func (m *natGatewayPrefixListModel) listID() int64     { return m.NatGatewayPrefixListID.ValueInt64() }

func (m *natGatewayPrefixListModel) setIDs(natUID string, listID int64) {
	m.NatGatewayProductUID = types.StringValue(natUID)
	m.NatGatewayPrefixListID = types.Int64Value(listID)
}
