package orch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	cliapi "github.com/iacsuite/providers/internal/api/orchcli"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/client/orchcli"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
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
	addr, c := orchacc.StartController(sandboxtest.TB(t), 0, nil)
	p := workflowtest.Provider{Name: "orch", New: New("test"), Config: providerAt(addr)}
	cases := queryCases(c)
	// The models of a controller of their own: the other cases make models.
	modelsAddr, models := orchacc.StartController(sandboxtest.TB(t), 0, nil)
	cases["orch_model"] = workflowtest.QueryCase{
		ProviderConfig: providerAt(modelsAddr),
		Objects: func(t *testing.T) (string, int) {
			newModel(t, models, "dev")
			newModel(t, models, "prod")
			return `status = "available"`, 2
		},
	}
	// The users of a controller of their own: the access cases add users.
	usersAddr, users := orchacc.StartController(sandboxtest.TB(t), 0, nil)
	cases["orch_user"] = workflowtest.QueryCase{
		ProviderConfig: providerAt(usersAddr),
		Objects: func(t *testing.T) (string, int) {
			for _, name := range []string{"ann", "ben"} {
				_, err := users.CreateUser(context.Background(), api.CreateUserRequest{Name: name, DisplayName: "Made out of band", Password: "query-user-pw"})
				require.NoError(t, err)
			}
			// The controller's admin (superuser) is left out.
			return `access = "login"`, 2
		},
		// The password is never read back: the user fills it in, and the
		// first apply records it.
		Add:     `password = "query-user-pw"`,
		Records: "password",
	}
	// The cluster config is a local file the controller does not keep: the
	// user names it in the generated configuration, and the first apply
	// records it without replacing the cloud.
	kubePath := filepath.Join(t.TempDir(), "kubeconfig.yaml")
	require.NoError(t, os.WriteFile(kubePath, []byte(kubeconfig), 0o600))
	cases["orch_cluster_cloud"] = workflowtest.QueryCase{
		Objects: func(t *testing.T) (string, int) {
			for _, name := range []string{"k8s-a", "k8s-b"} {
				_, err := c.AddCloud(context.Background(), api.CreateCloudRequest{Name: orchacc.UniqueName(t, name), Type: api.CloudTypeKubernetes,
					Kubernetes: &api.CreateKubernetesCloud{Config: kubeconfig, ParentCloudName: "localhost", ParentCloudRegion: "localhost", StorageClassName: "standard"}})
				require.NoError(t, err)
			}
			return `parent_cloud_name = "localhost"`, 2
		},
		Add:     fmt.Sprintf("cluster_config = %q", kubePath),
		Records: "cluster_config",
	}
	// The controllers that a CLI of the test's own knows, bootstrapped with
	// it (out of band).
	binary, _ := orchBinaryFor(t)
	cases["orch_controller"] = workflowtest.QueryCase{
		ProviderConfig: "provider \"orch\" {\n  controller_mode = true\n}\n",
		Objects: func(t *testing.T) (string, int) {
			for _, name := range []string{"query-a", "query-b"} {
				_, err := orchcli.New(binary).Bootstrap(context.Background(), orchcli.BootstrapRequest{
					Name:             name,
					Cloud:            cliapi.CloudSpec{Name: "localhost", Type: "lxd", AuthTypes: []string{"certificate"}},
					Credential:       cliapi.CredentialSpec{Name: "ops", AuthType: "certificate", Attributes: map[string]string{"client-cert": "cert-data", "client-key": "key-data-5e2a"}},
					ControllerConfig: map[string]string{"audit-log-max-backups": "4"},
				})
				require.NoError(t, err)
			}
			return fmt.Sprintf("orch_binary = %q", binary), 2
		},
		// The CLI does not record the credential's attributes (secrets).
		Add: `cloud_credential = { name = "ops", auth_type = "certificate", attributes = { client-cert = "cert-data", client-key = "key-data-5e2a" } }`,
	}
	// The hub's list resources, each in a hub of its own.
	for typ, hubCase := range hubQueryCases {
		cases[typ] = hubCase(t)
	}
	workflowtest.TestQueries(t, p, cases)
}

// providerAt is a provider block for the controller at addr.
func providerAt(addr string) string {
	return fmt.Sprintf("provider \"orch\" {\n  controller_addresses = %q\n}\n", addr)
}

func queryCases(c *client.Client) map[string]workflowtest.QueryCase {
	ctx := context.Background()
	model := func(t *testing.T, suffix string) string { return newModel(t, c, orchacc.UniqueName(t, suffix)).UUID }
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
						{Application: app, Endpoint: "db"}, {Application: "mysql", Endpoint: "mysql"},
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
		"orch_subnet": {
			Objects: func(t *testing.T) (string, int) {
				uuid := model(t, "")
				for space, cidrs := range map[string][]string{"public": {"10.150.1.0/24", "fd42:150::/64"}, "management": {"192.168.100.0/24"}} {
					_, err := c.CreateSpace(ctx, uuid, space)
					require.NoError(t, err)
					_, err = c.MoveSubnets(ctx, uuid, space, cidrs...)
					require.NoError(t, err)
				}
				// The subnets still in alpha are not listed.
				return fmt.Sprintf("model_uuid = %q\nspace_name = \"public\"", uuid), 2
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
		"orch_ssh_key": {
			Objects: func(t *testing.T) (string, int) {
				uuid := model(t, "")
				for _, k := range []string{testKey, otherKey} {
					_, err := c.AddSSHKey(ctx, uuid, k)
					require.NoError(t, err)
				}
				return fmt.Sprintf("model_uuid = %q", uuid), 2
			},
		},
		"orch_storage_pool": {
			Objects: func(t *testing.T) (string, int) {
				uuid := model(t, "")
				for _, name := range []string{"fast", "cold"} {
					_, err := c.AddStoragePool(ctx, uuid, api.CreateStoragePoolRequest{Name: name, Provider: "lxd", Attributes: map[string]string{"zfs.pool_name": name}})
					require.NoError(t, err)
				}
				return fmt.Sprintf("model_uuid = %q", uuid), 2
			},
		},
		"orch_access_model": {
			Objects: func(t *testing.T) (string, int) {
				uuid := model(t, "")
				for i, level := range []string{"read", "write", "read"} {
					user := newUser(t, c, fmt.Sprintf("%s-%d", level, i))
					_, err := c.GrantModelAccess(ctx, uuid, user, level)
					require.NoError(t, err)
				}
				return fmt.Sprintf("model_uuid = %q", uuid), 2
			},
		},
		"orch_access_offer": {
			Objects: func(t *testing.T) (string, int) {
				uuid := model(t, "")
				deploy(t, uuid, "mysql", "mysql")
				for i, name := range []string{"db", "db-admin", "db-unshared"} {
					o, err := c.Offer(ctx, uuid, api.CreateOfferRequest{Name: name, ApplicationName: "mysql", Endpoints: []string{"mysql"}})
					require.NoError(t, err)
					if i < 2 {
						_, err = c.GrantOfferAccess(ctx, o.URL, newUser(t, c, name), []string{"consume", "read"}[i])
						require.NoError(t, err)
					}
				}
				return fmt.Sprintf("model_uuid = %q", uuid), 2
			},
		},
		"orch_secret_backend": {
			Objects: func(t *testing.T) (string, int) {
				for _, name := range []string{"vault-a", "vault-b"} {
					_, err := c.AddSecretBackend(ctx, api.CreateSecretBackendRequest{Name: orchacc.UniqueName(t, name), BackendType: "vault",
						TokenRotateInterval: "2h", Config: map[string]string{"endpoint": "https://vault.example.com:8200", "token": "s.query"}})
					require.NoError(t, err)
				}
				_, err := c.AddSecretBackend(ctx, api.CreateSecretBackendRequest{Name: orchacc.UniqueName(t, "k8s"), BackendType: "kubernetes",
					Config: map[string]string{"endpoint": "https://10.0.0.1:6443"}})
				require.NoError(t, err)
				return `backend_type = "vault"`, 2
			},
			Add: `config = { endpoint = "https://vault.example.com:8200", token = "s.query" }`,
		},
		"orch_cloud": {
			Objects: func(t *testing.T) (string, int) {
				for _, name := range []string{"rack-1", "rack-2"} {
					_, err := c.AddCloud(ctx, api.CreateCloudRequest{Name: orchacc.UniqueName(t, name), Type: "maas", AuthTypes: []string{"oauth1"},
						Endpoint: "https://maas.example.com/MAAS"})
					require.NoError(t, err)
				}
				return `type = "maas"`, 2
			},
		},
		"orch_credential": {
			Objects: func(t *testing.T) (string, int) {
				cloud := orchacc.UniqueName(t, "")
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

// newUser makes a user of the controller (out of band) named after the
// test and suffix, and removes it when the test ends.
func newUser(t *testing.T, c *client.Client, suffix string) string {
	t.Helper()
	name := orchacc.UniqueName(t, suffix)
	_, err := c.CreateUser(context.Background(), api.CreateUserRequest{Name: name, Password: "made-out-of-band"})
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.RemoveUser(context.Background(), name) })
	return name
}
