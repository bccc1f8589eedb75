package orch

import (
	"context"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
)

// The list resources in query mode (Terraform 1.14+): each filter selects
// what it says, every result has the resource's identity, and with
// include_resource the result holds the resource as a read after import
// does. The objects are made out of band, in models (and clouds) of the
// test's own on the shared controller.

// queryTest runs the list blocks (acctest.ListBlock) with their checks.
func queryTest(t *testing.T, blocks string, checks ...[]querycheck.QueryResultCheck) {
	t.Helper()
	var all []querycheck.QueryResultCheck
	for _, c := range checks {
		all = append(all, c...)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: `provider "orch" {}`},
			{Query: true, Config: blocks, QueryResultChecks: all},
		},
	})
}

// known checks attributes of the result of block addr with the identity.
func known(addr string, identity map[string]knownvalue.Check, values map[string]knownvalue.Check) []querycheck.QueryResultCheck {
	var kv []querycheck.KnownValueCheck
	for k, v := range values {
		kv = append(kv, querycheck.KnownValueCheck{Path: tfjsonpath.New(k), KnownValue: v})
	}
	return []querycheck.QueryResultCheck{querycheck.ExpectResourceKnownValues(addr, queryfilter.ByResourceIdentity(identity), kv)}
}

func ids(kv ...string) map[string]knownvalue.Check {
	out := map[string]knownvalue.Check{}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = knownvalue.StringExact(kv[i+1])
	}
	return out
}

func TestAccModelList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	a := newModel(t, orchAPI, uniqueName(t, "a"))
	b := newModel(t, orchAPI, uniqueName(t, "b"))
	queryTest(t,
		acctest.ListBlock("orch_model", "a", true, `name = "`+a.Name+`"`)+
			acctest.ListBlock("orch_model", "b_of_admin", false, `name = "`+b.Name+`"`+"\nowner = \"admin\"\nstatus = \"available\"")+
			acctest.ListBlock("orch_model", "b_of_other", false, `name = "`+b.Name+`"`+"\nowner = \"nobody\"")+
			acctest.ListBlock("orch_model", "destroying", false, `name = "`+a.Name+`"`+"\nstatus = \"destroying\""),
		acctest.ExpectIdentities("orch_model.a", ids("uuid", a.UUID)),
		acctest.ExpectIdentities("orch_model.b_of_admin", ids("uuid", b.UUID)),
		acctest.ExpectIdentities("orch_model.b_of_other"),
		acctest.ExpectIdentities("orch_model.destroying"),
		known("orch_model.a", ids("uuid", a.UUID), map[string]knownvalue.Check{
			"id": knownvalue.StringExact(a.UUID), "name": knownvalue.StringExact(a.Name), "owner": knownvalue.StringExact("admin"),
			"type": knownvalue.StringExact("iaas"), "config": knownvalue.Null(), "cloud": knownvalue.ListSizeExact(0),
		}),
		[]querycheck.QueryResultCheck{querycheck.ExpectResourceDisplayName("orch_model.a", queryfilter.ByResourceIdentity(ids("uuid", a.UUID)),
			knownvalue.StringExact("admin/"+a.Name))},
	)
}

func TestAccApplicationList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	m := newModel(t, orchAPI, uniqueName(t, ""))
	for name, charm := range map[string]string{"postgresql": "postgresql", "mysql": "mysql"} {
		_, err := orchAPI.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: name, Charm: api.CharmRef{Name: charm}, Config: map[string]string{}})
		require.NoError(t, err)
	}
	app, err := orchAPI.Application(ctx, m.UUID, "mysql")
	require.NoError(t, err)
	model := `model_uuid = "` + m.UUID + `"`
	id := func(name string) map[string]knownvalue.Check { return ids("model_uuid", m.UUID, "name", name) }
	queryTest(t,
		acctest.ListBlock("orch_application", "all", false, model)+
			acctest.ListBlock("orch_application", "mysql", true, model+"\nname = \"mysql\"")+
			acctest.ListBlock("orch_application", "in_status", false, model+"\nstatus = \""+app.Status+"\"")+
			acctest.ListBlock("orch_application", "in_error", false, model+"\nstatus = \"error\""),
		acctest.ExpectIdentities("orch_application.all", id("postgresql"), id("mysql")),
		acctest.ExpectIdentities("orch_application.mysql", id("mysql")),
		acctest.ExpectIdentities("orch_application.in_status", id("postgresql"), id("mysql")),
		acctest.ExpectIdentities("orch_application.in_error"),
		known("orch_application.mysql", id("mysql"), map[string]knownvalue.Check{
			"id":    knownvalue.StringExact(m.UUID + ":mysql"),
			"units": knownvalue.Int64Exact(1),
			"charm": knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": knownvalue.StringExact("mysql")})}),
		}),
	)
}

func TestAccMachineList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	m := newModel(t, orchAPI, uniqueName(t, ""))
	var machines []api.Machine
	for range 2 {
		got, err := orchAPI.AddMachine(ctx, m.UUID, api.CreateMachineRequest{Base: "ubuntu@22.04", Constraints: "cores=2"})
		require.NoError(t, err)
		machines = append(machines, got)
	}
	got, err := orchAPI.Machine(ctx, m.UUID, machines[1].ID)
	require.NoError(t, err)
	model := `model_uuid = "` + m.UUID + `"`
	id := func(n string) map[string]knownvalue.Check { return ids("model_uuid", m.UUID, "machine_id", n) }
	other := api.MachineStatusPending
	if got.Status == other {
		other = api.MachineStatusActive
	}
	queryTest(t,
		acctest.ListBlock("orch_machine", "all", true, model)+
			acctest.ListBlock("orch_machine", "in_status", false, model+"\nstatus = \""+got.Status+"\"")+
			acctest.ListBlock("orch_machine", "other_status", false, model+"\nstatus = \""+other+"\""),
		acctest.ExpectIdentities("orch_machine.all", id("0"), id("1")),
		acctest.ExpectIdentities("orch_machine.in_status", id("0"), id("1")),
		acctest.ExpectIdentities("orch_machine.other_status"),
		known("orch_machine.all", id("1"), map[string]knownvalue.Check{
			"id":          knownvalue.StringExact(m.UUID + ":1:machine-1"),
			"name":        knownvalue.StringExact("machine-1"),
			"base":        knownvalue.StringExact("ubuntu@22.04"),
			"constraints": knownvalue.StringExact("cores=2"),
		}),
	)
}

func TestAccIntegrationList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	m := newModel(t, orchAPI, uniqueName(t, ""))
	for name, charm := range map[string]string{"wordpress": "wordpress", "blog": "wordpress", "mysql": "mysql"} {
		_, err := orchAPI.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: name, Charm: api.CharmRef{Name: charm}})
		require.NoError(t, err)
	}
	for _, app := range []string{"wordpress", "blog"} {
		_, err := orchAPI.Integrate(ctx, m.UUID, api.CreateIntegrationRequest{Endpoints: []api.IntegrationEndpoint{{Application: app, Endpoint: "db"}, {Application: "mysql"}}})
		require.NoError(t, err)
	}
	model := `model_uuid = "` + m.UUID + `"`
	id := func(app string) map[string]knownvalue.Check {
		return ids("model_uuid", m.UUID, "first_application", app, "first_endpoint", "db", "second_application", "mysql", "second_endpoint", "mysql")
	}
	queryTest(t,
		acctest.ListBlock("orch_integration", "all", false, model)+
			acctest.ListBlock("orch_integration", "of_blog", true, model+"\napplication = \"blog\"")+
			acctest.ListBlock("orch_integration", "of_endpoint", false, model+"\napplication = \"mysql:mysql\"")+
			acctest.ListBlock("orch_integration", "of_nothing", false, model+"\napplication = \"wordpress:admin\""),
		acctest.ExpectIdentities("orch_integration.all", id("wordpress"), id("blog")),
		acctest.ExpectIdentities("orch_integration.of_blog", id("blog")),
		acctest.ExpectIdentities("orch_integration.of_endpoint", id("wordpress"), id("blog")),
		acctest.ExpectIdentities("orch_integration.of_nothing"),
		known("orch_integration.of_blog", id("blog"), map[string]knownvalue.Check{
			"id": knownvalue.StringExact(m.UUID + ":blog:db:mysql:mysql"),
			"application": knownvalue.ListExact([]knownvalue.Check{
				knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": knownvalue.StringExact("blog"), "endpoint": knownvalue.StringExact("db")}),
				knownvalue.ObjectPartial(map[string]knownvalue.Check{"name": knownvalue.StringExact("mysql"), "endpoint": knownvalue.StringExact("mysql")}),
			}),
		}),
	)
}

func TestAccOfferSecretAccessList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	m := newModel(t, orchAPI, uniqueName(t, ""))
	for _, app := range []string{"ubuntu-a", "ubuntu-b"} {
		_, err := orchAPI.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: app, Charm: api.CharmRef{Name: "ubuntu-lite"}})
		require.NoError(t, err)
	}
	_, err := orchAPI.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: "mysql", Charm: api.CharmRef{Name: "mysql"}})
	require.NoError(t, err)
	var offers []api.Offer
	for _, name := range []string{"db", "db-admin"} {
		o, err := orchAPI.Offer(ctx, m.UUID, api.CreateOfferRequest{Name: name, ApplicationName: "mysql", Endpoints: []string{"mysql"}})
		require.NoError(t, err)
		offers = append(offers, o)
	}
	var secrets []api.Secret
	for i, name := range []string{"shared", "private", "unused"} {
		s, err := orchAPI.AddSecret(ctx, m.UUID, api.CreateSecretRequest{Name: name, Value: map[string]string{"token": "list-s3cret"}, Info: name + " token"})
		require.NoError(t, err)
		if apps := [][]string{{"ubuntu-a", "ubuntu-b"}, {"ubuntu-b"}, nil}[i]; apps != nil {
			_, err = orchAPI.SetSecretAccess(ctx, m.UUID, s.ID, apps)
			require.NoError(t, err)
		}
		secrets = append(secrets, s)
	}
	model := `model_uuid = "` + m.UUID + `"`
	secret := func(i int) map[string]knownvalue.Check { return ids("model_uuid", m.UUID, "secret_id", secrets[i].ID) }
	offer := func(i int) map[string]knownvalue.Check { return ids("url", offers[i].URL) }
	queryTest(t,
		acctest.ListBlock("orch_offer", "all", false, model)+
			acctest.ListBlock("orch_offer", "admin", true, model+"\nname = \"db-admin\"")+
			acctest.ListBlock("orch_secret", "all", false, model)+
			acctest.ListBlock("orch_secret", "shared", true, model+"\nname = \"shared\"")+
			acctest.ListBlock("orch_access_secret", "granted", true, model),
		acctest.ExpectIdentities("orch_offer.all", offer(0), offer(1)),
		acctest.ExpectIdentities("orch_offer.admin", offer(1)),
		known("orch_offer.admin", offer(1), map[string]knownvalue.Check{
			"id": knownvalue.StringExact(offers[1].URL), "name": knownvalue.StringExact("db-admin"),
			"application_name": knownvalue.StringExact("mysql"), "model_uuid": knownvalue.StringExact(m.UUID),
		}),
		acctest.ExpectIdentities("orch_secret.all", secret(0), secret(1), secret(2)),
		acctest.ExpectIdentities("orch_secret.shared", secret(0)),
		known("orch_secret.shared", secret(0), map[string]knownvalue.Check{
			"name": knownvalue.StringExact("shared"), "info": knownvalue.StringExact("shared token"),
			"secret_uri": knownvalue.StringExact(secrets[0].URI),
		}),
		acctest.ExpectIdentities("orch_access_secret.granted", secret(0), secret(1)),
		known("orch_access_secret.granted", secret(0), map[string]knownvalue.Check{
			"applications": knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("ubuntu-a"), knownvalue.StringExact("ubuntu-b")}),
		}),
	)
}

func TestAccCloudCredentialList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	rack := uniqueName(t, "rack")
	_, err := orchAPI.AddCloud(ctx, api.CreateCloudRequest{Name: rack, Type: "maas", AuthTypes: []string{"oauth1"}, Endpoint: "https://maas.example.com/MAAS"})
	require.NoError(t, err)
	t.Cleanup(func() { _ = orchAPI.RemoveCloud(context.Background(), rack) })
	for _, name := range []string{"ops", "ci"} {
		_, err := orchAPI.AddCredential(ctx, rack, api.CreateCredentialRequest{Name: name, AuthType: "oauth1", Attributes: map[string]string{"maas-oauth": "k:s:t"}})
		require.NoError(t, err)
	}
	cred := func(n string) map[string]knownvalue.Check { return ids("name", n, "cloud_name", rack) }
	queryTest(t,
		acctest.ListBlock("orch_cloud", "rack", true, `name = "`+rack+`"`)+
			acctest.ListBlock("orch_cloud", "rack_as_lxd", false, `name = "`+rack+`"`+"\ntype = \"lxd\"")+
			acctest.ListBlock("orch_credential", "all", false, `cloud_name = "`+rack+`"`)+
			acctest.ListBlock("orch_credential", "ops", true, `cloud_name = "`+rack+`"`+"\nname = \"ops\""),
		acctest.ExpectIdentities("orch_cloud.rack", ids("name", rack)),
		acctest.ExpectIdentities("orch_cloud.rack_as_lxd"),
		known("orch_cloud.rack", ids("name", rack), map[string]knownvalue.Check{
			"type": knownvalue.StringExact("maas"), "endpoint": knownvalue.StringExact("https://maas.example.com/MAAS"),
		}),
		acctest.ExpectIdentities("orch_credential.all", cred("ops"), cred("ci")),
		acctest.ExpectIdentities("orch_credential.ops", cred("ops")),
		known("orch_credential.ops", cred("ops"), map[string]knownvalue.Check{
			"id": knownvalue.StringExact("ops:" + rack + ":false:true"), "auth_type": knownvalue.StringExact("oauth1"),
			"cloud": knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectExact(map[string]knownvalue.Check{"name": knownvalue.StringExact(rack)})}),
		}),
	)
}

// Each filter is checked at plan, naming the attribute and the rule.
func TestAccList_invalidFiltersAreRejected(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	for name, tc := range map[string]struct{ typ, config, want string }{
		"model status":       {"orch_model", `status = "alive"`, `status value must be one of`},
		"model name":         {"orch_model", `name = "Prod"`, `name must be lower-case letters`},
		"no model":           {"orch_application", `name = "mysql"`, `The argument "model_uuid" is required`},
		"model uuid":         {"orch_machine", `model_uuid = "prod"`, `model_uuid must be a UUID`},
		"application status": {"orch_application", `model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"` + "\nstatus = \"running\"", `status value must be one of`},
		"integration side":   {"orch_integration", `model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"` + "\napplication = \"a:b:c\"", `application must be an application name, or <application>:<endpoint>`},
		"cloud type":         {"orch_cloud", `type = "kubernetes"`, `type value must be none of`},
		"credential cloud":   {"orch_credential", `cloud_name = "-x"`, `cloud_name must be letters, digits`},
		"space name":         {"orch_space", `model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"` + "\nname = \"Public\"", `name must be lower-case letters and digits`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6ProviderFactories,
				Steps: []resource.TestStep{
					{Config: `provider "orch" {}`},
					{Query: true, Config: acctest.ListBlock(tc.typ, "bad", false, tc.config), ExpectError: regexp.MustCompile(tc.want)},
				},
			})
		})
	}
}
