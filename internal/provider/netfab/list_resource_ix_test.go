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

// The IX list resource finds IX connections by name and location (their
// port's); with include_resource each is the whole connection.
func TestAccIxList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	name := queryName(t, "ix")
	loc, exchanges := ixLocation(t)
	port := dsOrder(t, queryPort(name+"-port", loc))[0]
	ps := dsOrder(t, queryIX(name, port.ProductUID, exchanges[0], 100), queryIX(name, port.ProductUID, exchanges[0], 101))
	uid := func(i int) map[string]knownvalue.Check { return acctest.Identity("product_uid", ps[i].ProductUID) }
	byName := fmt.Sprintf("product_name = %q", name)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: providerConfig()},
			{
				Query: true,
				Config: acctest.ListBlock("netfab_ix", "by_name", true, byName) +
					acctest.ListBlock("netfab_ix", "here", false, fmt.Sprintf("%s\nlocation_id = %d", byName, ps[0].LocationID)) +
					// The port is not an IX connection.
					acctest.ListBlock("netfab_ix", "port", false, fmt.Sprintf("product_name = %q", name+"-port")),
				QueryResultChecks: concat(
					acctest.ExpectIdentities("netfab_ix.by_name", uid(0), uid(1)),
					acctest.ExpectIdentities("netfab_ix.here", uid(0), uid(1)),
					acctest.ExpectIdentities("netfab_ix.port"),
					[]querycheck.QueryResultCheck{
						querycheck.ExpectResourceKnownValues("netfab_ix.by_name", queryfilter.ByResourceIdentity(uid(1)), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("product_name"), KnownValue: knownvalue.StringExact(name)},
							{Path: tfjsonpath.New("requested_product_uid"), KnownValue: knownvalue.StringExact(port.ProductUID)},
							{Path: tfjsonpath.New("network_service_type"), KnownValue: knownvalue.StringExact(exchanges[0])},
							{Path: tfjsonpath.New("vlan"), KnownValue: knownvalue.Int64Exact(101)},
							{Path: tfjsonpath.New("asn"), KnownValue: knownvalue.Int64Exact(64512)},
						}),
					},
				),
			},
		},
	})
}

// The filters the IX and VXC list tests (TestAccIxList_filters,
// TestAccVxcList_filters) leave out: an IX connection's provisioning status,
// and a VXC's location (its A end's) and status. One port pair carries both
// products.
func TestAccIxVxcList_statusAndLocation(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	name := queryName(t, "status")
	loc, exchanges := ixLocation(t)
	ports := dsOrder(t, queryPort(name+"-a", loc), queryPort(name+"-b", loc))
	ps := dsOrder(t,
		queryIX(name+"-ix", ports[0].ProductUID, exchanges[0], 100),
		netfabapi.OrderItem{ProductType: netfabapi.ProductTypeVXC, ProductName: name + "-vxc", ContractTermMonths: 1,
			VXC: &netfabapi.VXCConfig{AEndProductUID: ports[0].ProductUID, AEndVLAN: 200, BEndProductUID: ports[1].ProductUID, BEndVLAN: 200, RateLimit: 100}})
	ix, vxc := acctest.Identity("product_uid", ps[0].ProductUID), acctest.Identity("product_uid", ps[1].ProductUID)
	ixName, vxcName := fmt.Sprintf("product_name = %q", name+"-ix"), fmt.Sprintf("product_name = %q", name+"-vxc")
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: providerConfig()},
			{
				Query: true,
				Config: acctest.ListBlock("netfab_ix", "live", false, ixName+"\nprovisioning_status = \"LIVE\"") +
					acctest.ListBlock("netfab_ix", "configured", false, ixName+"\nprovisioning_status = \"CONFIGURED\"") +
					acctest.ListBlock("netfab_vxc", "here_live", true, fmt.Sprintf("%s\nlocation_id = %d\nprovisioning_status = \"LIVE\"", vxcName, loc)) +
					acctest.ListBlock("netfab_vxc", "elsewhere", false, fmt.Sprintf("%s\nlocation_id = %d", vxcName, loc+1000)) +
					acctest.ListBlock("netfab_vxc", "deployable", false, vxcName+"\nprovisioning_status = \"DEPLOYABLE\""),
				QueryResultChecks: concat(
					acctest.ExpectIdentities("netfab_ix.live", ix),
					acctest.ExpectIdentities("netfab_ix.configured"),
					acctest.ExpectIdentities("netfab_vxc.here_live", vxc),
					acctest.ExpectIdentities("netfab_vxc.elsewhere"),
					acctest.ExpectIdentities("netfab_vxc.deployable"),
				),
			},
		},
	})
}
