package orch

import (
	"context"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// The list resources in query mode (Terraform 1.14+): each filter selects
// what it says, every result has the resource's identity, and with
// include_resource the result holds the resource as a read after import
// does. The objects are made out of band, in models (and clouds) of the
// test's own on the shared controller.

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
