package hub_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// TestAccHubControllerList_filters: the controllers registered in a hub
// out of band, filtered by name, UUID, status and cloud, with
// include_resource as a read after import (no password); a filter of the
// wrong shape is refused at plan, and a provider in direct mode is told that
// the list needs hub mode.
func TestAccHubControllerList_filters(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireQuery(t)
	provider, hub := orchacc.NewQueryHub(t)
	uuids := orchacc.RegisterEastWest(t, hub)
	_, err := hub.SetDeprecated(context.Background(), "west", true)
	require.NoError(t, err)
	east, west := orchacc.IDs("name", "east"), orchacc.IDs("name", "west")
	block := func(name string, include bool, config string) string {
		return acctest.ListBlock("orch_hub_controller", name, include, config)
	}
	hubQueryTest(t, provider,
		block("all", false, "")+
			block("east", true, `name = "east"`)+
			block("by_uuid", false, `uuid = "`+uuids["west"]+`"`)+
			block("deprecated", true, `status = "deprecated"`)+
			block("available", false, `status = "available"`)+
			block("unavailable", false, `status = "unavailable"`)+
			block("localhost", false, `cloud = "localhost"`)+
			block("maas", false, `cloud = "maas"`)+
			block("nowhere", false, `name = "north"`),
		acctest.ExpectIdentities("orch_hub_controller.all", east, west),
		acctest.ExpectIdentities("orch_hub_controller.east", east),
		orchacc.Known("orch_hub_controller.east", east, map[string]knownvalue.Check{
			"id": knownvalue.StringExact("east"), "name": knownvalue.StringExact("east"), "uuid": knownvalue.StringExact(uuids["east"]),
			"api_addresses":  knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact(orchacc.ControllerAddress)}),
			"public_address": knownvalue.StringExact(orchacc.ControllerAddress), "username": knownvalue.StringExact("admin"),
			"status": knownvalue.StringExact(hubapi.StatusAvailable), "ca_certificate": knownvalue.Null(),
			// Never answered by the hub, as after an import.
			"password": knownvalue.Null(), "password_wo_version": knownvalue.Null(), "force": knownvalue.Null(),
		}),
		[]querycheck.QueryResultCheck{querycheck.ExpectResourceDisplayName("orch_hub_controller.all", queryfilter.ByResourceIdentity(west),
			knownvalue.StringExact("west"))},
		acctest.ExpectIdentities("orch_hub_controller.by_uuid", west),
		acctest.ExpectIdentities("orch_hub_controller.deprecated", west),
		orchacc.Known("orch_hub_controller.deprecated", west, map[string]knownvalue.Check{
			"status": knownvalue.StringExact(hubapi.StatusDeprecated), "uuid": knownvalue.StringExact(uuids["west"]),
		}),
		acctest.ExpectIdentities("orch_hub_controller.available", east),
		acctest.ExpectIdentities("orch_hub_controller.unavailable"),
		acctest.ExpectIdentities("orch_hub_controller.localhost", east, west),
		acctest.ExpectIdentities("orch_hub_controller.maas"),
		acctest.ExpectIdentities("orch_hub_controller.nowhere"),
	)
	hubListRefusals(t, "orch_hub_controller", provider, map[string]string{
		`status = "running"`: `status value must be one of`,
		`uuid = "east"`:      `uuid must be a UUID`,
		`name = "-east"`:     `name must be letters, digits, periods, underscores and hyphens`,
		`cloud = "-x"`:       `cloud must be letters, digits, dots, underscores and hyphens`,
	})
}
