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

// The IPsec add-on of one MCR (it has at most one); an MCR without one has
// no result.
func TestAccMcrIpsecAddonList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ps := dsOrder(t, queryMCR(t, queryName(t, "mcr")), queryMCR(t, queryName(t, "mcr")))
	mcr, bare := ps[0].ProductUID, ps[1].ProductUID
	a, err := api.CreateIPsecAddOn(context.Background(), mcr, 30)
	require.NoError(t, err)
	id := map[string]knownvalue.Check{"mcr_id": knownvalue.StringExact(mcr), "add_on_uid": knownvalue.StringExact(a.AddOnUID)}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: providerConfig()},
			{
				Query: true,
				Config: acctest.ListBlock("netfab_mcr_ipsec_addon", "addon", true, fmt.Sprintf("mcr_id = %q", mcr)) +
					acctest.ListBlock("netfab_mcr_ipsec_addon", "none", false, fmt.Sprintf("mcr_id = %q", bare)),
				QueryResultChecks: concat(
					acctest.ExpectIdentities("netfab_mcr_ipsec_addon.addon", id),
					acctest.ExpectIdentities("netfab_mcr_ipsec_addon.none"),
					[]querycheck.QueryResultCheck{
						querycheck.ExpectResourceKnownValues("netfab_mcr_ipsec_addon.addon", queryfilter.ByResourceIdentity(id), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("id"), KnownValue: knownvalue.StringExact(mcr + ":" + a.AddOnUID)},
							{Path: tfjsonpath.New("tunnel_count"), KnownValue: knownvalue.Int64Exact(30)},
						}),
					},
				),
			},
		},
	})
}
