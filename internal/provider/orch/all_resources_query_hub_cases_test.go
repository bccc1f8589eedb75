package orch

import (
	"testing"

	"fmt"

	"context"

	"github.com/stretchr/testify/require"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	"github.com/iacsuite/providers/internal/workflowtest"
)

// The query cases of the hub's list resources, which the provider-wide
// TestAccQueryGeneratedConfig runs in this package (the list resources'
// own tests are in package hub).

// hubQueryCases are the query cases of the hub's list resources that
// TestAccQueryGeneratedConfig runs, each added by an init function below. A case is made with the test's t, before
// the cases run, so that it can serve a hub of its own (orchacc.NewQueryHub) and
// name it in its ProviderConfig: a listing of the whole hub then finds only
// the objects the case made.
var hubQueryCases = map[string]func(t *testing.T) workflowtest.QueryCase{}

// The query cases of the hub access list resources (hubQueryCases): grants
// made out of band in a hub of each case's own, so that the listings
// without a target filter find only them.
func init() {
	// groupsOrRoles makes two groups or roles with one holder each.
	groupsOrRoles := func(t *testing.T, kind string, target func(string) string, relation, filter string) workflowtest.QueryCase {
		provider, hub := orchacc.NewQueryHub(t)
		return workflowtest.QueryCase{ProviderConfig: provider, Objects: func(t *testing.T) (string, int) {
			for _, name := range []string{"a", "b"} {
				orchacc.GrantHub(t, hub, target(orchacc.NewHubGroup(t, hub, kind, name)), relation, hubapi.UserObject("holder-"+name))
			}
			return filter, 2
		}}
	}
	hubQueryCases["orch_hub_access_group"] = func(t *testing.T) workflowtest.QueryCase {
		return groupsOrRoles(t, hubclient.KindGroup, hubapi.GroupTarget, "member", `access = "member"`)
	}
	hubQueryCases["orch_hub_access_role"] = func(t *testing.T) workflowtest.QueryCase {
		return groupsOrRoles(t, hubclient.KindRole, hubapi.RoleTarget, "assignee", "")
	}
	// The hub has one target and one level: one result, which holds the
	// hub's administrator too.
	hubQueryCases["orch_hub_access_controller"] = func(t *testing.T) workflowtest.QueryCase {
		provider, hub := orchacc.NewQueryHub(t)
		return workflowtest.QueryCase{ProviderConfig: provider, Objects: func(t *testing.T) (string, int) {
			orchacc.GrantHub(t, hub, hubapi.HubTarget, "administrator", hubapi.UserObject("ops@example.com"))
			return "", 1
		}}
	}
	// Every cloud of the controller is listed; only localhost has grants.
	hubQueryCases["orch_hub_access_cloud"] = func(t *testing.T) workflowtest.QueryCase {
		provider, hub, _ := orchacc.NewQueryHubOnController(t)
		return workflowtest.QueryCase{ProviderConfig: provider, Objects: func(t *testing.T) (string, int) {
			orchacc.GrantHub(t, hub, hubapi.CloudTarget("localhost"), "can_addmodel", hubapi.UserObject(hubapi.Everyone))
			orchacc.GrantHub(t, hub, hubapi.CloudTarget("localhost"), "administrator", hubapi.UserObject("cloud-admin"))
			return "", 2
		}}
	}
	// Every model of the hub is listed; the one without grants is not.
	hubQueryCases["orch_hub_access_model"] = func(t *testing.T) workflowtest.QueryCase {
		provider, hub, admin := orchacc.NewQueryHubOnController(t)
		return workflowtest.QueryCase{ProviderConfig: provider, Objects: func(t *testing.T) (string, int) {
			m := orchacc.NewHubModel(t, admin, orchacc.UniqueName(t, "shared"))
			orchacc.NewHubModel(t, admin, orchacc.UniqueName(t, "unshared"))
			orchacc.GrantHub(t, hub, hubapi.ModelTarget(m.UUID), "reader", hubapi.UserObject("model-reader"))
			orchacc.GrantHub(t, hub, hubapi.ModelTarget(m.UUID), "writer", hubapi.UserObject("model-writer"))
			return "", 2
		}}
	}
	hubQueryCases["orch_hub_access_offer"] = func(t *testing.T) workflowtest.QueryCase {
		provider, hub, admin := orchacc.NewQueryHubOnController(t)
		return workflowtest.QueryCase{ProviderConfig: provider, Objects: func(t *testing.T) (string, int) {
			m := orchacc.NewHubModel(t, admin, orchacc.UniqueName(t, ""))
			urls := orchacc.NewHubOffers(t, admin, m.UUID, "db", "db-admin", "db-unshared")
			orchacc.GrantHub(t, hub, hubapi.OfferTarget(urls[0]), "consumer", hubapi.UserObject("offer-consumer"))
			orchacc.GrantHub(t, hub, hubapi.OfferTarget(urls[1]), "reader", hubapi.UserObject("offer-reader"))
			return fmt.Sprintf("model_uuid = %q", m.UUID), 2
		}}
	}
}

// The controllers a query case registers in its hub: the shared controller
// as east and the west one, as an administrator registers them with the
// hub's API, then deprecates them. The generated configuration lacks the credentials, which the
// user fills in; the first apply records the password in place.
func init() {
	hubQueryCases["orch_hub_controller"] = func(t *testing.T) workflowtest.QueryCase {
		provider, hub := orchacc.NewQueryHub(t)
		return workflowtest.QueryCase{
			ProviderConfig: provider,
			Objects: func(t *testing.T) (string, int) {
				// Deprecated, so that the test's destroy removes them
				// without force (which the configuration does not hold).
				for name := range orchacc.RegisterEastWest(t, hub) {
					_, err := hub.SetDeprecated(context.Background(), name, true)
					require.NoError(t, err)
				}
				return `status = "deprecated"`, 2
			},
			Add:     fmt.Sprintf("username = \"admin\"\npassword = %q", orchacc.AdminPassword),
			Records: "password",
		}
	}
}

// The groups a query case makes in its hub: two groups, and a role of a
// group's name, which a listing of groups leaves out.
func init() {
	hubQueryCases["orch_hub_group"] = func(t *testing.T) workflowtest.QueryCase {
		provider, hub := orchacc.NewQueryHub(t)
		return workflowtest.QueryCase{
			ProviderConfig: provider,
			Objects: func(t *testing.T) (string, int) {
				for kind, names := range map[string][]string{hubclient.KindGroup: {"devs", "ops"}, hubclient.KindRole: {"devs"}} {
					for _, name := range names {
						_, err := hub.CreateGroup(context.Background(), kind, name)
						require.NoError(t, err)
					}
				}
				return "", 2
			},
		}
	}
}

// The roles a query case makes in its hub: two roles, and a group of a
// role's name, which a listing of roles leaves out.
func init() {
	hubQueryCases["orch_hub_role"] = func(t *testing.T) workflowtest.QueryCase {
		provider, hub := orchacc.NewQueryHub(t)
		return workflowtest.QueryCase{
			ProviderConfig: provider,
			Objects: func(t *testing.T) (string, int) {
				for kind, names := range map[string][]string{hubclient.KindRole: {"auditor", "operator"}, hubclient.KindGroup: {"auditor"}} {
					for _, name := range names {
						_, err := hub.CreateGroup(context.Background(), kind, name)
						require.NoError(t, err)
					}
				}
				return "", 2
			},
		}
	}
}
