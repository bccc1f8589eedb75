package netfab

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"
)

// Acceptance tests of the data source. Every expectation is built from what
// the API answers directly (the `api` client), never from the data source's
// own code, so that wrong data fails the test.

func TestAccMveSizesDataSource_catalogue(t *testing.T) {
	accPreCheck(t)
	sizes, err := api.MVESizes(context.Background())
	require.NoError(t, err)
	if len(sizes) == 0 {
		t.Fatal("the catalogue has no MVE sizes")
	}
	want := make([]knownvalue.Check, 0, len(sizes))
	for _, s := range sizes {
		want = append(want, knownvalue.ObjectExact(map[string]knownvalue.Check{
			"size":           knownvalue.StringExact(s.Size),
			"label":          knownvalue.StringExact(s.Label),
			"cpu_core_count": knownvalue.Int64Exact(s.CPUCoreCount),
			"ram_gb":         knownvalue.Int64Exact(s.RAMGB),
		}))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: providerConfig() + `data "netfab_mve_sizes" "test" {}`,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.netfab_mve_sizes.test", tfjsonpath.New("mve_sizes"), knownvalue.ListExact(want)),
				statecheck.ExpectKnownValue("data.netfab_mve_sizes.test", tfjsonpath.New("id"), knownvalue.StringExact("mve_sizes")),
			},
		}},
	})
}
