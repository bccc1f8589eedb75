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

// The MVE list resource finds MVEs by name, location and status; with
// include_resource each is the whole MVE, its vNICs included, and without
// vendor_config, which the service never answers (as after an import).
func TestAccMveList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	name := queryName(t, "mve")
	loc := locationWith(t, offersMVE)
	img := mveImage(t, "meraki", "")
	mve := func(vnics ...string) netfabapi.OrderItem {
		it := netfabapi.OrderItem{ProductType: netfabapi.ProductTypeMVE, ProductName: name, LocationID: loc, ContractTermMonths: 12,
			MVE: &netfabapi.MVEConfig{ImageID: img.ID, Size: "SMALL", VendorConfig: &netfabapi.MVEVendorConfig{Vendor: "meraki", Token: "vmx-token-1"}}}
		for _, d := range vnics {
			it.MVE.VNICs = append(it.MVE.VNICs, netfabapi.MVEVNIC{Description: d})
		}
		return it
	}
	ps := dsOrder(t, mve("WAN", "LAN"), mve())
	uid := func(i int) map[string]knownvalue.Check { return acctest.Identity("product_uid", ps[i].ProductUID) }
	byName := fmt.Sprintf("product_name = %q", name)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: providerConfig()},
			{
				Query: true,
				Config: acctest.ListBlock("netfab_mve", "by_name", true, byName) +
					acctest.ListBlock("netfab_mve", "here_live", false, fmt.Sprintf("%s\nlocation_id = %d\nprovisioning_status = \"LIVE\"", byName, loc)) +
					acctest.ListBlock("netfab_mve", "configured", false, byName+"\nprovisioning_status = \"CONFIGURED\"") +
					acctest.ListBlock("netfab_mve", "elsewhere", false, fmt.Sprintf("%s\nlocation_id = %d", byName, loc+1000)),
				QueryResultChecks: concat(
					acctest.ExpectIdentities("netfab_mve.by_name", uid(0), uid(1)),
					acctest.ExpectIdentities("netfab_mve.here_live", uid(0), uid(1)),
					acctest.ExpectIdentities("netfab_mve.configured"),
					acctest.ExpectIdentities("netfab_mve.elsewhere"),
					[]querycheck.QueryResultCheck{
						querycheck.ExpectResourceDisplayName("netfab_mve.by_name", queryfilter.ByResourceIdentity(uid(0)), knownvalue.StringExact(name)),
						querycheck.ExpectResourceKnownValues("netfab_mve.by_name", queryfilter.ByResourceIdentity(uid(0)), []querycheck.KnownValueCheck{
							{Path: tfjsonpath.New("product_name"), KnownValue: knownvalue.StringExact(name)},
							{Path: tfjsonpath.New("location_id"), KnownValue: knownvalue.Int64Exact(loc)},
							{Path: tfjsonpath.New("vnics"), KnownValue: knownvalue.ListSizeExact(2)},
							{Path: tfjsonpath.New("vnics").AtSliceIndex(0).AtMapKey("description"), KnownValue: knownvalue.StringExact("WAN")},
							{Path: tfjsonpath.New("vendor_config"), KnownValue: knownvalue.Null()},
						}),
					},
				),
			},
		},
	})
}
