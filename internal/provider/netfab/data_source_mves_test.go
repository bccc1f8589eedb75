package netfab

import (
	"context"
	"fmt"
	"slices"
	"strings"
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

func TestAccMvesDataSource_orderedMves(t *testing.T) {
	accPreCheck(t)
	ctx := context.Background()
	loc := dsLocation(t, func(p netfabapi.LocationProducts) bool { return p.MVE })
	images, err := api.MVEImages(ctx)
	require.NoError(t, err)
	// Two images of the catalogue, each with one of its sizes.
	i := slices.IndexFunc(images, func(img netfabapi.MVEImage) bool { return img.ReleaseImage })
	first, second := images[i], images[len(images)-1]
	tags := map[string]string{"team": "edge", "env": "test"}
	ordered := dsOrder(t,
		netfabapi.OrderItem{
			ProductType: netfabapi.ProductTypeMVE, ProductName: uniqueName(t, "tagged"), LocationID: loc.ID,
			ContractTermMonths: 12, CostCentre: "edge-ops", ResourceTags: tags,
			MVE: &netfabapi.MVEConfig{ImageID: first.ID, Size: first.AvailableSizes[0]},
		},
		netfabapi.OrderItem{
			ProductType: netfabapi.ProductTypeMVE, ProductName: uniqueName(t, "untagged"), LocationID: loc.ID,
			ContractTermMonths: 1,
			MVE:                &netfabapi.MVEConfig{ImageID: second.ID, Size: second.AvailableSizes[len(second.AvailableSizes)-1]},
		},
	)
	tagged, untagged := ordered[0], ordered[1]
	if tagged.MVE == nil || tagged.MVE.ImageID != first.ID || tagged.MVE.Vendor != strings.ToUpper(netfabapi.MVEVendorOfImage(first)) {
		t.Fatalf("the service did not keep the ordered MVE's image: %+v", tagged.MVE)
	}
	active, err := api.Products(ctx, netfabapi.ProductTypeMVE)
	require.NoError(t, err)

	config := providerConfig() + fmt.Sprintf(`
data "netfab_mves" "all" {}

data "netfab_mves" "all_with_tags" {
  include_resource_tags = true
}

data "netfab_mves" "one" {
  product_uid           = %q
  include_resource_tags = true
}
`, tagged.ProductUID)

	const all, allTags, one = "data.netfab_mves.all", "data.netfab_mves.all_with_tags", "data.netfab_mves.one"
	noTags := knownvalue.Null()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(all, tfjsonpath.New("mves"), knownvalue.ListSizeExact(len(active))),
					// Tags are not read unless asked for.
					statecheck.ExpectKnownValue(all, tfjsonpath.New("mves"), acctest.ListElement("product_uid", tagged.ProductUID, dsMVEItem(tagged, noTags))),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("mves"), acctest.ListElement("product_uid", untagged.ProductUID, dsMVEItem(untagged, noTags))),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("include_resource_tags"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("product_uid"), knownvalue.Null()),

					statecheck.ExpectKnownValue(allTags, tfjsonpath.New("mves"), acctest.ListElement("product_uid", tagged.ProductUID, dsMVEItem(tagged, acctest.StringMap(tags)))),
					statecheck.ExpectKnownValue(allTags, tfjsonpath.New("mves"), acctest.ListElement("product_uid", untagged.ProductUID, dsMVEItem(untagged, acctest.StringMap(nil)))),
					statecheck.ExpectKnownValue(allTags, tfjsonpath.New("include_resource_tags"), knownvalue.Bool(true)),

					statecheck.ExpectKnownValue(one, tfjsonpath.New("mves"), knownvalue.ListExact([]knownvalue.Check{dsMVEItem(tagged, acctest.StringMap(tags))})),
					statecheck.ExpectKnownValue(one, tfjsonpath.New("product_uid"), knownvalue.StringExact(tagged.ProductUID)),
					statecheck.ExpectKnownValue(one, tfjsonpath.New("include_resource_tags"), knownvalue.Bool(true)),
				},
			},
			{
				Config:      providerConfig() + fmt.Sprintf("data \"netfab_mves\" \"test\" {\n  product_uid = %q\n}\n", untagged.ProductUID+"x"),
				ExpectError: acctest.ErrorMatching(fmt.Sprintf(`No product has the UID %q.`, untagged.ProductUID+"x")),
			},
		},
	})
}

func dsMVEItem(p netfabapi.Product, tags knownvalue.Check) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{
		"product_uid":            knownvalue.StringExact(p.ProductUID),
		"product_id":             knownvalue.Int64Exact(p.ProductID),
		"product_name":           knownvalue.StringExact(p.ProductName),
		"provisioning_status":    knownvalue.StringExact(p.ProvisioningStatus),
		"location_id":            knownvalue.Int64Exact(p.LocationID),
		"market":                 knownvalue.StringExact(p.Market),
		"diversity_zone":         knownvalue.StringExact(p.DiversityZone),
		"image_id":               knownvalue.Int64Exact(p.MVE.ImageID),
		"size":                   knownvalue.StringExact(p.MVE.Size),
		"vendor":                 knownvalue.StringExact(p.MVE.Vendor),
		"port_speed":             knownvalue.Int64Exact(p.PortSpeed),
		"contract_term_months":   knownvalue.Int64Exact(p.ContractTermMonths),
		"contract_start_date":    acctest.StringOrNull(p.ContractStartDate),
		"contract_end_date":      acctest.StringOrNull(p.ContractEndDate),
		"cost_centre":            acctest.StringOrNull(p.CostCentre),
		"marketplace_visibility": knownvalue.Bool(p.MarketplaceVisibility),
		"vxc_permitted":          knownvalue.Bool(p.VXCPermitted),
		"create_date":            knownvalue.StringExact(p.CreateDate),
		"live_date":              knownvalue.StringExact(p.LiveDate),
		"resource_tags":          tags,
	})
}
