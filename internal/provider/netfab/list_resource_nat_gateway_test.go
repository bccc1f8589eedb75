package netfab

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/iacsuite/providers/internal/acctest"
)

// The NAT gateway list resource finds NAT gateways by name, location and
// status; with include_resource each is the whole gateway.
func TestAccNatGatewayList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	name := queryName(t, "nat")
	ps := dsOrder(t, queryNAT(t, name), queryNAT(t, name))
	uid := func(i int) map[string]knownvalue.Check { return acctest.Identity("product_uid", ps[i].ProductUID) }
	byName := fmt.Sprintf("product_name = %q", name)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: providerConfig()},
			{
				Query: true,
				Config: acctest.ListBlock("netfab_nat_gateway", "by_name", true, byName) +
					acctest.ListBlock("netfab_nat_gateway", "here_live", false,
						fmt.Sprintf("%s\nlocation_id = %d\nprovisioning_status = \"LIVE\"", byName, ps[0].LocationID)) +
					acctest.ListBlock("netfab_nat_gateway", "elsewhere", false, fmt.Sprintf("%s\nlocation_id = %d", byName, ps[0].LocationID+1000)),
				QueryResultChecks: concat(
					acctest.ExpectIdentities("netfab_nat_gateway.by_name", uid(0), uid(1)),
					acctest.ExpectIdentities("netfab_nat_gateway.here_live", uid(0), uid(1)),
					acctest.ExpectIdentities("netfab_nat_gateway.elsewhere"),
					[]querycheck.QueryResultCheck{
						querycheck.ExpectResourceKnownValues("netfab_nat_gateway.by_name", queryfilter.ByResourceIdentity(uid(0)), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("product_name"), KnownValue: knownvalue.StringExact(name)},
							{Path: tfjsonpath.New("speed"), KnownValue: knownvalue.Int64Exact(1000)},
							{Path: tfjsonpath.New("session_count"), KnownValue: knownvalue.Int64Exact(250000)},
							{Path: tfjsonpath.New("resource_tags"), KnownValue: knownvalue.MapExact(map[string]knownvalue.Check{"environment": knownvalue.StringExact("production")})},
						}),
					},
				),
			},
		},
	})
}
