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

// The prefix lists of one NAT gateway.
func TestAccNatGatewayPrefixListList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	nat := dsOrder(t, queryNAT(t, queryName(t, "nat")))[0].ProductUID
	var lists []netfabapi.PrefixList
	for _, d := range []string{"customer routes", "default only"} {
		l, err := api.CreateNATPrefixList(context.Background(), nat, queryPrefixList(d))
		require.NoError(t, err)
		lists = append(lists, l)
	}
	id := func(i int) map[string]knownvalue.Check {
		return map[string]knownvalue.Check{"nat_gateway_product_uid": knownvalue.StringExact(nat), "nat_gateway_prefix_list_id": knownvalue.Int64Exact(lists[i].ID)}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: providerConfig()},
			{
				Query:  true,
				Config: acctest.ListBlock("netfab_nat_gateway_prefix_list", "lists", true, fmt.Sprintf("nat_gateway_product_uid = %q", nat)),
				QueryResultChecks: concat(
					acctest.ExpectIdentities("netfab_nat_gateway_prefix_list.lists", id(0), id(1)),
					[]querycheck.QueryResultCheck{
						querycheck.ExpectResourceKnownValues("netfab_nat_gateway_prefix_list.lists", queryfilter.ByResourceIdentity(id(1)), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("description"), KnownValue: knownvalue.StringExact("default only")},
							{Path: tfjsonpath.New("address_family"), KnownValue: knownvalue.StringExact("IPv4")},
							{Path: tfjsonpath.New("entries"), KnownValue: knownvalue.ListSizeExact(2)},
						}),
					},
				),
			},
		},
	})
}
