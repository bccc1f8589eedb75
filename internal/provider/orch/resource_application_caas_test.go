package orch

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
)

// newCaaSModel creates a model on the container-cluster cloud microk8s.
func newCaaSModel(t *testing.T, name string) api.Model {
	t.Helper()
	m, err := orchAPI.CreateModel(context.Background(), api.CreateModelRequest{Name: name, Cloud: "microk8s"})
	require.NoError(t, err)
	require.Equal(t, api.ModelTypeCAAS, m.Type)
	t.Cleanup(func() {
		if err := orchAPI.DestroyModel(context.Background(), m.UUID); err != nil && !client.IsNotFound(err) {
			t.Logf("removing model %s: %v", name, err)
		}
	})
	return m
}

// Registry credentials apply to an OCI image resource only when the key is
// the image minus its tag, or its host (with the port it has) or a leading
// path of it; a key that is only a prefix of the host or host:port does
// not.
func TestAccApplication_registryCredentials(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newCaaSModel(t, uniqueName(t, ""))
	config := func(creds string) string {
		return applicationConfig(model.UUID, fmt.Sprintf(`
  name = "dns"
  charm {
    name = "coredns"
  }
  resources = {
    coredns-image = "registry.local:5000/team/coredns:1"
  }
  registry_credentials = {
%s
  }
`, creds))
	}
	prefixes := `    "registry.local" = { username = "u1", password = "pw-host-without-port" }
    "registry.loc"   = { username = "u2", password = "pw-prefix-of-host" }`
	hostPort := `    "registry.local:5000" = { username = "u3", password = "pw-host-and-port" }`
	applied := func(want string) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			app := applicationAt(t, s)
			require.Equal(t, want, app.Resources["coredns-image"].RegistryCredential, "registry credential applied")
			for k, c := range app.RegistryCredentials {
				require.Empty(t, c.Password, "the controller answered the password of %s", k)
			}
			return nil
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config(prefixes),
				Check:  applied(""),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("registry_credentials").AtMapKey("registry.loc").AtMapKey("password"), knownvalue.StringExact("pw-prefix-of-host")),
				},
			},
			{
				Config:           config(prefixes),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config: config(hostPort),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_application.app", plancheck.ResourceActionUpdate),
				}},
				Check: applied("registry.local:5000"),
			},
			{
				Config:           config(hostPort),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config:            config(hostPort),
				ResourceName:      "orch_application.app",
				ImportState:       true,
				ImportStateIdFunc: importID("orch_application.app", "model_uuid", "name"),
				ImportStateVerify: true,
				// Passwords are never answered, so an import cannot have them.
				ImportStateVerifyIgnore: []string{"registry_credentials.registry.local:5000.password", "registry_credentials.%"},
			},
		},
	})
}

// On a caas model a base change refreshes the application in place (on iaas
// it replaces it); the revision follows the base when the configuration
// does not pin one.
func TestAccApplication_caasBaseRefresh(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newCaaSModel(t, uniqueName(t, ""))
	config := func(charm string) string {
		return applicationConfig(model.UUID, `
  name  = "dns"
  units = 1
  charm {
    name    = "coredns"
    channel = "latest/stable"
`+charm+`
  }
`)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config(`    revision = 191
    base     = "ubuntu@22.04"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("model_type"), knownvalue.StringExact("caas")),
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("machines"), knownvalue.SetSizeExact(0)),
				},
			},
			// Revision 191 has no ubuntu@24.04: the channel's revision for
			// that base (199) is taken, in place.
			{
				Config: config(`    base = "ubuntu@24.04"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_application.app", plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue("orch_application.app", tfjsonpath.New("charm").AtSliceIndex(0).AtMapKey("revision")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("charm").AtSliceIndex(0).AtMapKey("revision"), knownvalue.Int64Exact(199)),
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("charm").AtSliceIndex(0).AtMapKey("base"), knownvalue.StringExact("ubuntu@24.04")),
				},
				Check: func(s *terraform.State) error {
					app := applicationAt(t, s)
					require.Equal(t, "ubuntu@24.04", app.Charm.Base)
					require.Equal(t, 199, app.Charm.Revision)
					return nil
				},
			},
			{
				Config:           config(`    base = "ubuntu@24.04"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}
