package orch

import (
	"context"
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// TestAccDataSourceMachine_ipAddresses: upstream's wait_for_ip_addresses
// waits for an address per condition (an alias or a CIDR), and ip_addresses
// are the matching ones in the conditions' order; without conditions, every
// address of the machine.
func TestAccDataSourceMachine_ipAddresses(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	mach, err := orchAPI.AddMachine(context.Background(), model.UUID, api.CreateMachineRequest{})
	require.NoError(t, err)
	mach, err = orchAPI.WaitMachineActive(context.Background(), model.UUID, mach.ID, time.Minute)
	require.NoError(t, err)
	require.Len(t, mach.IPAddresses, 2)
	config := func(conditions string) string {
		return fmt.Sprintf(`
data "orch_machine" "m" {
  model_uuid            = %q
  machine_id            = %q
  wait_for_ip_addresses = %s
}
`, model.UUID, mach.ID, conditions)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      config(`["somewhere"]`),
				ExpectError: regexp.MustCompile(`(?s)wait_for_ip_addresses.*must be "public", "private", "any" or a CIDR`),
			},
			{
				Config: config(`["public", "10.0.0.0/8"]`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.orch_machine.m", tfjsonpath.New("ip_addresses"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact(mach.IPAddresses[1]), knownvalue.StringExact(mach.IPAddresses[0])})),
				},
			},
			{
				Config: config("null"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.orch_machine.m", tfjsonpath.New("ip_addresses"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact(mach.IPAddresses[0]), knownvalue.StringExact(mach.IPAddresses[1])})),
				},
			},
		},
	})
}

func TestMatchIPAddresses(t *testing.T) {
	ips := []string{"10.1.2.3", "203.0.113.7", "10.9.9.9"}
	got, err := matchIPAddresses(ips, []string{"10.9.0.0/16", "private", "any"})
	require.NoError(t, err)
	assert.Equal(t, []string{"10.9.9.9", "10.1.2.3", "203.0.113.7"}, got)
	_, err = matchIPAddresses(ips, []string{"public", "public"})
	assert.ErrorContains(t, err, `no address left for "public"`)
}
