package netfab

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/iacsuite/providers/internal/acctest"
	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

// The VXC list resource finds the account's VXCs by name; with
// include_resource each result is the whole VXC, its ends included.
func TestAccVxcList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	name := queryName(t, "vxc")
	loc := locationWith(t, offersPort(1000))
	port := netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: name + "-port", LocationID: loc, PortSpeed: 1000, ContractTermMonths: 1}
	ports := dsOrder(t, port, port)
	vxcs := dsOrder(t,
		netfabapi.OrderItem{ProductType: netfabapi.ProductTypeVXC, ProductName: name, ContractTermMonths: 12, CostCentre: "cc-1",
			VXC: &netfabapi.VXCConfig{AEndProductUID: ports[0].ProductUID, AEndVLAN: 100, BEndProductUID: ports[1].ProductUID, BEndVLAN: -1, RateLimit: 300}},
		netfabapi.OrderItem{ProductType: netfabapi.ProductTypeVXC, ProductName: name + "-other",
			VXC: &netfabapi.VXCConfig{AEndProductUID: ports[0].ProductUID, BEndProductUID: ports[1].ProductUID, RateLimit: 100}})
	uid := func(i int) map[string]knownvalue.Check { return acctest.Identity("product_uid", vxcs[i].ProductUID) }
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: providerConfig()},
			{
				Query: true,
				Config: acctest.ListBlock("netfab_vxc", "by_name", true, fmt.Sprintf("product_name = %q", name)) +
					acctest.ListBlock("netfab_vxc", "nothing", false, `product_name = "no such vxc"`),
				QueryResultChecks: concat(
					acctest.ExpectIdentities("netfab_vxc.by_name", uid(0)),
					acctest.ExpectIdentities("netfab_vxc.nothing"),
					[]querycheck.QueryResultCheck{
						querycheck.ExpectResourceKnownValues("netfab_vxc.by_name", queryfilter.ByResourceIdentity(uid(0)), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("rate_limit"), KnownValue: knownvalue.Int64Exact(300)},
							{Path: tfjsonpath.New("cost_centre"), KnownValue: knownvalue.StringExact("cc-1")},
							{Path: tfjsonpath.New("a_end").AtMapKey("vlan"), KnownValue: knownvalue.Int64Exact(100)},
							{Path: tfjsonpath.New("b_end").AtMapKey("ordered_vlan"), KnownValue: knownvalue.Int64Exact(-1)},
							{Path: tfjsonpath.New("b_end").AtMapKey("requested_product_uid"), KnownValue: knownvalue.StringExact(ports[1].ProductUID)},
							{Path: tfjsonpath.New("b_end_partner_config"), KnownValue: knownvalue.Null()},
						}),
					},
				),
			},
		},
	})
}

// The service key list resource finds the keys of a port; its filter is
// checked at plan.
func TestAccServiceKeyList(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	port := dsOrder(t, netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: queryName(t, "key-port"),
		LocationID: locationWith(t, offersPort(1000)), PortSpeed: 1000, ContractTermMonths: 1})
	key, err := api.CreateServiceKey(t.Context(), netfabapi.ServiceKeyRequest{ProductUID: port[0].ProductUID, Description: "listed", MaxSpeed: 200, Active: true})
	if err != nil {
		t.Fatal(err)
	}
	id := acctest.Identity("key", key.Key)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: providerConfig()},
			{
				Query:  true,
				Config: acctest.ListBlock("netfab_service_key", "of_port", true, fmt.Sprintf("product_uid = %q", port[0].ProductUID)),
				QueryResultChecks: concat(
					acctest.ExpectIdentities("netfab_service_key.of_port", id),
					[]querycheck.QueryResultCheck{
						querycheck.ExpectResourceDisplayName("netfab_service_key.of_port", queryfilter.ByResourceIdentity(id), knownvalue.StringExact("listed")),
						querycheck.ExpectResourceKnownValues("netfab_service_key.of_port", queryfilter.ByResourceIdentity(id), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("max_speed"), KnownValue: knownvalue.Int64Exact(200)},
							{Path: tfjsonpath.New("single_use"), KnownValue: knownvalue.Bool(false)},
						}),
					},
				),
			},
			{Query: true, Config: acctest.ListBlock("netfab_service_key", "bad", false, `product_uid = "port-1"`), ExpectError: regexp.MustCompile(`product_uid must be a product UID`)},
		},
	})
}
