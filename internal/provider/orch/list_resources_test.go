package orch

import (
	"context"
	"regexp"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	cliapi "github.com/iacsuite/providers/internal/api/orchcli"
	"github.com/iacsuite/providers/internal/client/orchcli"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// The list resources in query mode (Terraform 1.14+): each filter selects
// what it says, every result has the resource's identity, and with
// include_resource the result holds the resource as a read after import
// does. The objects are made out of band, in models (and clouds) of the
// test's own on the shared controller.

func TestAccModelList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	a := newModel(t, orchAPI, orchacc.UniqueName(t, "a"))
	b := newModel(t, orchAPI, orchacc.UniqueName(t, "b"))
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_model", "a", true, `name = "`+a.Name+`"`)+
			acctest.ListBlock("orch_model", "b_of_admin", false, `name = "`+b.Name+`"`+"\nowner = \"admin\"\nstatus = \"available\"")+
			acctest.ListBlock("orch_model", "b_of_other", false, `name = "`+b.Name+`"`+"\nowner = \"nobody\"")+
			acctest.ListBlock("orch_model", "destroying", false, `name = "`+a.Name+`"`+"\nstatus = \"destroying\""),
		acctest.ExpectIdentities("orch_model.a", orchacc.IDs("uuid", a.UUID)),
		acctest.ExpectIdentities("orch_model.b_of_admin", orchacc.IDs("uuid", b.UUID)),
		acctest.ExpectIdentities("orch_model.b_of_other"),
		acctest.ExpectIdentities("orch_model.destroying"),
		orchacc.Known("orch_model.a", orchacc.IDs("uuid", a.UUID), map[string]knownvalue.Check{
			"id": knownvalue.StringExact(a.UUID), "name": knownvalue.StringExact(a.Name), "owner": knownvalue.StringExact("admin"),
			"type": knownvalue.StringExact("iaas"), "config": knownvalue.Null(), "cloud": knownvalue.ListSizeExact(0),
		}),
		[]querycheck.QueryResultCheck{querycheck.ExpectResourceDisplayName("orch_model.a", queryfilter.ByResourceIdentity(orchacc.IDs("uuid", a.UUID)),
			knownvalue.StringExact("admin/"+a.Name))},
	)
}

func TestAccApplicationList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	m := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	for name, charm := range map[string]string{"postgresql": "postgresql", "mysql": "mysql"} {
		_, err := orchAPI.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: name, Charm: api.CharmRef{Name: charm}, Config: map[string]string{}})
		require.NoError(t, err)
	}
	app, err := orchAPI.Application(ctx, m.UUID, "mysql")
	require.NoError(t, err)
	model := `model_uuid = "` + m.UUID + `"`
	id := func(name string) map[string]knownvalue.Check { return orchacc.IDs("model_uuid", m.UUID, "name", name) }
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_application", "all", false, model)+
			acctest.ListBlock("orch_application", "mysql", true, model+"\nname = \"mysql\"")+
			acctest.ListBlock("orch_application", "in_status", false, model+"\nstatus = \""+app.Status+"\"")+
			acctest.ListBlock("orch_application", "in_error", false, model+"\nstatus = \"error\""),
		acctest.ExpectIdentities("orch_application.all", id("postgresql"), id("mysql")),
		acctest.ExpectIdentities("orch_application.mysql", id("mysql")),
		acctest.ExpectIdentities("orch_application.in_status", id("postgresql"), id("mysql")),
		acctest.ExpectIdentities("orch_application.in_error"),
		orchacc.Known("orch_application.mysql", id("mysql"), map[string]knownvalue.Check{
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

func TestAccIntegrationList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	m := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	for name, charm := range map[string]string{"wordpress": "wordpress", "blog": "wordpress", "mysql": "mysql"} {
		_, err := orchAPI.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: name, Charm: api.CharmRef{Name: charm}})
		require.NoError(t, err)
	}
	for _, app := range []string{"wordpress", "blog"} {
		_, err := orchAPI.Integrate(ctx, m.UUID, api.CreateIntegrationRequest{Endpoints: []api.IntegrationEndpoint{{Application: app, Endpoint: "db"}, {Application: "mysql", Endpoint: "mysql"}}})
		require.NoError(t, err)
	}
	model := `model_uuid = "` + m.UUID + `"`
	id := func(app string) map[string]knownvalue.Check {
		return orchacc.IDs("model_uuid", m.UUID, "first_application", app, "first_endpoint", "db", "second_application", "mysql", "second_endpoint", "mysql")
	}
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_integration", "all", false, model)+
			acctest.ListBlock("orch_integration", "of_blog", true, model+"\napplication = \"blog\"")+
			acctest.ListBlock("orch_integration", "of_endpoint", false, model+"\napplication = \"mysql:mysql\"")+
			acctest.ListBlock("orch_integration", "of_nothing", false, model+"\napplication = \"wordpress:admin\""),
		acctest.ExpectIdentities("orch_integration.all", id("wordpress"), id("blog")),
		acctest.ExpectIdentities("orch_integration.of_blog", id("blog")),
		acctest.ExpectIdentities("orch_integration.of_endpoint", id("wordpress"), id("blog")),
		acctest.ExpectIdentities("orch_integration.of_nothing"),
		orchacc.Known("orch_integration.of_blog", id("blog"), map[string]knownvalue.Check{
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
	m := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
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
	secret := func(i int) map[string]knownvalue.Check {
		return orchacc.IDs("model_uuid", m.UUID, "secret_id", secrets[i].ID)
	}
	offer := func(i int) map[string]knownvalue.Check { return orchacc.IDs("url", offers[i].URL) }
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_offer", "all", false, model)+
			acctest.ListBlock("orch_offer", "admin", true, model+"\nname = \"db-admin\"")+
			acctest.ListBlock("orch_secret", "all", false, model)+
			acctest.ListBlock("orch_secret", "shared", true, model+"\nname = \"shared\"")+
			acctest.ListBlock("orch_access_secret", "granted", true, model),
		acctest.ExpectIdentities("orch_offer.all", offer(0), offer(1)),
		acctest.ExpectIdentities("orch_offer.admin", offer(1)),
		orchacc.Known("orch_offer.admin", offer(1), map[string]knownvalue.Check{
			"id": knownvalue.StringExact(offers[1].URL), "name": knownvalue.StringExact("db-admin"),
			"application_name": knownvalue.StringExact("mysql"), "model_uuid": knownvalue.StringExact(m.UUID),
		}),
		acctest.ExpectIdentities("orch_secret.all", secret(0), secret(1), secret(2)),
		acctest.ExpectIdentities("orch_secret.shared", secret(0)),
		orchacc.Known("orch_secret.shared", secret(0), map[string]knownvalue.Check{
			"name": knownvalue.StringExact("shared"), "info": knownvalue.StringExact("shared token"),
			"secret_uri": knownvalue.StringExact(secrets[0].URI),
		}),
		acctest.ExpectIdentities("orch_access_secret.granted", secret(0), secret(1)),
		orchacc.Known("orch_access_secret.granted", secret(0), map[string]knownvalue.Check{
			"applications": knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("ubuntu-a"), knownvalue.StringExact("ubuntu-b")}),
		}),
	)
}

func TestAccCloudCredentialList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	rack := orchacc.UniqueName(t, "rack")
	_, err := orchAPI.AddCloud(ctx, api.CreateCloudRequest{Name: rack, Type: "maas", AuthTypes: []string{"oauth1"}, Endpoint: "https://maas.example.com/MAAS"})
	require.NoError(t, err)
	t.Cleanup(func() { _ = orchAPI.RemoveCloud(context.Background(), rack) })
	for _, name := range []string{"ops", "ci"} {
		_, err := orchAPI.AddCredential(ctx, rack, api.CreateCredentialRequest{Name: name, AuthType: "oauth1", Attributes: map[string]string{"maas-oauth": "k:s:t"}})
		require.NoError(t, err)
	}
	cred := func(n string) map[string]knownvalue.Check { return orchacc.IDs("name", n, "cloud_name", rack) }
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_cloud", "rack", true, `name = "`+rack+`"`)+
			acctest.ListBlock("orch_cloud", "rack_as_lxd", false, `name = "`+rack+`"`+"\ntype = \"lxd\"")+
			acctest.ListBlock("orch_credential", "all", false, `cloud_name = "`+rack+`"`)+
			acctest.ListBlock("orch_credential", "ops", true, `cloud_name = "`+rack+`"`+"\nname = \"ops\""),
		acctest.ExpectIdentities("orch_cloud.rack", orchacc.IDs("name", rack)),
		acctest.ExpectIdentities("orch_cloud.rack_as_lxd"),
		orchacc.Known("orch_cloud.rack", orchacc.IDs("name", rack), map[string]knownvalue.Check{
			"type": knownvalue.StringExact("maas"), "endpoint": knownvalue.StringExact("https://maas.example.com/MAAS"),
		}),
		acctest.ExpectIdentities("orch_credential.all", cred("ops"), cred("ci")),
		acctest.ExpectIdentities("orch_credential.ops", cred("ops")),
		orchacc.Known("orch_credential.ops", cred("ops"), map[string]knownvalue.Check{
			"id": knownvalue.StringExact("ops:" + rack + ":false:true"), "auth_type": knownvalue.StringExact("oauth1"),
			"cloud": knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectExact(map[string]knownvalue.Check{"name": knownvalue.StringExact(rack)})}),
		}),
	)
}

func TestAccUserKeyPoolAccessList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	m := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	reader, writer := newUser(t, orchAPI, "reader"), newUser(t, orchAPI, "writer")
	for user, level := range map[string]string{reader: "read", writer: "write"} {
		_, err := orchAPI.GrantModelAccess(ctx, m.UUID, user, level)
		require.NoError(t, err)
	}
	for _, k := range []string{testKey, otherKey} {
		_, err := orchAPI.AddSSHKey(ctx, m.UUID, k)
		require.NoError(t, err)
	}
	for name, provider := range map[string]string{"fast": "lxd", "scratch": "tmpfs"} {
		_, err := orchAPI.AddStoragePool(ctx, m.UUID, api.CreateStoragePoolRequest{Name: name, Provider: provider})
		require.NoError(t, err)
	}
	_, err := orchAPI.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: "mysql", Charm: api.CharmRef{Name: "mysql"}})
	require.NoError(t, err)
	var offers []api.Offer
	for _, name := range []string{"db", "db-private"} {
		o, err := orchAPI.Offer(ctx, m.UUID, api.CreateOfferRequest{Name: name, ApplicationName: "mysql", Endpoints: []string{"mysql"}})
		require.NoError(t, err)
		offers = append(offers, o)
	}
	_, err = orchAPI.GrantOfferAccess(ctx, offers[0].URL, reader, "consume")
	require.NoError(t, err)
	const otherKeyMD5 = "82:fc:cb:4b:ad:75:6c:9d:92:c7:aa:5b:d4:06:60:a3" // ssh-keygen -l -E md5
	model := `model_uuid = "` + m.UUID + `"`
	key := func(fp string) map[string]knownvalue.Check { return orchacc.IDs("id", "sshkey:"+m.UUID+":"+fp) }
	pool := func(n string) map[string]knownvalue.Check { return orchacc.IDs("id", m.UUID+":"+n) }
	level := func(a string) map[string]knownvalue.Check { return orchacc.IDs("model_uuid", m.UUID, "access", a) }
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_user", "reader", true, `name = "`+reader+`"`)+
			acctest.ListBlock("orch_user", "admin", false, "name = \"admin\"\naccess = \"superuser\"")+
			acctest.ListBlock("orch_user", "admin_as_login", false, "name = \"admin\"\naccess = \"login\"")+
			acctest.ListBlock("orch_ssh_key", "all", false, model)+
			acctest.ListBlock("orch_ssh_key", "one", true, model+"\nfingerprint = \""+testKeyMD5+"\"")+
			acctest.ListBlock("orch_ssh_key", "rsa", false, model+"\ntype = \"ssh-rsa\"")+
			acctest.ListBlock("orch_storage_pool", "made", false, model)+
			acctest.ListBlock("orch_storage_pool", "lxd", true, model+"\nstorage_provider = \"lxd\"")+
			acctest.ListBlock("orch_storage_pool", "by_name", false, model+"\nname = \"scratch\"")+
			acctest.ListBlock("orch_access_model", "all", false, model)+
			acctest.ListBlock("orch_access_model", "of_writer", true, model+"\nuser = \""+writer+"\"")+
			acctest.ListBlock("orch_access_model", "admin", false, model+"\naccess = \"admin\"")+
			acctest.ListBlock("orch_access_offer", "all", true, model)+
			acctest.ListBlock("orch_access_offer", "of_writer", false, model+"\nuser = \""+writer+"\"")+
			acctest.ListBlock("orch_access_offer", "private", false, model+"\noffer_name = \"db-private\""),
		acctest.ExpectIdentities("orch_user.reader", orchacc.IDs("name", reader)),
		orchacc.Known("orch_user.reader", orchacc.IDs("name", reader), map[string]knownvalue.Check{
			"id": knownvalue.StringExact("user:" + reader), "password": knownvalue.Null(), "display_name": knownvalue.Null(),
		}),
		acctest.ExpectIdentities("orch_user.admin", orchacc.IDs("name", "admin")),
		acctest.ExpectIdentities("orch_user.admin_as_login"),
		acctest.ExpectIdentities("orch_ssh_key.all", key(testKeyMD5), key(otherKeyMD5)),
		acctest.ExpectIdentities("orch_ssh_key.one", key(testKeyMD5)),
		orchacc.Known("orch_ssh_key.one", key(testKeyMD5), map[string]knownvalue.Check{
			"model_uuid": knownvalue.StringExact(m.UUID), "payload": knownvalue.StringExact(testKey),
		}),
		acctest.ExpectIdentities("orch_ssh_key.rsa"),
		// The model's builtin pools are not listed.
		acctest.ExpectIdentities("orch_storage_pool.made", pool("fast"), pool("scratch")),
		acctest.ExpectIdentities("orch_storage_pool.lxd", pool("fast")),
		orchacc.Known("orch_storage_pool.lxd", pool("fast"), map[string]knownvalue.Check{
			"name": knownvalue.StringExact("fast"), "storage_provider": knownvalue.StringExact("lxd"), "attributes": knownvalue.Null(),
		}),
		acctest.ExpectIdentities("orch_storage_pool.by_name", pool("scratch")),
		acctest.ExpectIdentities("orch_access_model.all", level("read"), level("write")),
		acctest.ExpectIdentities("orch_access_model.of_writer", level("write")),
		orchacc.Known("orch_access_model.of_writer", level("write"), map[string]knownvalue.Check{
			"id":    knownvalue.StringExact(m.UUID + ":write:" + writer),
			"users": knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact(writer)}),
		}),
		acctest.ExpectIdentities("orch_access_model.admin"),
		// An offer nobody was granted is not listed.
		acctest.ExpectIdentities("orch_access_offer.all", orchacc.IDs("offer_url", offers[0].URL)),
		orchacc.Known("orch_access_offer.all", orchacc.IDs("offer_url", offers[0].URL), map[string]knownvalue.Check{
			"consume": knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact(reader)}),
			"admin":   knownvalue.Null(), "read": knownvalue.Null(),
		}),
		acctest.ExpectIdentities("orch_access_offer.of_writer"),
		acctest.ExpectIdentities("orch_access_offer.private"),
	)
}

func TestAccClusterCloudControllerList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	k8s := orchacc.UniqueName(t, "k8s")
	_, err := orchAPI.AddCloud(ctx, api.CreateCloudRequest{Name: k8s, Type: api.CloudTypeKubernetes,
		Kubernetes: &api.CreateKubernetesCloud{Config: kubeconfig, ParentCloudName: "localhost", ParentCloudRegion: "localhost", StorageClassName: "standard"}})
	require.NoError(t, err)
	t.Cleanup(func() { _ = orchAPI.RemoveCloud(context.Background(), k8s) })
	binary, _ := orchBinaryFor(t)
	det, err := orchcli.New(binary).Bootstrap(ctx, orchcli.BootstrapRequest{
		Name:         "listed",
		Cloud:        cliapi.CloudSpec{Name: "localhost", Type: "lxd", AuthTypes: []string{"certificate"}},
		Credential:   cliapi.CredentialSpec{Name: "ops", AuthType: "certificate", Attributes: map[string]string{"client-cert": "c", "client-key": "k"}},
		ModelDefault: map[string]string{"development": "true"},
	})
	require.NoError(t, err)
	cli := `orch_binary = "` + binary + `"`
	ctrl := orchacc.IDs("orch_binary", binary, "name", "listed")
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_cluster_cloud", "k8s", true, `name = "`+k8s+`"`)+
			acctest.ListBlock("orch_cluster_cloud", "elsewhere", false, `name = "`+k8s+`"`+"\nparent_cloud_name = \"maas\""),
		acctest.ExpectIdentities("orch_cluster_cloud.k8s", orchacc.IDs("name", k8s)),
		orchacc.Known("orch_cluster_cloud.k8s", orchacc.IDs("name", k8s), map[string]knownvalue.Check{
			"parent_cloud_name": knownvalue.StringExact("localhost"), "storage_class_name": knownvalue.StringExact("standard"),
			"cluster_config": knownvalue.Null(), "kubernetes_config": knownvalue.Null(), "skip_service_account_creation": knownvalue.Bool(false),
		}),
		acctest.ExpectIdentities("orch_cluster_cloud.elsewhere"),
	)
	// The controllers of the CLI, with the provider in controller mode (the
	// test is parallel already).
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: `provider "orch" { controller_mode = true }`},
			{Query: true, Config: acctest.ListBlock("orch_controller", "all", true, cli) +
				acctest.ListBlock("orch_controller", "running", false, cli+"\nstatus = \"running\"") +
				acctest.ListBlock("orch_controller", "stopped", false, cli+"\nstatus = \"stopped\"") +
				acctest.ListBlock("orch_controller", "other", false, cli+"\nname = \"other\""),
				QueryResultChecks: slices.Concat(
					acctest.ExpectIdentities("orch_controller.all", ctrl),
					orchacc.Known("orch_controller.all", ctrl, map[string]knownvalue.Check{
						"controller_uuid": knownvalue.StringExact(det.UUID), "agent_version": knownvalue.StringExact(det.AgentVersion),
						"model_default": knownvalue.MapExact(map[string]knownvalue.Check{"development": knownvalue.StringExact("true")}),
						// As an import reads it from the CLI's records.
						"cloud_credential": knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"name": knownvalue.StringExact("ops"), "auth_type": knownvalue.StringExact("certificate"),
							"attributes": knownvalue.MapExact(map[string]knownvalue.Check{"client-cert": knownvalue.StringExact("c"), "client-key": knownvalue.StringExact("k")}),
						}),
					}),
					acctest.ExpectIdentities("orch_controller.running", ctrl),
					acctest.ExpectIdentities("orch_controller.stopped"),
					acctest.ExpectIdentities("orch_controller.other"),
				)},
		},
	})
}

// The subnets placed in spaces, made out of band: each filter selects what
// it says, the subnets still in alpha are left out, and with include_resource
// each result is what a read after import gives.
func TestAccSubnetList_filters(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	m := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	for space, cidrs := range map[string][]string{
		"public":     {"10.150.1.0/24", "192.168.100.0/24", "fd42:150::/64"},
		"management": {"10.150.2.0/24"},
	} {
		_, err := orchAPI.CreateSpace(ctx, m.UUID, space)
		require.NoError(t, err)
		_, err = orchAPI.MoveSubnets(ctx, m.UUID, space, cidrs...)
		require.NoError(t, err)
	}
	model := `model_uuid = "` + m.UUID + `"`
	id := func(cidr string) map[string]knownvalue.Check { return orchacc.IDs("id", m.UUID+":"+cidr) }
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_subnet", "all", true, model)+
			acctest.ListBlock("orch_subnet", "one", true, model+"\ncidr = \"10.150.2.0/24\"")+
			// Not the canonical spelling: the subnet is still found.
			acctest.ListBlock("orch_subnet", "ipv6", false, model+"\ncidr = \"fd42:0150::/64\"")+
			acctest.ListBlock("orch_subnet", "in_alpha", false, model+"\ncidr = \"10.150.0.0/24\"")+
			acctest.ListBlock("orch_subnet", "public", false, model+"\nspace_name = \"public\"")+
			acctest.ListBlock("orch_subnet", "vlan", false, model+"\nvlan_tag = 100")+
			acctest.ListBlock("orch_subnet", "no_vlan_public", false, model+"\nvlan_tag = 0\nspace_name = \"public\"")+
			acctest.ListBlock("orch_subnet", "zone", false, model+"\nzone_name = \"localhost\"\nspace_name = \"management\"")+
			acctest.ListBlock("orch_subnet", "other_zone", false, model+"\nzone_name = \"elsewhere\""),
		acctest.ExpectIdentities("orch_subnet.all", id("10.150.1.0/24"), id("10.150.2.0/24"), id("192.168.100.0/24"), id("fd42:150::/64")),
		acctest.ExpectIdentities("orch_subnet.one", id("10.150.2.0/24")),
		orchacc.Known("orch_subnet.one", id("10.150.2.0/24"), map[string]knownvalue.Check{
			"id": knownvalue.StringExact(m.UUID + ":10.150.2.0/24"), "model_uuid": knownvalue.StringExact(m.UUID),
			"cidr": knownvalue.StringExact("10.150.2.0/24"), "space_name": knownvalue.StringExact("management"),
		}),
		orchacc.Known("orch_subnet.all", id("fd42:150::/64"), map[string]knownvalue.Check{
			"cidr": knownvalue.StringExact("fd42:150::/64"), "space_name": knownvalue.StringExact("public"),
		}),
		[]querycheck.QueryResultCheck{querycheck.ExpectResourceDisplayName("orch_subnet.one", queryfilter.ByResourceIdentity(id("10.150.2.0/24")),
			knownvalue.StringExact("10.150.2.0/24 in management"))},
		acctest.ExpectIdentities("orch_subnet.ipv6", id("fd42:150::/64")),
		acctest.ExpectIdentities("orch_subnet.in_alpha"),
		acctest.ExpectIdentities("orch_subnet.public", id("10.150.1.0/24"), id("192.168.100.0/24"), id("fd42:150::/64")),
		acctest.ExpectIdentities("orch_subnet.vlan", id("192.168.100.0/24")),
		acctest.ExpectIdentities("orch_subnet.no_vlan_public", id("10.150.1.0/24"), id("fd42:150::/64")),
		acctest.ExpectIdentities("orch_subnet.zone", id("10.150.2.0/24")),
		acctest.ExpectIdentities("orch_subnet.other_zone"),
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
		"user access":        {"orch_user", `access = "admin"`, `access value must be one of`},
		"user name":          {"orch_user", `name = "-bob"`, `Invalid user name`},
		"key fingerprint":    {"orch_ssh_key", `model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"` + "\nfingerprint = \"SHA256:abc\"", `fingerprint must be an MD5 fingerprint`},
		"key model":          {"orch_ssh_key", `type = "ssh-rsa"`, `The argument "model_uuid" is required`},
		"pool name":          {"orch_storage_pool", `model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"` + "\nname = \"1fast\"", `name must start with a letter`},
		"model access":       {"orch_access_model", `model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"` + "\naccess = \"consume\"", `access value must be one of`},
		"offer access user":  {"orch_access_offer", `model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"` + "\nuser = \"a b\"", `Invalid user name`},
		"cluster parent":     {"orch_cluster_cloud", `parent_cloud_name = "-x"`, `parent_cloud_name must be letters, digits`},
		"controller binary":  {"orch_controller", `name = "c1"`, `The argument "orch_binary" is required`},
		"controller status":  {"orch_controller", `orch_binary = "/usr/bin/orch"` + "\nstatus = \"incomplete\"", `status value must be one of`},
		"space name":         {"orch_space", `model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"` + "\nname = \"Public\"", `name must be lower-case letters and digits`},
		"subnet cidr":        {"orch_subnet", `model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"` + "\ncidr = \"10.150.1\"", `cidr must be a subnet in CIDR notation`},
		"subnet host bits":   {"orch_subnet", `model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"` + "\ncidr = \"10.150.1.7/24\"", `cidr must be the network address of the subnet, 10.150.1.0/24`},
		"subnet alpha":       {"orch_subnet", `model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"` + "\nspace_name = \"alpha\"", `space_name must not be alpha: a subnet in alpha has not been placed`},
		"subnet space":       {"orch_subnet", `model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"` + "\nspace_name = \"Public\"", `space_name must be lower-case letters and digits`},
		"subnet vlan":        {"orch_subnet", `model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"` + "\nvlan_tag = 4095", `vlan_tag value must be between 0 and 4094`},
		"subnet model":       {"orch_subnet", `cidr = "10.150.1.0/24"`, `The argument "model_uuid" is required`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{
					{Config: `provider "orch" {}`},
					{Query: true, Config: acctest.ListBlock(tc.typ, "bad", false, tc.config), ExpectError: regexp.MustCompile(tc.want)},
				},
			})
		})
	}
}

// TestAccList_upstreamFilterNames: the filters under upstream's names, which
// its list blocks use (models by model_uuid, applications and integrations by
// application_name, offers by offer_url), select what ours do.
func TestAccList_upstreamFilterNames(t *testing.T) {
	accPreCheck(t)
	acctest.RequireQuery(t)
	ctx := context.Background()
	m := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	other := newModel(t, orchAPI, orchacc.UniqueName(t, "other"))
	for name, charm := range map[string]string{"wordpress": "wordpress", "blog": "wordpress", "mysql": "mysql"} {
		_, err := orchAPI.Deploy(ctx, m.UUID, api.ApplicationSpec{Name: name, Charm: api.CharmRef{Name: charm}})
		require.NoError(t, err)
	}
	for _, app := range []string{"wordpress", "blog"} {
		_, err := orchAPI.Integrate(ctx, m.UUID, api.CreateIntegrationRequest{Endpoints: []api.IntegrationEndpoint{{Application: app, Endpoint: "db"}, {Application: "mysql", Endpoint: "mysql"}}})
		require.NoError(t, err)
	}
	var offers []api.Offer
	for _, name := range []string{"db", "db-admin"} {
		o, err := orchAPI.Offer(ctx, m.UUID, api.CreateOfferRequest{Name: name, ApplicationName: "mysql", Endpoints: []string{"mysql"}})
		require.NoError(t, err)
		offers = append(offers, o)
	}
	model := `model_uuid = "` + m.UUID + `"`
	integ := func(app string) map[string]knownvalue.Check {
		return orchacc.IDs("model_uuid", m.UUID, "first_application", app, "first_endpoint", "db", "second_application", "mysql", "second_endpoint", "mysql")
	}
	orchacc.QueryTest(t,
		acctest.ListBlock("orch_model", "by_uuid", false, `model_uuid = "`+other.UUID+`"`)+
			acctest.ListBlock("orch_application", "by_name", false, model+"\napplication_name = \"blog\"")+
			acctest.ListBlock("orch_integration", "of_blog", false, model+"\napplication_name = \"blog\"")+
			acctest.ListBlock("orch_offer", "by_url", false, model+"\noffer_url = \""+offers[1].URL+"\""),
		acctest.ExpectIdentities("orch_model.by_uuid", orchacc.IDs("uuid", other.UUID)),
		acctest.ExpectIdentities("orch_application.by_name", orchacc.IDs("model_uuid", m.UUID, "name", "blog")),
		acctest.ExpectIdentities("orch_integration.of_blog", integ("blog")),
		acctest.ExpectIdentities("orch_offer.by_url", orchacc.IDs("url", offers[1].URL)),
	)
}
