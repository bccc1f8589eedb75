package orch

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

func TestAccMachineList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	m := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	var machines []api.Machine
	for range 2 {
		got, err := orchAPI.AddMachine(ctx, m.UUID, api.CreateMachineRequest{Base: "ubuntu@22.04", Constraints: "cores=2"})
		require.NoError(t, err)
		machines = append(machines, got)
	}
	got, err := orchAPI.Machine(ctx, m.UUID, machines[1].ID)
	require.NoError(t, err)
	model := `model_uuid = "` + m.UUID + `"`
	id := func(n string) map[string]knownvalue.Check { return orchacc.IDs("model_uuid", m.UUID, "machine_id", n) }
	other := api.MachineStatusPending
	if got.Status == other {
		other = api.MachineStatusActive
	}
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_machine", "all", true, model)+
			acctest.ListBlock("orch_machine", "in_status", false, model+"\nstatus = \""+got.Status+"\"")+
			acctest.ListBlock("orch_machine", "other_status", false, model+"\nstatus = \""+other+"\""),
		acctest.ExpectIdentities("orch_machine.all", id("0"), id("1")),
		acctest.ExpectIdentities("orch_machine.in_status", id("0"), id("1")),
		acctest.ExpectIdentities("orch_machine.other_status"),
		orchacc.Known("orch_machine.all", id("1"), map[string]knownvalue.Check{
			"id":          knownvalue.StringExact(m.UUID + ":1:machine-1"),
			"name":        knownvalue.StringExact("machine-1"),
			"base":        knownvalue.StringExact("ubuntu@22.04"),
			"constraints": knownvalue.StringExact("cores=2"),
		}),
	)
}
