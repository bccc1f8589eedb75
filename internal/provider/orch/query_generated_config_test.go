package orch

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/workflowtest"
)

// Every list resource adopts objects made outside Terraform as Terraform
// 1.14+ users do it: the objects are made through the API, a list block
// finds them, `terraform query -generate-config-out` writes their
// configuration and import blocks, which plan only imports, apply, and plan
// empty; each result's resource equals the read after import
// (internal/workflowtest). The objects live on a controller of the test's
// own, so that a listing of the whole controller (models, clouds) finds
// only them. A list resource without a case fails the test.
func TestAccQueryGeneratedConfig(t *testing.T) {
	accPreCheck(t)
	addr, c := startController(sandboxtest.TB(t), 0, nil)
	p := workflowtest.Provider{Name: "orch", New: New("test"), Config: providerAt(addr)}
	cases := queryCases(c)
	// The models of a controller of their own: the other cases make models.
	modelsAddr, models := startController(sandboxtest.TB(t), 0, nil)
	cases["orch_model"] = workflowtest.QueryCase{
		ProviderConfig: providerAt(modelsAddr),
		Objects: func(t *testing.T) (string, int) {
			newModel(t, models, "dev")
			newModel(t, models, "prod")
			return `status = "available"`, 2
		},
	}
	workflowtest.TestQueries(t, p, cases)
}

// providerAt is a provider block for the controller at addr.
func providerAt(addr string) string {
	return fmt.Sprintf("provider \"orch\" {\n  controller_addresses = %q\n}\n", addr)
}

func queryCases(c *client.Client) map[string]workflowtest.QueryCase {
	ctx := context.Background()
	model := func(t *testing.T, suffix string) string { return newModel(t, c, uniqueName(t, suffix)).UUID }
	deploy := func(t *testing.T, uuid, name, charm string) {
		_, err := c.Deploy(ctx, uuid, api.ApplicationSpec{Name: name, Charm: api.CharmRef{Name: charm}})
		require.NoError(t, err)
	}
	return map[string]workflowtest.QueryCase{
		"orch_application": {
			Objects: func(t *testing.T) (string, int) {
				uuid := model(t, "")
				deploy(t, uuid, "postgresql", "postgresql")
				deploy(t, uuid, "mysql", "mysql")
				return fmt.Sprintf("model_uuid = %q", uuid), 2
			},
			// The resource holds both units and the machines they run on,
			// which exclude each other (the resource's Import section).
			Add: `machines = null`,
		},
		"orch_machine": {
			Objects: func(t *testing.T) (string, int) {
				uuid := model(t, "")
				for range 2 {
					_, err := c.AddMachine(ctx, uuid, api.CreateMachineRequest{Base: "ubuntu@22.04", Constraints: "cores=2"})
					require.NoError(t, err)
				}
				return fmt.Sprintf("model_uuid = %q", uuid), 2
			},
		},
		"orch_integration": {
			Objects: func(t *testing.T) (string, int) {
				uuid := model(t, "")
				deploy(t, uuid, "wordpress", "wordpress")
				deploy(t, uuid, "blog", "wordpress")
				deploy(t, uuid, "mysql", "mysql")
				for _, app := range []string{"wordpress", "blog"} {
					_, err := c.Integrate(ctx, uuid, api.CreateIntegrationRequest{Endpoints: []api.IntegrationEndpoint{
						{Application: app, Endpoint: "db"}, {Application: "mysql"},
					}})
					require.NoError(t, err)
				}
				return fmt.Sprintf("model_uuid = %q\napplication = \"mysql\"", uuid), 2
			},
		},
		"orch_offer": {
			Objects: func(t *testing.T) (string, int) {
				uuid := model(t, "")
				deploy(t, uuid, "mysql", "mysql")
				for _, name := range []string{"db", "db-admin"} {
					_, err := c.Offer(ctx, uuid, api.CreateOfferRequest{Name: name, ApplicationName: "mysql", Endpoints: []string{"mysql"}})
					require.NoError(t, err)
				}
				return fmt.Sprintf("model_uuid = %q", uuid), 2
			},
		},
		"orch_space": {
			Objects: func(t *testing.T) (string, int) {
				uuid := model(t, "")
				for _, name := range []string{"public", "management"} {
					_, err := c.CreateSpace(ctx, uuid, name)
					require.NoError(t, err)
				}
				return fmt.Sprintf("model_uuid = %q", uuid), 2
			},
		},
		"orch_secret": {
			Objects: func(t *testing.T) (string, int) {
				uuid := model(t, "")
				for _, name := range []string{"db-password", "api-token"} {
					_, err := c.AddSecret(ctx, uuid, api.CreateSecretRequest{Name: name, Value: map[string]string{"token": "query-s3cret"}, Info: "made out of band"})
					require.NoError(t, err)
				}
				return fmt.Sprintf("model_uuid = %q", uuid), 2
			},
			Add: `value = { token = "query-s3cret" }`,
		},
		"orch_access_secret": {
			Objects: func(t *testing.T) (string, int) {
				uuid := model(t, "")
				deploy(t, uuid, "ubuntu-a", "ubuntu-lite")
				deploy(t, uuid, "ubuntu-b", "ubuntu-lite")
				for i, name := range []string{"shared", "private", "unused"} {
					s, err := c.AddSecret(ctx, uuid, api.CreateSecretRequest{Name: name, Value: map[string]string{"token": "abc"}})
					require.NoError(t, err)
					apps := [][]string{{"ubuntu-a", "ubuntu-b"}, {"ubuntu-b"}, nil}[i]
					if apps != nil {
						_, err = c.SetSecretAccess(ctx, uuid, s.ID, apps)
						require.NoError(t, err)
					}
				}
				return fmt.Sprintf("model_uuid = %q", uuid), 2
			},
		},
		"orch_cloud": {
			Objects: func(t *testing.T) (string, int) {
				for _, name := range []string{"rack-1", "rack-2"} {
					_, err := c.AddCloud(ctx, api.CreateCloudRequest{Name: uniqueName(t, name), Type: "maas", AuthTypes: []string{"oauth1"},
						Endpoint: "https://maas.example.com/MAAS"})
					require.NoError(t, err)
				}
				return `type = "maas"`, 2
			},
		},
		"orch_credential": {
			Objects: func(t *testing.T) (string, int) {
				cloud := uniqueName(t, "")
				_, err := c.AddCloud(ctx, api.CreateCloudRequest{Name: cloud, Type: "lxd", AuthTypes: []string{"certificate"}})
				require.NoError(t, err)
				for _, name := range []string{"ops", "ci"} {
					_, err := c.AddCredential(ctx, cloud, api.CreateCredentialRequest{Name: name, AuthType: "certificate",
						Attributes: map[string]string{"client-cert": "cert", "client-key": "key-9c2e"}})
					require.NoError(t, err)
				}
				return fmt.Sprintf("cloud_name = %q", cloud), 2
			},
			Add: `attributes = { client-cert = "cert", client-key = "key-9c2e" }`,
		},
	}
}
