package orch

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/workflowtest"
)

// The controllers a query case registers in its hub: the shared controller
// as east and the west one, as an administrator registers them with the
// hub's API, then deprecates them. The generated configuration lacks the credentials, which the
// user fills in; the first apply records the password in place.
func init() {
	hubQueryCases["orch_hub_controller"] = func(t *testing.T) workflowtest.QueryCase {
		provider, hub := newQueryHub(t)
		return workflowtest.QueryCase{
			ProviderConfig: provider,
			Objects: func(t *testing.T) (string, int) {
				// Deprecated, so that the test's destroy removes them
				// without force (which the configuration does not hold).
				for name := range registerEastWest(t, hub) {
					_, err := hub.SetDeprecated(context.Background(), name, true)
					require.NoError(t, err)
				}
				return `status = "deprecated"`, 2
			},
			Add:     fmt.Sprintf("username = \"admin\"\npassword = %q", testAdminPassword),
			Records: "password",
		}
	}
}

// registerEastWest registers the shared controller as east and the west
// controller as west in hub, out of band, and returns their UUIDs.
func registerEastWest(t *testing.T, hub *hubclient.Client) map[string]string {
	t.Helper()
	ctx := context.Background()
	uuids := map[string]string{}
	for name, c := range map[string]*client.Client{"east": orchAPI, "west": westAPI} {
		info, err := c.Controller(ctx)
		require.NoError(t, err)
		addr := map[string]string{"east": controllerAddress, "west": westAddress}[name]
		_, err = hub.RegisterController(ctx, hubapi.RegisterControllerRequest{
			Name: name, UUID: info.UUID, APIAddresses: []string{addr}, Username: "admin", Password: testAdminPassword,
		})
		require.NoError(t, err)
		uuids[name] = info.UUID
	}
	return uuids
}

// TestAccHubControllerList_filters: the controllers registered in a hub
// out of band, filtered by name, UUID, status and cloud, with
// include_resource as a read after import (no password); a filter of the
// wrong shape is refused at plan, and a provider in direct mode is told that
// the list needs hub mode.
func TestAccHubControllerList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	provider, hub := newQueryHub(t)
	uuids := registerEastWest(t, hub)
	_, err := hub.SetDeprecated(context.Background(), "west", true)
	require.NoError(t, err)
	east, west := ids("name", "east"), ids("name", "west")
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
		known("orch_hub_controller.east", east, map[string]knownvalue.Check{
			"id": knownvalue.StringExact("east"), "name": knownvalue.StringExact("east"), "uuid": knownvalue.StringExact(uuids["east"]),
			"api_addresses":  knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact(controllerAddress)}),
			"public_address": knownvalue.StringExact(controllerAddress), "username": knownvalue.StringExact("admin"),
			"status": knownvalue.StringExact(hubapi.StatusAvailable), "ca_certificate": knownvalue.Null(),
			// Never answered by the hub, as after an import.
			"password": knownvalue.Null(), "password_wo_version": knownvalue.Null(), "force": knownvalue.Null(),
		}),
		[]querycheck.QueryResultCheck{querycheck.ExpectResourceDisplayName("orch_hub_controller.all", queryfilter.ByResourceIdentity(west),
			knownvalue.StringExact("west"))},
		acctest.ExpectIdentities("orch_hub_controller.by_uuid", west),
		acctest.ExpectIdentities("orch_hub_controller.deprecated", west),
		known("orch_hub_controller.deprecated", west, map[string]knownvalue.Check{
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
