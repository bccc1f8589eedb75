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
	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

// The LAG port list resource finds LAG ports by name, location and status,
// and never a plain port of the same name; with include_resource each is
// the whole LAG port, as a read after import has it.
func TestAccLagPortList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	name := queryName(t, "lag")
	loc := locationWith(t, offersPort(10000))
	lag := func(count int64) netfabapi.OrderItem {
		return netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: name, LocationID: loc, PortSpeed: 10000,
			ContractTermMonths: 12, MarketplaceVisibility: new(false), LAG: &netfabapi.LAGOrder{LagCount: count},
			ResourceTags: map[string]string{"environment": "production"}}
	}
	ps := dsOrder(t, lag(2), lag(1), netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: name,
		LocationID: loc, PortSpeed: 10000, ContractTermMonths: 1})
	uid := func(i int) map[string]knownvalue.Check { return acctest.Identity("product_uid", ps[i].ProductUID) }
	byName := fmt.Sprintf("product_name = %q", name)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: providerConfig()},
			{
				Query: true,
				Config: acctest.ListBlock("netfab_lag_port", "by_name", true, byName) +
					acctest.ListBlock("netfab_lag_port", "here_live", false, fmt.Sprintf("%s\nlocation_id = %d\nprovisioning_status = \"LIVE\"", byName, loc)) +
					acctest.ListBlock("netfab_lag_port", "deployable", false, byName+"\nprovisioning_status = \"DEPLOYABLE\"") +
					acctest.ListBlock("netfab_lag_port", "elsewhere", false, fmt.Sprintf("%s\nlocation_id = %d", byName, loc+1000)),
				QueryResultChecks: concat(
					// The plain port (ps[2]) is not a LAG port.
					acctest.ExpectIdentities("netfab_lag_port.by_name", uid(0), uid(1)),
					acctest.ExpectIdentities("netfab_lag_port.here_live", uid(0), uid(1)),
					acctest.ExpectIdentities("netfab_lag_port.deployable"),
					acctest.ExpectIdentities("netfab_lag_port.elsewhere"),
					[]querycheck.QueryResultCheck{
						querycheck.ExpectResourceDisplayName("netfab_lag_port.by_name", queryfilter.ByResourceIdentity(uid(0)), knownvalue.StringExact(name)),
						querycheck.ExpectResourceKnownValues("netfab_lag_port.by_name", queryfilter.ByResourceIdentity(uid(0)), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("product_name"), KnownValue: knownvalue.StringExact(name)},
							{Path: tfjsonpath.New("location_id"), KnownValue: knownvalue.Int64Exact(loc)},
							{Path: tfjsonpath.New("port_speed"), KnownValue: knownvalue.Int64Exact(10000)},
							{Path: tfjsonpath.New("lag_count"), KnownValue: knownvalue.Int64Exact(2)},
							{Path: tfjsonpath.New("marketplace_visibility"), KnownValue: knownvalue.Bool(false)},
							{Path: tfjsonpath.New("resource_tags"), KnownValue: knownvalue.MapExact(map[string]knownvalue.Check{"environment": knownvalue.StringExact("production")})},
						}),
						querycheck.ExpectResourceKnownValues("netfab_lag_port.by_name", queryfilter.ByResourceIdentity(uid(1)), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("lag_count"), KnownValue: knownvalue.Int64Exact(1)},
						}),
					},
				),
			},
		},
	})
}
