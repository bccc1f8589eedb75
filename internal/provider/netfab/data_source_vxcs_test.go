package netfab

import (
	"context"
	"fmt"
	"slices"
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

func TestAccVxcsDataSource_orderedVxcs(t *testing.T) {
	accPreCheck(t)
	ctx := context.Background()
	loc := dsLocation(t, func(p netfabapi.LocationProducts) bool { return slices.Contains(p.PortSpeeds, 1000) })
	ports := dsOrder(t,
		netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: uniqueName(t, "port-a"), LocationID: loc.ID, PortSpeed: 1000, ContractTermMonths: 1},
		netfabapi.OrderItem{ProductType: netfabapi.ProductTypePort, ProductName: uniqueName(t, "port-b"), LocationID: loc.ID, PortSpeed: 1000, ContractTermMonths: 1},
	)
	partners, err := api.PartnerPorts(ctx)
	require.NoError(t, err)
	// A transit port takes no partner configuration.
	i := slices.IndexFunc(partners, func(p netfabapi.PartnerPort) bool { return p.VXCPermitted && p.ConnectType == "TRANSIT" })
	if i < 0 {
		t.Fatal("no partner port permits cross-connects")
	}
	partner := partners[i]
	tags := map[string]string{"purpose": "cloud on-ramp"}
	vxcs := dsOrder(t,
		netfabapi.OrderItem{
			ProductType: netfabapi.ProductTypeVXC, ProductName: uniqueName(t, "to-partner"), CostCentre: "cloud",
			ResourceTags: tags,
			VXC:          &netfabapi.VXCConfig{AEndProductUID: ports[0].ProductUID, BEndProductUID: partner.ProductUID, RateLimit: 100},
		},
		netfabapi.OrderItem{
			ProductType: netfabapi.ProductTypeVXC, ProductName: uniqueName(t, "between-ports"), ContractTermMonths: 12,
			VXC: &netfabapi.VXCConfig{AEndProductUID: ports[0].ProductUID, AEndVLAN: 100, BEndProductUID: ports[1].ProductUID, BEndVLAN: 200, RateLimit: 500},
		},
	)
	toPartner, between := vxcs[0], vxcs[1]
	if toPartner.VXC == nil || toPartner.VXC.BEndProductUID != partner.ProductUID || between.VXC.BEndVLAN != 200 {
		t.Fatalf("the service did not keep the ordered VXCs' ends: %+v, %+v", toPartner.VXC, between.VXC)
	}
	active, err := api.Products(ctx, netfabapi.ProductTypeVXC)
	require.NoError(t, err)

	config := providerConfig() + fmt.Sprintf(`
data "netfab_vxcs" "all" {}

data "netfab_vxcs" "tagged" {
  product_uid           = %q
  include_resource_tags = true
}

data "netfab_vxcs" "untagged" {
  product_uid           = %q
  include_resource_tags = true
}
`, toPartner.ProductUID, between.ProductUID)

	const all = "data.netfab_vxcs.all"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(all, tfjsonpath.New("vxcs"), knownvalue.ListSizeExact(len(active))),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("vxcs"), acctest.ListElement("product_uid", toPartner.ProductUID, dsVXCItem(toPartner, knownvalue.Null()))),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("vxcs"), acctest.ListElement("product_uid", between.ProductUID, dsVXCItem(between, knownvalue.Null()))),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("include_resource_tags"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(all, tfjsonpath.New("id"), knownvalue.StringExact("vxcs?include_resource_tags=false")),

					statecheck.ExpectKnownValue("data.netfab_vxcs.tagged", tfjsonpath.New("vxcs"), knownvalue.ListExact([]knownvalue.Check{dsVXCItem(toPartner, acctest.StringMap(tags))})),
					statecheck.ExpectKnownValue("data.netfab_vxcs.tagged", tfjsonpath.New("product_uid"), knownvalue.StringExact(toPartner.ProductUID)),
					statecheck.ExpectKnownValue("data.netfab_vxcs.untagged", tfjsonpath.New("vxcs"), knownvalue.ListExact([]knownvalue.Check{dsVXCItem(between, acctest.StringMap(nil))})),
				},
			},
			{
				Config:      providerConfig() + fmt.Sprintf("data \"netfab_vxcs\" \"test\" {\n  product_uid = %q\n}\n", ports[1].ProductUID),
				ExpectError: acctest.ErrorMatching(fmt.Sprintf(`Product %s (%q) is a port, not a VXC.`, ports[1].ProductUID, ports[1].ProductName)),
			},
		},
	})
}

func dsVXCItem(p netfabapi.Product, tags knownvalue.Check) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{
		"product_uid":          knownvalue.StringExact(p.ProductUID),
		"product_id":           knownvalue.Int64Exact(p.ProductID),
		"product_name":         knownvalue.StringExact(p.ProductName),
		"provisioning_status":  knownvalue.StringExact(p.ProvisioningStatus),
		"location_id":          knownvalue.Int64Exact(p.LocationID),
		"market":               knownvalue.StringExact(p.Market),
		"rate_limit":           knownvalue.Int64Exact(p.VXC.RateLimit),
		"a_end_product_uid":    knownvalue.StringExact(p.VXC.AEndProductUID),
		"a_end_vlan":           acctest.Int64OrNull(p.VXC.AEndVLAN),
		"b_end_product_uid":    knownvalue.StringExact(p.VXC.BEndProductUID),
		"b_end_vlan":           acctest.Int64OrNull(p.VXC.BEndVLAN),
		"contract_term_months": knownvalue.Int64Exact(p.ContractTermMonths),
		"contract_start_date":  acctest.StringOrNull(p.ContractStartDate),
		"contract_end_date":    acctest.StringOrNull(p.ContractEndDate),
		"cost_centre":          acctest.StringOrNull(p.CostCentre),
		"create_date":          knownvalue.StringExact(p.CreateDate),
		"live_date":            knownvalue.StringExact(p.LiveDate),
		"resource_tags":        tags,
	})
}
