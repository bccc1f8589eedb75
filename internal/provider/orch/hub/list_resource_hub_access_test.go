package hub_test

import (
	"regexp"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"

	"github.com/iacsuite/providers/internal/acctest"
	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
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
	resource.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: orchacc.ProviderFactories, Steps: steps})
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
	acctest.PreCheck(t)
	acctest.RequireQuery(t)
	g := orchacc.NewHubGroup(t, orchacc.HubAdmin, hubclient.KindGroup, "g")
	nested := orchacc.NewHubGroup(t, orchacc.HubAdmin, hubclient.KindGroup, "nested")
	idp := orchacc.NewHubGroup(t, orchacc.HubAdmin, hubclient.KindGroup, "idp")
	orchacc.GrantHub(t, orchacc.HubAdmin, hubapi.GroupTarget(g), "member", hubapi.UserObject("alice@example.com"), hubapi.GroupObject(nested))
	// An identity provider's group is no member orch_hub_access_group
	// holds: its import finds nothing, so it is no result.
	orchacc.GrantHub(t, orchacc.HubAdmin, hubapi.GroupTarget(idp), "member", hubapi.IdPGroupObject("engineering"))
	id := orchacc.IDs("group_id", g, "access", "member")
	hubAccessQueryTest(t, orchacc.AdminProvider(), "orch_hub_access_group",
		acctest.ListBlock("orch_hub_access_group", "g", true, `group_id = "`+g+`"`)+
			acctest.ListBlock("orch_hub_access_group", "members", false, `group_id = "`+g+`"`+"\naccess = \"member\"")+
			acctest.ListBlock("orch_hub_access_group", "idp", false, `group_id = "`+idp+`"`),
		slices.Concat(
			acctest.ExpectIdentities("orch_hub_access_group.g", id),
			acctest.ExpectIdentities("orch_hub_access_group.members", id),
			acctest.ExpectIdentities("orch_hub_access_group.idp"),
			orchacc.Known("orch_hub_access_group.g", id, map[string]knownvalue.Check{
				"id": knownvalue.StringExact(g + ":member"), "users": stringSet("alice@example.com"),
				"groups": stringSet(nested), "service_accounts": knownvalue.Null(),
			}),
		),
		invalidFilter{`group_id = "admins"`, `group_id must be a UUID`},
		invalidFilter{`access = "assignee"`, `unknown relation assignee`},
	)
}

func TestAccHubAccessRoleList(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireQuery(t)
	r := orchacc.NewHubGroup(t, orchacc.HubAdmin, hubclient.KindRole, "r")
	g := orchacc.NewHubGroup(t, orchacc.HubAdmin, hubclient.KindGroup, "g")
	orchacc.GrantHub(t, orchacc.HubAdmin, hubapi.RoleTarget(r), "assignee", hubapi.UserObject("bob"), hubapi.GroupObject(g), hubapi.IdPGroupObject("ops@corp"))
	id := orchacc.IDs("role_id", r, "access", "assignee")
	hubAccessQueryTest(t, orchacc.AdminProvider(), "orch_hub_access_role",
		acctest.ListBlock("orch_hub_access_role", "r", true, `role_id = "`+r+`"`+"\naccess = \"assignee\""),
		slices.Concat(
			acctest.ExpectIdentities("orch_hub_access_role.r", id),
			orchacc.Known("orch_hub_access_role.r", id, map[string]knownvalue.Check{
				"id": knownvalue.StringExact(r + ":assignee"), "users": stringSet("bob"), "groups": stringSet(g),
				"idp_groups": stringSet("ops@corp"), "service_accounts": knownvalue.Null(),
			}),
		),
		invalidFilter{`role_id = "ops"`, `role_id must be a UUID`},
		invalidFilter{`access = "member"`, `unknown relation member`},
	)
}

func TestAccHubAccessCloudList(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireQuery(t)
	// A cloud of the test's own: a grant may name a cloud no controller has.
	cloud := orchacc.UniqueName(t, "")
	r := orchacc.NewHubGroup(t, orchacc.HubAdmin, hubclient.KindRole, "r")
	orchacc.GrantHub(t, orchacc.HubAdmin, hubapi.CloudTarget(cloud), "can_addmodel", hubapi.UserObject("carol"), hubapi.UserObject(hubapi.Everyone))
	orchacc.GrantHub(t, orchacc.HubAdmin, hubapi.CloudTarget(cloud), "administrator", hubapi.RoleObject(r))
	id := func(access string) map[string]knownvalue.Check {
		return orchacc.IDs("cloud_name", cloud, "access", access)
	}
	hubAccessQueryTest(t, orchacc.AdminProvider(), "orch_hub_access_cloud",
		acctest.ListBlock("orch_hub_access_cloud", "all", true, `cloud_name = "`+cloud+`"`)+
			acctest.ListBlock("orch_hub_access_cloud", "admins", false, `cloud_name = "`+cloud+`"`+"\naccess = \"administrator\""),
		slices.Concat(
			acctest.ExpectIdentities("orch_hub_access_cloud.all", id("can_addmodel"), id("administrator")),
			acctest.ExpectIdentities("orch_hub_access_cloud.admins", id("administrator")),
			orchacc.Known("orch_hub_access_cloud.all", id("can_addmodel"), map[string]knownvalue.Check{
				"id": knownvalue.StringExact(cloud + ":can_addmodel"), "users": stringSet("carol", hubapi.Everyone), "roles": knownvalue.Null(),
			}),
			orchacc.Known("orch_hub_access_cloud.all", id("administrator"), map[string]knownvalue.Check{
				"users": knownvalue.Null(), "roles": stringSet(r),
			}),
		),
		invalidFilter{`cloud_name = "-east"`, `cloud_name must be a cloud name`},
		invalidFilter{`access = "reader"`, `unknown relation reader`},
	)
}

func TestAccHubAccessControllerList(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireQuery(t)
	// A hub of the test's own, whose administrators it knows.
	address, hub := orchacc.ServeHub(sandboxtest.TB(t), nil)
	orchacc.GrantHub(t, hub, hubapi.HubTarget, "administrator", hubapi.UserObject("dana@example.com"))
	id := orchacc.IDs("access", "administrator")
	const typ = "orch_hub_access_controller"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			// The grants are the hub's: a provider connected directly to a
			// controller cannot list them.
			{Config: `provider "orch" {}`},
			{Query: true, Config: acctest.ListBlock(typ, "direct", false, ""), ExpectError: regexp.MustCompile(`(?s)Cannot list the .*orch_hub_access_controller needs hub mode`)},
			{Config: orchacc.HubProvider(address, "", hubapi.DefaultAdminClientID, orchacc.HubAdminSecret)},
			{
				Query: true,
				Config: acctest.ListBlock(typ, "all", true, "") +
					acctest.ListBlock(typ, "admins", false, `access = "administrator"`),
				QueryResultChecks: slices.Concat(
					acctest.ExpectIdentities(typ+".all", id),
					acctest.ExpectIdentities(typ+".admins", id),
					orchacc.Known(typ+".all", id, map[string]knownvalue.Check{
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
	acctest.PreCheck(t)
	acctest.RequireQuery(t)
	admin := orchacc.HubOrchClient(t, hubapi.DefaultAdminClientID, orchacc.HubAdminSecret)
	m := orchacc.NewHubModel(t, admin, orchacc.UniqueName(t, ""))
	sa, _ := orchacc.NewServiceAccount(t, orchacc.HubAdmin, "lister")
	orchacc.GrantHub(t, orchacc.HubAdmin, hubapi.ModelTarget(m.UUID), "reader", hubapi.UserObject("erin"), hubapi.IdPGroupObject("auditors"))
	orchacc.GrantHub(t, orchacc.HubAdmin, hubapi.ModelTarget(m.UUID), "writer", hubapi.ServiceAccountObject(sa))
	id := func(access string) map[string]knownvalue.Check {
		return orchacc.IDs("model_uuid", m.UUID, "access", access)
	}
	model := `model_uuid = "` + m.UUID + `"`
	hubAccessQueryTest(t, orchacc.AdminProvider(), "orch_hub_access_model",
		acctest.ListBlock("orch_hub_access_model", "all", true, model)+
			acctest.ListBlock("orch_hub_access_model", "writers", false, model+"\naccess = \"writer\"")+
			acctest.ListBlock("orch_hub_access_model", "admins", false, model+"\naccess = \"administrator\""),
		slices.Concat(
			acctest.ExpectIdentities("orch_hub_access_model.all", id("reader"), id("writer")),
			acctest.ExpectIdentities("orch_hub_access_model.writers", id("writer")),
			acctest.ExpectIdentities("orch_hub_access_model.admins"),
			orchacc.Known("orch_hub_access_model.all", id("reader"), map[string]knownvalue.Check{
				"id": knownvalue.StringExact(m.UUID + ":reader"), "users": stringSet("erin"),
				"idp_groups": stringSet("auditors"), "service_accounts": knownvalue.Null(),
			}),
			orchacc.Known("orch_hub_access_model.all", id("writer"), map[string]knownvalue.Check{
				"users": knownvalue.Null(), "service_accounts": stringSet(sa),
			}),
		),
		invalidFilter{`model_uuid = "prod"`, `model_uuid must be a UUID`},
		invalidFilter{`access = "consumer"`, `unknown relation consumer`},
	)
}

func TestAccHubAccessOfferList(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireQuery(t)
	admin := orchacc.HubOrchClient(t, hubapi.DefaultAdminClientID, orchacc.HubAdminSecret)
	m := orchacc.NewHubModel(t, admin, orchacc.UniqueName(t, ""))
	urls := orchacc.NewHubOffers(t, admin, m.UUID, "db", "db-admin", "db-unshared")
	g := orchacc.NewHubGroup(t, orchacc.HubAdmin, hubclient.KindGroup, "g")
	orchacc.GrantHub(t, orchacc.HubAdmin, hubapi.OfferTarget(urls[0]), "consumer", hubapi.UserObject("frank"), hubapi.GroupObject(g))
	orchacc.GrantHub(t, orchacc.HubAdmin, hubapi.OfferTarget(urls[0]), "reader", hubapi.UserObject(hubapi.Everyone))
	orchacc.GrantHub(t, orchacc.HubAdmin, hubapi.OfferTarget(urls[1]), "administrator", hubapi.UserObject("grace"))
	id := func(url, access string) map[string]knownvalue.Check {
		return orchacc.IDs("offer_url", url, "access", access)
	}
	model := `model_uuid = "` + m.UUID + `"`
	hubAccessQueryTest(t, orchacc.AdminProvider(), "orch_hub_access_offer",
		acctest.ListBlock("orch_hub_access_offer", "of_model", false, model)+
			acctest.ListBlock("orch_hub_access_offer", "consumers", false, model+"\naccess = \"consumer\"")+
			acctest.ListBlock("orch_hub_access_offer", "db", true, `offer_url = "`+urls[0]+`"`)+
			acctest.ListBlock("orch_hub_access_offer", "unshared", false, `offer_url = "`+urls[2]+`"`),
		slices.Concat(
			acctest.ExpectIdentities("orch_hub_access_offer.of_model", id(urls[0], "reader"), id(urls[0], "consumer"), id(urls[1], "administrator")),
			acctest.ExpectIdentities("orch_hub_access_offer.consumers", id(urls[0], "consumer")),
			acctest.ExpectIdentities("orch_hub_access_offer.db", id(urls[0], "reader"), id(urls[0], "consumer")),
			acctest.ExpectIdentities("orch_hub_access_offer.unshared"),
			orchacc.Known("orch_hub_access_offer.db", id(urls[0], "consumer"), map[string]knownvalue.Check{
				"id": knownvalue.StringExact(urls[0] + ":consumer"), "users": stringSet("frank"), "groups": stringSet(g),
				"roles": knownvalue.Null(),
			}),
		),
		invalidFilter{`offer_url = "db"`, `offer_url must be an offer URL`},
		invalidFilter{`model_uuid = "` + m.UUID + `"` + "\noffer_url = \"" + urls[0] + `"`, `(?s)offer_url.*cannot be specified when.*model_uuid`},
		invalidFilter{`access = "consume"`, `unknown relation consume`},
	)
}
