package netfab

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	netfabapi "github.com/iacsuite/providers/internal/api/netfab"
)

func TestLookupID(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{lookupID("mcrs", "product_uid", ""), "mcrs"},
		{lookupID("mcrs", "product_uid", "a b"), "mcrs?product_uid=a+b"},
		{lookupID("vxcs", "product_uid", "u", "include_resource_tags", "true"), "vxcs?include_resource_tags=true&product_uid=u"},
		{lookupID("mve_sizes"), "mve_sizes"},
	} {
		assert.Equal(t, tc.want, tc.got, "got %q, want %q", tc.got, tc.want)
	}
}

func TestProductArticle(t *testing.T) {
	for label, want := range map[string]string{
		"MCR": "an MCR", "MVE": "an MVE", "IX": "an IX", "VXC": "a VXC", "port": "a port", "NAT gateway": "a NAT gateway",
	} {
		if got := productArticle(label); got != want {
			t.Errorf("productArticle(%q) = %q, want %q", label, got, want)
		}
	}
}

// Acceptance tests of the data source. Every expectation is built from what
// the API answers directly (the `api` client), never from the data source's
// own code, so that wrong data fails the test.

func TestAccMcrsDataSource_orderedMcrs(t *testing.T) {
	accPreCheck(t)
	ctx := context.Background()
	loc := dsLocation(t, offersMCR)
	speeds := loc.Products.MCRSpeeds
	ordered := dsOrder(t,
		netfabapi.OrderItem{
			ProductType: netfabapi.ProductTypeMCR, ProductName: uniqueName(t, "a"), LocationID: loc.ID,
			PortSpeed: speeds[0], ContractTermMonths: 1, CostCentre: "network-ops",
			ResourceTags: map[string]string{"team": "platform"},
			MCR:          &netfabapi.MCROrder{ASN: 64512},
		},
		netfabapi.OrderItem{
			ProductType: netfabapi.ProductTypeMCR, ProductName: uniqueName(t, "b"), LocationID: loc.ID,
			PortSpeed: speeds[len(speeds)-1], ContractTermMonths: 12,
		},
	)
	a, b := ordered[0], ordered[1]
	if a.MCR == nil || a.MCR.ASN != 64512 || a.CostCentre != "network-ops" {
		t.Fatalf("the service did not keep the ordered MCR's settings: %+v", a)
	}
	// A cancelled MCR is not listed, but can still be read by its UID.
	gone := dsOrder(t, netfabapi.OrderItem{
		ProductType: netfabapi.ProductTypeMCR, ProductName: uniqueName(t, "cancelled"), LocationID: loc.ID,
		PortSpeed: speeds[0], ContractTermMonths: 1,
	})[0]
	require.NoError(t, api.CancelProduct(ctx, gone.ProductUID))
	active, err := api.Products(ctx, netfabapi.ProductTypeMCR)
	require.NoError(t, err)
	// A product of another type, to read by the wrong data source.
	port := dsOrder(t, netfabapi.OrderItem{
		ProductType: netfabapi.ProductTypePort, ProductName: uniqueName(t, "port"), LocationID: loc.ID,
		PortSpeed: loc.Products.PortSpeeds[0], ContractTermMonths: 1,
	})[0]

	config := providerConfig() + fmt.Sprintf(`
data "netfab_mcrs" "all" {}

data "netfab_mcrs" "one" {
  product_uid = %q
}

data "netfab_mcrs" "cancelled" {
  product_uid = %q
}
`, a.ProductUID, gone.ProductUID)

	const all, one = "data.netfab_mcrs.all", "data.netfab_mcrs.one"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					// Without product_uid: every active MCR, those ordered here included.
					statecheck.ExpectKnownValue(all, tfjsonpath.New("mcrs"), knownvalue.ListSizeExact(len(active))),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("mcrs"), acctest.ListElement("product_uid", a.ProductUID, dsMCRItem(a))),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("mcrs"), acctest.ListElement("product_uid", b.ProductUID, dsMCRItem(b))),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("mcrs"), acctest.NoListElement("product_uid", gone.ProductUID)),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("product_uid"), knownvalue.Null()),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("id"), knownvalue.StringExact("mcrs")),
					// With it: exactly that MCR.
					statecheck.ExpectKnownValue(one, tfjsonpath.New("mcrs"), knownvalue.ListExact([]knownvalue.Check{dsMCRItem(a)})),
					statecheck.ExpectKnownValue(one, tfjsonpath.New("product_uid"), knownvalue.StringExact(a.ProductUID)),
					statecheck.ExpectKnownValue(one, tfjsonpath.New("id"), knownvalue.StringExact("mcrs?product_uid="+a.ProductUID)),
					statecheck.ExpectKnownValue("data.netfab_mcrs.cancelled", tfjsonpath.New("mcrs"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"product_uid":         knownvalue.StringExact(gone.ProductUID),
							"provisioning_status": knownvalue.StringRegexp(regexp.MustCompile(`^(CANCELLED|DECOMMISSIONED)$`)),
						}),
					})),
				},
			},
			{
				Config:      providerConfig() + fmt.Sprintf("data \"netfab_mcrs\" \"test\" {\n  product_uid = %q\n}\n", port.ProductUID),
				ExpectError: acctest.ErrorMatching(fmt.Sprintf(`Product %s (%q) is a port, not an MCR.`, port.ProductUID, port.ProductName)),
			},
			{
				Config:      providerConfig() + "data \"netfab_mcrs\" \"test\" {\n  product_uid = \"no-such-mcr\"\n}\n",
				ExpectError: acctest.ErrorMatching(`No product has the UID "no-such-mcr".`),
			},
		},
	})
}

func dsMCRItem(p netfabapi.Product) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{
		"product_uid":            knownvalue.StringExact(p.ProductUID),
		"product_id":             knownvalue.Int64Exact(p.ProductID),
		"product_name":           knownvalue.StringExact(p.ProductName),
		"provisioning_status":    knownvalue.StringExact(p.ProvisioningStatus),
		"location_id":            knownvalue.Int64Exact(p.LocationID),
		"market":                 knownvalue.StringExact(p.Market),
		"port_speed":             knownvalue.Int64Exact(p.PortSpeed),
		"contract_term_months":   knownvalue.Int64Exact(p.ContractTermMonths),
		"contract_start_date":    acctest.StringOrNull(p.ContractStartDate),
		"contract_end_date":      acctest.StringOrNull(p.ContractEndDate),
		"diversity_zone":         knownvalue.StringExact(p.DiversityZone),
		"asn":                    knownvalue.Int64Exact(p.MCR.ASN),
		"cost_centre":            acctest.StringOrNull(p.CostCentre),
		"marketplace_visibility": knownvalue.Bool(p.MarketplaceVisibility),
		"vxc_permitted":          knownvalue.Bool(p.VXCPermitted),
		"create_date":            knownvalue.StringExact(p.CreateDate),
		"live_date":              knownvalue.StringExact(p.LiveDate),
	})
}
