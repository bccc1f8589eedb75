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
)

// The MCR list resource finds MCRs by name, location and status; with
// include_resource each is the whole MCR, its prefix filter lists included,
// as a read after import has them.
func TestAccMcrList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	name := queryName(t, "mcr")
	ps := dsOrder(t, queryMCR(t, name), queryMCR(t, name))
	_, err := api.CreateMCRPrefixFilterList(context.Background(), ps[0].ProductUID, queryPrefixList("customer routes"))
	require.NoError(t, err)
	uid := func(i int) map[string]knownvalue.Check { return acctest.Identity("product_uid", ps[i].ProductUID) }
	byName := fmt.Sprintf("product_name = %q", name)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: providerConfig()},
			{
				Query: true,
				Config: acctest.ListBlock("netfab_mcr", "by_name", false, byName) +
					acctest.ListBlock("netfab_mcr", "here_live", true, fmt.Sprintf("%s\nlocation_id = %d\nprovisioning_status = \"LIVE\"", byName, ps[0].LocationID)) +
					acctest.ListBlock("netfab_mcr", "configured", false, byName+"\nprovisioning_status = \"CONFIGURED\""),
				QueryResultChecks: concat(
					acctest.ExpectIdentities("netfab_mcr.by_name", uid(0), uid(1)),
					acctest.ExpectIdentities("netfab_mcr.here_live", uid(0), uid(1)),
					acctest.ExpectIdentities("netfab_mcr.configured"),
					[]querycheck.QueryResultCheck{
						querycheck.ExpectResourceDisplayName("netfab_mcr.by_name", queryfilter.ByResourceIdentity(uid(0)), knownvalue.StringExact(name)),
						querycheck.ExpectResourceKnownValues("netfab_mcr.here_live", queryfilter.ByResourceIdentity(uid(0)), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("product_name"), KnownValue: knownvalue.StringExact(name)},
							{Path: tfjsonpath.New("asn"), KnownValue: knownvalue.Int64Exact(64512)},
							{Path: tfjsonpath.New("port_speed"), KnownValue: knownvalue.Int64Exact(5000)},
							{Path: tfjsonpath.New("resource_tags"), KnownValue: knownvalue.MapExact(map[string]knownvalue.Check{"environment": knownvalue.StringExact("production")})},
							{Path: tfjsonpath.New("prefix_filter_lists").AtSliceIndex(0).AtMapKey("description"), KnownValue: knownvalue.StringExact("customer routes")},
							{Path: tfjsonpath.New("prefix_filter_lists"), KnownValue: knownvalue.ListSizeExact(1)},
						}),
						querycheck.ExpectResourceKnownValues("netfab_mcr.here_live", queryfilter.ByResourceIdentity(uid(1)), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("prefix_filter_lists"), KnownValue: knownvalue.ListSizeExact(0)},
						}),
					},
				),
			},
		},
	})
}
