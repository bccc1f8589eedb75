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

// The prefix filter lists of one MCR, each with the MCR's UID and its own
// ID as identity; the lists of another MCR are not found.
func TestAccMcrPrefixFilterListList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ps := dsOrder(t, queryMCR(t, queryName(t, "mcr")), queryMCR(t, queryName(t, "mcr")))
	mcr, other := ps[0].ProductUID, ps[1].ProductUID
	var lists []netfabapi.PrefixList
	for _, d := range []string{"customer routes", "default only"} {
		l, err := api.CreateMCRPrefixFilterList(context.Background(), mcr, queryPrefixList(d))
		require.NoError(t, err)
		lists = append(lists, l)
	}
	_, err := api.CreateMCRPrefixFilterList(context.Background(), other, queryPrefixList("elsewhere"))
	require.NoError(t, err)
	id := func(i int) map[string]knownvalue.Check {
		return map[string]knownvalue.Check{"mcr_id": knownvalue.StringExact(mcr), "prefix_filter_list_id": knownvalue.Int64Exact(lists[i].ID)}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: providerConfig()},
			{
				Query:  true,
				Config: acctest.ListBlock("netfab_mcr_prefix_filter_list", "lists", true, fmt.Sprintf("mcr_id = %q", mcr)),
				QueryResultChecks: concat(
					acctest.ExpectIdentities("netfab_mcr_prefix_filter_list.lists", id(0), id(1)),
					[]querycheck.QueryResultCheck{
						querycheck.ExpectResourceDisplayName("netfab_mcr_prefix_filter_list.lists", queryfilter.ByResourceIdentity(id(1)), knownvalue.StringExact("default only")),
						querycheck.ExpectResourceKnownValues("netfab_mcr_prefix_filter_list.lists", queryfilter.ByResourceIdentity(id(0)), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("id"), KnownValue: knownvalue.StringExact(fmt.Sprintf("%s:%d", mcr, lists[0].ID))},
							{Path: tfjsonpath.New("description"), KnownValue: knownvalue.StringExact("customer routes")},
							{Path: tfjsonpath.New("address_family"), KnownValue: knownvalue.StringExact("IPv4")},
							{Path: tfjsonpath.New("entries"), KnownValue: knownvalue.ListSizeExact(2)},
							{Path: tfjsonpath.New("entries").AtSliceIndex(0).AtMapKey("le"), KnownValue: knownvalue.Int64Exact(24)},
							{Path: tfjsonpath.New("last_updated"), KnownValue: knownvalue.NotNull()},
						}),
					},
				),
			},
		},
	})
}
