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
)

// The matrix is what the service publishes, read here with the API client.
func TestAccNatGatewaySessionsDataSource_matrix(t *testing.T) {
	accPreCheck(t)
	pairings, err := api.NATSessionPairings(context.Background())
	require.NoError(t, err)
	require.NotEmpty(t, pairings)
	want := make([]knownvalue.Check, 0, len(pairings))
	for _, p := range pairings {
		counts := make([]knownvalue.Check, 0, len(p.SessionCounts))
		for _, c := range p.SessionCounts {
			counts = append(counts, knownvalue.Int64Exact(c))
		}
		want = append(want, knownvalue.ObjectExact(map[string]knownvalue.Check{
			"speed_mbps":    knownvalue.Int64Exact(p.Speed),
			"session_count": knownvalue.ListExact(counts),
		}))
	}
	first := pairings[0]
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			// The use the data source is for: a valid pair picked from it.
			Config: providerConfig() + fmt.Sprintf(`
data "netfab_nat_gateway_sessions" "test" {}

locals {
  counts_at_first = one([for e in data.netfab_nat_gateway_sessions.test.sessions : e.session_count if e.speed_mbps == %d])
}

output "largest_at_first" {
  value = max(local.counts_at_first...)
}
`, first.Speed),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.netfab_nat_gateway_sessions.test", tfjsonpath.New("sessions"), knownvalue.ListExact(want)),
				statecheck.ExpectKnownValue("data.netfab_nat_gateway_sessions.test", tfjsonpath.New("id"), knownvalue.StringExact("nat_gateway_sessions")),
				statecheck.ExpectKnownOutputValue("largest_at_first", knownvalue.Int64Exact(first.SessionCounts[len(first.SessionCounts)-1])),
			},
		}},
	})
}
