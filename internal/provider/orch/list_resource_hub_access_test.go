package orch

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/workflowtest"
)

// The list resources of the hub access resources in query mode: grants
// made out of band through the hub's API, on targets of the test's own in
// the shared hub, found per target and access level with the holders a
// read after import finds; and each filter checked at plan, naming the
// attribute and the rule. The listings without a target filter, which
// need a hub of their own, are TestAccQueryGeneratedConfig's cases.

// invalidFilter is a list block config that plan refuses with want.
type invalidFilter struct{ config, want string }

// hubQueryTest runs the list blocks of typ with their checks as the
// administrator of the hub that provider names, then each invalid filter.
func hubAccessQueryTest(t *testing.T, provider, typ, blocks string, checks []querycheck.QueryResultCheck, invalid ...invalidFilter) {
	t.Helper()
	steps := []resource.TestStep{
		{Config: provider},
		{Query: true, Config: blocks, QueryResultChecks: checks},
	}
	for _, f := range invalid {
		steps = append(steps, resource.TestStep{Query: true, Config: acctest.ListBlock(typ, "bad", false, f.config), ExpectError: regexp.MustCompile(f.want)})
	}
	resource.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: protoV6ProviderFactories, Steps: steps})
}

// stringSet is a set of exactly these strings, for known.
func stringSet(vals ...string) knownvalue.Check {
	checks := make([]knownvalue.Check, len(vals))
	for i, v := range vals {
		checks[i] = knownvalue.StringExact(v)
	}
	return knownvalue.SetExact(checks)
}

func TestAccHubAccessGroupList(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	g := newHubGroup(t, hubAdmin, hubclient.KindGroup, "g")
	nested := newHubGroup(t, hubAdmin, hubclient.KindGroup, "nested")
	idp := newHubGroup(t, hubAdmin, hubclient.KindGroup, "idp")
	grantHub(t, hubAdmin, hubapi.GroupTarget(g), "member", hubapi.UserObject("alice@example.com"), hubapi.GroupObject(nested))
	// An identity provider's group is no member orch_hub_access_group
	// holds: its import finds nothing, so it is no result.
	grantHub(t, hubAdmin, hubapi.GroupTarget(idp), "member", hubapi.IdPGroupObject("engineering"))
	id := ids("group_id", g, "access", "member")
	hubAccessQueryTest(t, adminProvider(), "orch_hub_access_group",
		acctest.ListBlock("orch_hub_access_group", "g", true, `group_id = "`+g+`"`)+
			acctest.ListBlock("orch_hub_access_group", "members", false, `group_id = "`+g+`"`+"\naccess = \"member\"")+
			acctest.ListBlock("orch_hub_access_group", "idp", false, `group_id = "`+idp+`"`),
		slices.Concat(
			acctest.ExpectIdentities("orch_hub_access_group.g", id),
			acctest.ExpectIdentities("orch_hub_access_group.members", id),
			acctest.ExpectIdentities("orch_hub_access_group.idp"),
			known("orch_hub_access_group.g", id, map[string]knownvalue.Check{
				"id": knownvalue.StringExact(g + ":member"), "users": stringSet("alice@example.com"),
				"groups": stringSet(nested), "service_accounts": knownvalue.Null(),
			}),
		),
		invalidFilter{`group_id = "admins"`, `group_id must be a UUID`},
		invalidFilter{`access = "assignee"`, `unknown relation assignee`},
	)
}

func TestAccHubAccessRoleList(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	r := newHubGroup(t, hubAdmin, hubclient.KindRole, "r")
	g := newHubGroup(t, hubAdmin, hubclient.KindGroup, "g")
	grantHub(t, hubAdmin, hubapi.RoleTarget(r), "assignee", hubapi.UserObject("bob"), hubapi.GroupObject(g), hubapi.IdPGroupObject("ops@corp"))
	id := ids("role_id", r, "access", "assignee")
	hubAccessQueryTest(t, adminProvider(), "orch_hub_access_role",
		acctest.ListBlock("orch_hub_access_role", "r", true, `role_id = "`+r+`"`+"\naccess = \"assignee\""),
		slices.Concat(
			acctest.ExpectIdentities("orch_hub_access_role.r", id),
			known("orch_hub_access_role.r", id, map[string]knownvalue.Check{
				"id": knownvalue.StringExact(r + ":assignee"), "users": stringSet("bob"), "groups": stringSet(g),
				"idp_groups": stringSet("ops@corp"), "service_accounts": knownvalue.Null(),
			}),
		),
		invalidFilter{`role_id = "ops"`, `role_id must be a UUID`},
		invalidFilter{`access = "member"`, `unknown relation member`},
	)
}

func TestAccHubAccessCloudList(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	// A cloud of the test's own: a grant may name a cloud no controller has.
	cloud := uniqueName(t, "")
	r := newHubGroup(t, hubAdmin, hubclient.KindRole, "r")
	grantHub(t, hubAdmin, hubapi.CloudTarget(cloud), "can_addmodel", hubapi.UserObject("carol"), hubapi.UserObject(hubapi.Everyone))
	grantHub(t, hubAdmin, hubapi.CloudTarget(cloud), "administrator", hubapi.RoleObject(r))
	id := func(access string) map[string]knownvalue.Check { return ids("cloud_name", cloud, "access", access) }
	hubAccessQueryTest(t, adminProvider(), "orch_hub_access_cloud",
		acctest.ListBlock("orch_hub_access_cloud", "all", true, `cloud_name = "`+cloud+`"`)+
			acctest.ListBlock("orch_hub_access_cloud", "admins", false, `cloud_name = "`+cloud+`"`+"\naccess = \"administrator\""),
		slices.Concat(
			acctest.ExpectIdentities("orch_hub_access_cloud.all", id("can_addmodel"), id("administrator")),
			acctest.ExpectIdentities("orch_hub_access_cloud.admins", id("administrator")),
			known("orch_hub_access_cloud.all", id("can_addmodel"), map[string]knownvalue.Check{
				"id": knownvalue.StringExact(cloud + ":can_addmodel"), "users": stringSet("carol", hubapi.Everyone), "roles": knownvalue.Null(),
			}),
			known("orch_hub_access_cloud.all", id("administrator"), map[string]knownvalue.Check{
				"users": knownvalue.Null(), "roles": stringSet(r),
			}),
		),
		invalidFilter{`cloud_name = "-east"`, `cloud_name must be a cloud name`},
		invalidFilter{`access = "reader"`, `unknown relation reader`},
	)
}

func TestAccHubAccessControllerList(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	// A hub of the test's own, whose administrators it knows.
	address, hub := serveHub(sandboxtest.TB(t), nil)
	grantHub(t, hub, hubapi.HubTarget, "administrator", hubapi.UserObject("dana@example.com"))
	id := ids("access", "administrator")
	const typ = "orch_hub_access_controller"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			// The grants are the hub's: a provider connected directly to a
			// controller cannot list them.
			{Config: `provider "orch" {}`},
			{Query: true, Config: acctest.ListBlock(typ, "direct", false, ""), ExpectError: regexp.MustCompile(`(?s)Cannot list the .*orch_hub_access_controller needs hub mode`)},
			{Config: hubProvider(address, "", hubapi.DefaultAdminClientID, hubAdminSecret)},
			{
				Query: true,
				Config: acctest.ListBlock(typ, "all", true, "") +
					acctest.ListBlock(typ, "admins", false, `access = "administrator"`),
				QueryResultChecks: slices.Concat(
					acctest.ExpectIdentities(typ+".all", id),
					acctest.ExpectIdentities(typ+".admins", id),
					known(typ+".all", id, map[string]knownvalue.Check{
						"id": knownvalue.StringExact("hub:administrator"), "users": stringSet("dana@example.com"),
						"service_accounts": stringSet(hubapi.DefaultAdminClientID), "groups": knownvalue.Null(),
					}),
					[]querycheck.QueryResultCheck{querycheck.ExpectResourceDisplayName(typ+".all", queryfilter.ByResourceIdentity(id),
						knownvalue.StringExact("hub:administrator"))},
				),
			},
			{Query: true, Config: acctest.ListBlock(typ, "bad", false, `access = "superuser"`), ExpectError: regexp.MustCompile(`unknown relation superuser`)},
		},
	})
}

func TestAccHubAccessModelList(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	admin := hubOrchClient(t, hubapi.DefaultAdminClientID, hubAdminSecret)
	m := newHubModel(t, admin, uniqueName(t, ""))
	sa, _ := newServiceAccount(t, hubAdmin, "lister")
	grantHub(t, hubAdmin, hubapi.ModelTarget(m.UUID), "reader", hubapi.UserObject("erin"), hubapi.IdPGroupObject("auditors"))
	grantHub(t, hubAdmin, hubapi.ModelTarget(m.UUID), "writer", hubapi.ServiceAccountObject(sa))
	id := func(access string) map[string]knownvalue.Check { return ids("model_uuid", m.UUID, "access", access) }
	model := `model_uuid = "` + m.UUID + `"`
	hubAccessQueryTest(t, adminProvider(), "orch_hub_access_model",
		acctest.ListBlock("orch_hub_access_model", "all", true, model)+
			acctest.ListBlock("orch_hub_access_model", "writers", false, model+"\naccess = \"writer\"")+
			acctest.ListBlock("orch_hub_access_model", "admins", false, model+"\naccess = \"administrator\""),
		slices.Concat(
			acctest.ExpectIdentities("orch_hub_access_model.all", id("reader"), id("writer")),
			acctest.ExpectIdentities("orch_hub_access_model.writers", id("writer")),
			acctest.ExpectIdentities("orch_hub_access_model.admins"),
			known("orch_hub_access_model.all", id("reader"), map[string]knownvalue.Check{
				"id": knownvalue.StringExact(m.UUID + ":reader"), "users": stringSet("erin"),
				"idp_groups": stringSet("auditors"), "service_accounts": knownvalue.Null(),
			}),
			known("orch_hub_access_model.all", id("writer"), map[string]knownvalue.Check{
				"users": knownvalue.Null(), "service_accounts": stringSet(sa),
			}),
		),
		invalidFilter{`model_uuid = "prod"`, `model_uuid must be a UUID`},
		invalidFilter{`access = "consumer"`, `unknown relation consumer`},
	)
}

func TestAccHubAccessOfferList(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	admin := hubOrchClient(t, hubapi.DefaultAdminClientID, hubAdminSecret)
	m := newHubModel(t, admin, uniqueName(t, ""))
	urls := newHubOffers(t, admin, m.UUID, "db", "db-admin", "db-unshared")
	g := newHubGroup(t, hubAdmin, hubclient.KindGroup, "g")
	grantHub(t, hubAdmin, hubapi.OfferTarget(urls[0]), "consumer", hubapi.UserObject("frank"), hubapi.GroupObject(g))
	grantHub(t, hubAdmin, hubapi.OfferTarget(urls[0]), "reader", hubapi.UserObject(hubapi.Everyone))
	grantHub(t, hubAdmin, hubapi.OfferTarget(urls[1]), "administrator", hubapi.UserObject("grace"))
	id := func(url, access string) map[string]knownvalue.Check { return ids("offer_url", url, "access", access) }
	model := `model_uuid = "` + m.UUID + `"`
	hubAccessQueryTest(t, adminProvider(), "orch_hub_access_offer",
		acctest.ListBlock("orch_hub_access_offer", "of_model", false, model)+
			acctest.ListBlock("orch_hub_access_offer", "consumers", false, model+"\naccess = \"consumer\"")+
			acctest.ListBlock("orch_hub_access_offer", "db", true, `offer_url = "`+urls[0]+`"`)+
			acctest.ListBlock("orch_hub_access_offer", "unshared", false, `offer_url = "`+urls[2]+`"`),
		slices.Concat(
			acctest.ExpectIdentities("orch_hub_access_offer.of_model", id(urls[0], "reader"), id(urls[0], "consumer"), id(urls[1], "administrator")),
			acctest.ExpectIdentities("orch_hub_access_offer.consumers", id(urls[0], "consumer")),
			acctest.ExpectIdentities("orch_hub_access_offer.db", id(urls[0], "reader"), id(urls[0], "consumer")),
			acctest.ExpectIdentities("orch_hub_access_offer.unshared"),
			known("orch_hub_access_offer.db", id(urls[0], "consumer"), map[string]knownvalue.Check{
				"id": knownvalue.StringExact(urls[0] + ":consumer"), "users": stringSet("frank"), "groups": stringSet(g),
				"roles": knownvalue.Null(),
			}),
		),
		invalidFilter{`offer_url = "db"`, `offer_url must be an offer URL`},
		invalidFilter{`model_uuid = "` + m.UUID + `"` + "\noffer_url = \"" + urls[0] + `"`, `(?s)offer_url.*cannot be specified when.*model_uuid`},
		invalidFilter{`access = "consume"`, `unknown relation consume`},
	)
}

// newQueryHubOnController is newQueryHub in front of a controller of its
// own (as east, with its cloud localhost), whose models and clouds the
// hub's listings find; it also returns an orch client of the hub's
// administrator, to make models and offers out of band.
func newQueryHubOnController(t *testing.T) (string, *hubclient.Client, *client.Client) {
	t.Helper()
	ctx := context.Background()
	addr, c := startController(sandboxtest.TB(t), 0, nil)
	info, err := c.Controller(ctx)
	require.NoError(t, err)
	address, hub := serveHub(sandboxtest.TB(t), nil)
	_, err = hub.RegisterController(ctx, hubapi.RegisterControllerRequest{
		Name: "east", UUID: info.UUID, APIAddresses: []string{addr}, Username: "admin", Password: testAdminPassword,
	})
	require.NoError(t, err)
	return hubProvider(address, "", hubapi.DefaultAdminClientID, hubAdminSecret), hub,
		hubOrchClientAt(t, address, hubapi.DefaultAdminClientID, hubAdminSecret)
}

// The query cases of the hub access list resources (hubQueryCases): grants
// made out of band in a hub of each case's own, so that the listings
// without a target filter find only them.
func init() {
	// groupsOrRoles makes two groups or roles with one holder each.
	groupsOrRoles := func(t *testing.T, kind string, target func(string) string, relation, filter string) workflowtest.QueryCase {
		provider, hub := newQueryHub(t)
		return workflowtest.QueryCase{ProviderConfig: provider, Objects: func(t *testing.T) (string, int) {
			for _, name := range []string{"a", "b"} {
				grantHub(t, hub, target(newHubGroup(t, hub, kind, name)), relation, hubapi.UserObject("holder-"+name))
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
		provider, hub := newQueryHub(t)
		return workflowtest.QueryCase{ProviderConfig: provider, Objects: func(t *testing.T) (string, int) {
			grantHub(t, hub, hubapi.HubTarget, "administrator", hubapi.UserObject("ops@example.com"))
			return "", 1
		}}
	}
	// Every cloud of the controller is listed; only localhost has grants.
	hubQueryCases["orch_hub_access_cloud"] = func(t *testing.T) workflowtest.QueryCase {
		provider, hub, _ := newQueryHubOnController(t)
		return workflowtest.QueryCase{ProviderConfig: provider, Objects: func(t *testing.T) (string, int) {
			grantHub(t, hub, hubapi.CloudTarget("localhost"), "can_addmodel", hubapi.UserObject(hubapi.Everyone))
			grantHub(t, hub, hubapi.CloudTarget("localhost"), "administrator", hubapi.UserObject("cloud-admin"))
			return "", 2
		}}
	}
	// Every model of the hub is listed; the one without grants is not.
	hubQueryCases["orch_hub_access_model"] = func(t *testing.T) workflowtest.QueryCase {
		provider, hub, admin := newQueryHubOnController(t)
		return workflowtest.QueryCase{ProviderConfig: provider, Objects: func(t *testing.T) (string, int) {
			m := newHubModel(t, admin, uniqueName(t, "shared"))
			newHubModel(t, admin, uniqueName(t, "unshared"))
			grantHub(t, hub, hubapi.ModelTarget(m.UUID), "reader", hubapi.UserObject("model-reader"))
			grantHub(t, hub, hubapi.ModelTarget(m.UUID), "writer", hubapi.UserObject("model-writer"))
			return "", 2
		}}
	}
	hubQueryCases["orch_hub_access_offer"] = func(t *testing.T) workflowtest.QueryCase {
		provider, hub, admin := newQueryHubOnController(t)
		return workflowtest.QueryCase{ProviderConfig: provider, Objects: func(t *testing.T) (string, int) {
			m := newHubModel(t, admin, uniqueName(t, ""))
			urls := newHubOffers(t, admin, m.UUID, "db", "db-admin", "db-unshared")
			grantHub(t, hub, hubapi.OfferTarget(urls[0]), "consumer", hubapi.UserObject("offer-consumer"))
			grantHub(t, hub, hubapi.OfferTarget(urls[1]), "reader", hubapi.UserObject("offer-reader"))
			return fmt.Sprintf("model_uuid = %q", m.UUID), 2
		}}
	}
}
