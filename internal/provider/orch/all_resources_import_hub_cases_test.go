package orch

import (
	"context"
	"fmt"
	"testing"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/workflowtest"
)

// hubImportCases are the import cases (TestAccImportGeneratedConfig) of the
// hub's resources, in hub mode: made when the test runs, once the hubs of
// TestMain have their addresses.
func hubImportCases() map[string]workflowtest.ImportCase {
	return map[string]workflowtest.ImportCase{
		"orch_hub_group": {
			ProviderConfig: orchacc.AdminProvider(),
			Config: func(t *testing.T) string {
				return fmt.Sprintf("resource \"orch_hub_group\" \"test\" {\n  name = %q\n}\n", orchacc.UniqueName(t, ""))
			},
			ID: workflowtest.IDFrom("%s", "uuid"),
		},
		"orch_hub_role": {
			ProviderConfig: orchacc.AdminProvider(),
			Config: func(t *testing.T) string {
				return fmt.Sprintf("resource \"orch_hub_role\" \"test\" {\n  name = %q\n}\n", orchacc.UniqueName(t, ""))
			},
			ID: workflowtest.IDFrom("%s", "uuid"),
		},
		"orch_hub_access_cloud": {
			ProviderConfig: orchacc.AdminProvider(),
			Config: func(t *testing.T) string {
				return fmt.Sprintf(`
resource "orch_hub_group" "devs" {
  name = %[1]q
}
resource "orch_hub_access_cloud" "test" {
  cloud_name       = %[1]q
  access           = "can_addmodel"
  users            = ["alice@example.com"]
  groups           = [orch_hub_group.devs.uuid]
  service_accounts = ["ci-robot"]
}
`, orchacc.UniqueName(t, ""))
			},
			ID: workflowtest.IDFrom("%s:%s", "cloud_name", "access"),
		},
		"orch_hub_access_group": {
			ProviderConfig: orchacc.AdminProvider(),
			Config: func(t *testing.T) string {
				return fmt.Sprintf(`
resource "orch_hub_group" "g" {
  name = %q
}
resource "orch_hub_access_group" "test" {
  group_id = orch_hub_group.g.uuid
  access   = "member"
  users    = ["bob@example.com"]
}
`, orchacc.UniqueName(t, ""))
			},
			ID: workflowtest.IDFrom("%s:%s", "group_id", "access"),
		},
		"orch_hub_access_role": {
			ProviderConfig: orchacc.AdminProvider(),
			Config: func(t *testing.T) string {
				return fmt.Sprintf(`
resource "orch_hub_role" "r" {
  name = %q
}
resource "orch_hub_access_role" "test" {
  role_id = orch_hub_role.r.uuid
  access  = "assignee"
  users   = ["bob@example.com"]
}
`, orchacc.UniqueName(t, ""))
			},
			ID: workflowtest.IDFrom("%s:%s", "role_id", "access"),
		},
		"orch_hub_access_controller": {
			// A hub of its own: the resource holds every administrator of it,
			// the provider's own included.
			ProviderConfig: orchacc.HubProvider(orchacc.GrantsHubAddress, "", hubapi.DefaultAdminClientID, orchacc.HubAdminSecret),
			Config: func(*testing.T) string {
				return fmt.Sprintf(`
resource "orch_hub_access_controller" "test" {
  access           = "administrator"
  users            = ["carol@example.com"]
  service_accounts = [%q]
}
`, hubapi.DefaultAdminClientID)
			},
			ID: workflowtest.IDFrom("hub:%s", "access"),
		},
		// The model and the offer are made through the hub, outside the
		// configuration, as a team adopting its grants would have them.
		"orch_hub_access_model": {
			ProviderConfig: orchacc.AdminProvider(),
			Config: func(t *testing.T) string {
				m := orchacc.NewHubModel(t, orchacc.HubOrchClient(t, hubapi.DefaultAdminClientID, orchacc.HubAdminSecret), orchacc.UniqueName(t, ""))
				return fmt.Sprintf(`
resource "orch_hub_access_model" "test" {
  model_uuid = %q
  access     = "writer"
  users      = ["bob@example.com"]
  idp_groups = ["engineering"]
}
`, m.UUID)
			},
			ID: workflowtest.IDFrom("%s:%s", "model_uuid", "access"),
		},
		"orch_hub_access_offer": {
			ProviderConfig: orchacc.AdminProvider(),
			Config: func(t *testing.T) string {
				return fmt.Sprintf(`
resource "orch_hub_access_offer" "test" {
  offer_url        = %q
  access           = "consumer"
  service_accounts = ["ci-robot"]
}
`, orchacc.NewHubOffer(t))
			},
			ID: workflowtest.IDFrom("%s:%s", "offer_url", "access"),
		},
		"orch_hub_controller": {
			ProviderConfig: orchacc.AdminProvider(),
			Config: func(t *testing.T) string {
				addr, api := orchacc.StartController(sandboxtest.TB(t), 0, nil)
				info, err := api.Controller(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				return fmt.Sprintf(`
resource "orch_hub_controller" "test" {
  name          = %q
  uuid          = %q
  api_addresses = [%q]
  username      = "admin"
  password      = %q
  force         = true
}
`, orchacc.UniqueName(t, ""), info.UUID, addr, orchacc.AdminPassword)
			},
			ID: workflowtest.IDFrom("%s", "name"),
			// The hub never answers the credentials it connects with: the
			// generated configuration has them as null, and the first apply
			// records the password.
			Add:     "username = \"admin\"\npassword = \"" + orchacc.AdminPassword + "\"",
			Records: "password",
		},
	}
}
