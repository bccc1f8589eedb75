package netfab

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

// The packet filters of one NAT gateway, with their entries.
func TestAccNatGatewayPacketFilterList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	nat := dsOrder(t, queryNAT(t, queryName(t, "nat")))[0].ProductUID
	var filters []netfabapi.PacketFilter
	for _, d := range []string{"egress", "ingress"} {
		f, err := api.CreateNATPacketFilter(context.Background(), nat, netfabapi.PacketFilter{Description: d, Entries: []netfabapi.PacketFilterEntry{
			{Action: "permit", SourceAddress: "10.0.0.0/8", DestinationAddress: "0.0.0.0/0", DestinationPorts: "443", IPProtocol: 6}}})
		require.NoError(t, err)
		filters = append(filters, f)
	}
	id := func(i int) map[string]knownvalue.Check {
		return map[string]knownvalue.Check{"nat_gateway_product_uid": knownvalue.StringExact(nat), "nat_gateway_packet_filter_id": knownvalue.Int64Exact(filters[i].ID)}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: providerConfig()},
			{
				Query:  true,
				Config: acctest.ListBlock("netfab_nat_gateway_packet_filter", "filters", true, fmt.Sprintf("nat_gateway_product_uid = %q", nat)),
				QueryResultChecks: concat(
					acctest.ExpectIdentities("netfab_nat_gateway_packet_filter.filters", id(0), id(1)),
					[]querycheck.QueryResultCheck{
						querycheck.ExpectResourceDisplayName("netfab_nat_gateway_packet_filter.filters", queryfilter.ByResourceIdentity(id(0)), knownvalue.StringExact("egress")),
						querycheck.ExpectResourceKnownValues("netfab_nat_gateway_packet_filter.filters", queryfilter.ByResourceIdentity(id(1)), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("description"), KnownValue: knownvalue.StringExact("ingress")},
							{Path: tfjsonpath.New("entries").AtSliceIndex(0).AtMapKey("destination_ports"), KnownValue: knownvalue.StringExact("443")},
							{Path: tfjsonpath.New("entries").AtSliceIndex(0).AtMapKey("ip_protocol"), KnownValue: knownvalue.Int64Exact(6)},
						}),
					},
				),
			},
		},
	})
}
