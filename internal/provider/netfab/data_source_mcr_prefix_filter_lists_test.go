package netfab

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

// Acceptance tests of the data source. Every expectation is built from what
// the API answers directly (the `api` client), never from the data source's
// own code, so that wrong data fails the test.

func TestAccMcrPrefixFilterListsDataSource_lists(t *testing.T) {
	accPreCheck(t)
	ctx := context.Background()
	loc := dsLocation(t, offersMCR)
	mcrs := dsOrder(t,
		netfabapi.OrderItem{ProductType: netfabapi.ProductTypeMCR, ProductName: uniqueName(t, "lists"), LocationID: loc.ID, PortSpeed: loc.Products.MCRSpeeds[0], ContractTermMonths: 1},
		netfabapi.OrderItem{ProductType: netfabapi.ProductTypeMCR, ProductName: uniqueName(t, "none"), LocationID: loc.ID, PortSpeed: loc.Products.MCRSpeeds[0], ContractTermMonths: 1},
	)
	withLists, without := mcrs[0], mcrs[1]
	for _, l := range []netfabapi.PrefixList{
		{Description: "v4 customers", AddressFamily: "IPv4", Entries: []netfabapi.PrefixEntry{
			{Action: "permit", Prefix: "10.0.0.0/8", Ge: 16, Le: 24},
			{Action: "deny", Prefix: "192.168.0.0/16"},
		}},
		{Description: "v6 customers", AddressFamily: "IPv6", Entries: []netfabapi.PrefixEntry{
			{Action: "permit", Prefix: "2001:db8::/32", Le: 48},
		}},
	} {
		if _, err := api.CreateMCRPrefixFilterList(ctx, withLists.ProductUID, l); err != nil {
			t.Fatal(err)
		}
	}
	lists, err := api.MCRPrefixFilterLists(ctx, withLists.ProductUID)
	require.NoError(t, err)
	require.Len(t, lists, 2, "the MCR has %d prefix filter lists, want 2", len(lists))
	want := make([]knownvalue.Check, 0, len(lists))
	for _, l := range lists {
		entries := make([]knownvalue.Check, 0, len(l.Entries))
		for _, e := range l.Entries {
			entries = append(entries, knownvalue.ObjectExact(map[string]knownvalue.Check{
				"action": knownvalue.StringExact(e.Action),
				"prefix": knownvalue.StringExact(e.Prefix),
				"ge":     acctest.Int64OrNull(e.Ge),
				"le":     acctest.Int64OrNull(e.Le),
			}))
		}
		want = append(want, knownvalue.ObjectExact(map[string]knownvalue.Check{
			"id":             knownvalue.Int64Exact(l.ID),
			"description":    knownvalue.StringExact(l.Description),
			"address_family": knownvalue.StringExact(l.AddressFamily),
			"entries":        knownvalue.ListExact(entries),
		}))
	}

	config := providerConfig() + fmt.Sprintf(`
data "netfab_mcr_prefix_filter_lists" "lists" {
  mcr_id = %q
}

data "netfab_mcr_prefix_filter_lists" "none" {
  mcr_id = %q
}
`, withLists.ProductUID, without.ProductUID)

	const addr = "data.netfab_mcr_prefix_filter_lists.lists"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      providerConfig() + "data \"netfab_mcr_prefix_filter_lists\" \"test\" {}\n",
				ExpectError: acctest.ErrorMatching(`The argument "mcr_id" is required`),
			},
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("prefix_filter_lists"), knownvalue.ListExact(want)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("mcr_id"), knownvalue.StringExact(withLists.ProductUID)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact(withLists.ProductUID)),
					statecheck.ExpectKnownValue("data.netfab_mcr_prefix_filter_lists.none", tfjsonpath.New("prefix_filter_lists"), knownvalue.ListExact([]knownvalue.Check{})),
				},
			},
			{
				Config:      providerConfig() + "data \"netfab_mcr_prefix_filter_lists\" \"test\" {\n  mcr_id = \"no-such-mcr\"\n}\n",
				ExpectError: acctest.ErrorMatching(`No MCR has the product UID "no-such-mcr"`),
			},
		},
	})
}
