package netfab

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/iacsuite/providers/internal/acctest"
	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

// The port list resource finds the ports of the account by location, name
// and status; with include_resource each result is the whole port, and
// every result has the port's identity.
func TestAccPortList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	name := queryName(t, "port")
	locs := locationsWith(t, 2, offersPort(10000))
	port := func(loc int64) netfabapi.OrderItem {
		return netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: name, LocationID: loc, PortSpeed: 10000, ContractTermMonths: 1}
	}
	tagged := port(locs[0])
	tagged.ResourceTags, tagged.CostCentre, tagged.ContractTermMonths = map[string]string{"team": "net"}, "cc-7", 12
	ps := dsOrder(t, tagged, port(locs[0]), port(locs[1]))
	// Another name, at the same place: never found by name.
	dsOrder(t, netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: name + "-other", LocationID: locs[0],
		PortSpeed: 10000, ContractTermMonths: 1})
	uid := func(i int) map[string]knownvalue.Check { return acctest.Identity("product_uid", ps[i].ProductUID) }
	byName := fmt.Sprintf("product_name = %q", name)

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: providerConfig()},
			{
				Query: true,
				Config: acctest.ListBlock("netfab_port", "by_name", false, byName) +
					acctest.ListBlock("netfab_port", "here", true, fmt.Sprintf("%s\nlocation_id = %d", byName, locs[0])) +
					acctest.ListBlock("netfab_port", "live", false, byName+"\nprovisioning_status = \"LIVE\"") +
					acctest.ListBlock("netfab_port", "deployable", false, byName+"\nprovisioning_status = \"DEPLOYABLE\"") +
					acctest.ListBlock("netfab_port", "nothing", false, `product_name = "no such port"`),
				QueryResultChecks: concat(
					acctest.ExpectIdentities("netfab_port.by_name", uid(0), uid(1), uid(2)),
					acctest.ExpectIdentities("netfab_port.here", uid(0), uid(1)),
					acctest.ExpectIdentities("netfab_port.live", uid(0), uid(1), uid(2)),
					acctest.ExpectIdentities("netfab_port.deployable"),
					acctest.ExpectIdentities("netfab_port.nothing"),
					[]querycheck.QueryResultCheck{
						querycheck.ExpectResourceDisplayName("netfab_port.by_name", queryfilter.ByResourceIdentity(uid(2)), knownvalue.StringExact(name)),
						querycheck.ExpectResourceKnownValues("netfab_port.here", queryfilter.ByResourceIdentity(uid(0)), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("id"), KnownValue: knownvalue.StringExact(ps[0].ProductUID)},
							{Path: tfjsonpath.New("product_name"), KnownValue: knownvalue.StringExact(name)},
							{Path: tfjsonpath.New("location_id"), KnownValue: knownvalue.Int64Exact(locs[0])},
							{Path: tfjsonpath.New("port_speed"), KnownValue: knownvalue.Int64Exact(10000)},
							{Path: tfjsonpath.New("contract_term_months"), KnownValue: knownvalue.Int64Exact(12)},
							{Path: tfjsonpath.New("cost_centre"), KnownValue: knownvalue.StringExact("cc-7")},
							{Path: tfjsonpath.New("resource_tags"), KnownValue: knownvalue.MapExact(map[string]knownvalue.Check{"team": knownvalue.StringExact("net")})},
							{Path: tfjsonpath.New("provisioning_status"), KnownValue: knownvalue.StringExact("LIVE")},
							{Path: tfjsonpath.New("timeouts"), KnownValue: knownvalue.Null()},
						}),
						querycheck.ExpectResourceKnownValues("netfab_port.here", queryfilter.ByResourceIdentity(uid(1)), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("resource_tags"), KnownValue: knownvalue.Null()},
							{Path: tfjsonpath.New("cost_centre"), KnownValue: knownvalue.Null()},
						}),
					},
				),
			},
		},
	})
}

// Each filter of every list resource is checked at plan, naming the
// attribute and the rule; a parent that does not exist is an error that
// says so.
func TestAccListResources_invalidFiltersAreRejected(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	for name, tc := range map[string]struct{ typ, config, want string }{
		"port status":        {"netfab_port", `provisioning_status = "CANCELLED"`, `provisioning_status value must be one of`},
		"port location":      {"netfab_port", `location_id = 0`, `location_id value must be at least 1`},
		"port name":          {"netfab_port", `product_name = ""`, `product_name UTF-8 character count must be between 1 and 64`},
		"mcr status":         {"netfab_mcr", `provisioning_status = "DESIGN"`, `provisioning_status value must be one of`},
		"ix location":        {"netfab_ix", `location_id = -1`, `location_id value must be at least 1`},
		"nat name":           {"netfab_nat_gateway", `product_name = "` + strings.Repeat("n", 65) + `"`, `product_name UTF-8 character count must be between 1 and 64`},
		"prefix list parent": {"netfab_mcr_prefix_filter_list", `mcr_id = "not-a-uid"`, `mcr_id must be a product UID \(a UUID`},
		"add-on no parent":   {"netfab_mcr_ipsec_addon", ``, `The argument "mcr_id" is required`},
		"packet filter gone": {"netfab_nat_gateway_packet_filter", `nat_gateway_product_uid = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"`, `(?i)not found`},
		"nat list parent":    {"netfab_nat_gateway_prefix_list", `nat_gateway_product_uid = "x"`, `nat_gateway_product_uid must be a product UID`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{
					{Config: providerConfig()},
					{Query: true, Config: acctest.ListBlock(tc.typ, "bad", false, tc.config), ExpectError: regexp.MustCompile(tc.want)},
				},
			})
		})
	}
}
