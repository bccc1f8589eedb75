package orch

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	sandbox "github.com/iacsuite/providers/internal/sandbox/orch"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
	"github.com/iacsuite/providers/internal/sandbox/store"
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
	model := newCaaSModel(t, orchacc.UniqueName(t, ""))
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
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
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
				ImportStateIdFunc: orchacc.ImportID("orch_application.app", "model_uuid", "name"),
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
	model := newCaaSModel(t, orchacc.UniqueName(t, ""))
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
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
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

// recorder keeps the bodies of the requests a controller receives: what
// reached the service, where the controller never answers a value (a
// registry password).
type recorder struct {
	mu     sync.Mutex
	bodies strings.Builder
}

func (r *recorder) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.Body != nil {
			b, _ := io.ReadAll(req.Body)
			r.mu.Lock()
			r.bodies.Write(b)
			r.bodies.WriteByte('\n')
			r.mu.Unlock()
			req.Body = io.NopCloser(bytes.NewReader(b))
		}
		h.ServeHTTP(w, req)
	})
}

func (r *recorder) received(s string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Contains(r.bodies.String(), s)
}

// startRecordingController serves a controller of the test's own whose
// requests are recorded.
func startRecordingController(t *testing.T) (string, *client.Client, *recorder) {
	t.Helper()
	rec := &recorder{}
	base := acctest.StartSandbox(sandboxtest.TB(t), "orch", func(st *store.Store) (http.Handler, error) {
		h, err := sandbox.New(sandbox.Config{Store: st, AdminPassword: orchacc.AdminPassword})
		if err != nil {
			return nil, err
		}
		return rec.wrap(h), nil
	})
	u, err := url.Parse(base)
	require.NoError(t, err)
	c, err := client.New(client.Config{Addresses: []string{u.Host}, Username: "admin", Password: orchacc.AdminPassword})
	require.NoError(t, err)
	return u.Host, c, rec
}

// A write-only registry password reaches the controller with every change
// of the application, is in neither the plan, the state nor the TRACE log,
// and a new version sends a new one with no other diff.
func TestAccApplication_registryPasswordWriteOnly(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformWriteOnly, "write-only arguments")
	t.Parallel()
	ctx := context.Background()
	addr, c, rec := startRecordingController(t)
	m, err := c.CreateModel(ctx, api.CreateModelRequest{Name: "wo-registry", Cloud: "microk8s"})
	require.NoError(t, err)
	const res = "orch_application.app"
	const one, two, unseen, three, four = "wo-registry-pw-one-4b1c", "wo-registry-pw-two-9e2a", "wo-registry-pw-unseen-77d0", "wo-registry-pw-three-0c5f", "wo-registry-pw-four-d8e3"
	config := func(name string, version int) string {
		return fmt.Sprintf(`
provider "orch" {
  controller_addresses = %q
}

variable "password" {
  type      = string
  ephemeral = true
  sensitive = true
}
`, addr) + applicationConfig(m.UUID, fmt.Sprintf(`
  name = %q
  charm {
    name = "coredns"
  }
  resources = {
    coredns-image = "registry.local:5000/team/coredns:1"
  }
  registry_credentials = {
    "registry.local:5000" = { username = "robot", password_wo = var.password, password_wo_version = %d }
  }
`, name, version))
	}
	sent := func(password string) resource.TestCheckFunc {
		return func(*terraform.State) error {
			if !rec.received(password) {
				return fmt.Errorf("the controller never received the password %s…", password[:14])
			}
			app, err := c.Application(ctx, m.UUID, "dns")
			require.NoError(t, err)
			require.Equal(t, "registry.local:5000", app.Resources["coredns-image"].RegistryCredential, "registry credential applied")
			return nil
		}
	}
	nowhere := []statecheck.StateCheck{
		acctest.StateLacks(one, two, unseen),
		statecheck.ExpectKnownValue(res, tfjsonpath.New("registry_credentials").AtMapKey("registry.local:5000").AtMapKey("password"), knownvalue.Null()),
		statecheck.ExpectKnownValue(res, tfjsonpath.New("registry_credentials").AtMapKey("registry.local:5000").AtMapKey("password_wo"), knownvalue.Null()),
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:          config("dns", 1),
				ConfigVariables: passwordVariable(one),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(res, plancheck.ResourceActionCreate), acctest.PlanLacks(one),
				}},
				ConfigStateChecks: nowhere,
				Check:             sent(one),
			},
			{
				Config:           config("dns", 1),
				ConfigVariables:  passwordVariable(unseen),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check: func(*terraform.State) error {
					if rec.received(unseen) {
						return fmt.Errorf("a new password without a new version was sent")
					}
					return nil
				},
			},
			{
				Config:          config("dns", 2),
				ConfigVariables: passwordVariable(two),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					acctest.ExpectOnlyChanged(res, "registry_credentials"), acctest.PlanLacks(one, two),
				}},
				ConfigStateChecks: append(nowhere, statecheck.ExpectKnownValue(res,
					tfjsonpath.New("registry_credentials").AtMapKey("registry.local:5000").AtMapKey("password_wo_version"), knownvalue.Int64Exact(2))),
				Check: sent(two),
			},
		},
	})

	// The TRACE logs of Terraform and of the provider have neither the
	// password of the create nor that of a rotation.
	run := acctest.NewPluginRun(t, "orch", config("dns-trace", 1))
	logs := run.MustRun(ctx, []string{"TF_LOG=TRACE", "TF_VAR_password=" + three}, "apply", "-auto-approve", "-input=false", "-no-color")
	run.SetConfig(config("dns-trace", 2))
	logs += run.MustRun(ctx, []string{"TF_LOG=TRACE", "TF_VAR_password=" + four}, "apply", "-auto-approve", "-input=false", "-no-color")
	require.True(t, rec.received(three) && rec.received(four), "the controller received both passwords")
	require.Contains(t, logs, "password_wo", "the TRACE log shows the write-only argument's name, so it proves something")
	acctest.Lacks(t, "TRACE log", logs, three, four)
	acctest.Lacks(t, "state", run.MustRun(ctx, nil, "show", "-json"), three, four)
	run.MustRun(ctx, []string{"TF_VAR_password=" + four}, "destroy", "-auto-approve", "-input=false", "-no-color")
}

func TestAccApplication_registryPasswordOrPasswordWO(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformWriteOnly, "write-only arguments")
	t.Parallel()
	const model = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
	for name, tc := range map[string]struct{ cred, want string }{
		"both":         {`password = "p1-long", password_wo = "p2-long", password_wo_version = 1`, `registry_credentials["r.example"]: give exactly one of password (kept in the state) and password_wo`},
		"neither":      {``, `registry_credentials["r.example"]: give exactly one of password (kept in the state) and password_wo`},
		"no version":   {`password_wo = "p2-long"`, `registry_credentials["r.example"]: password_wo and password_wo_version go together`},
		"version only": {`password = "p1-long", password_wo_version = 1`, `registry_credentials["r.example"]: password_wo and password_wo_version go together`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config: applicationConfig(model, `
  name = "dns"
  charm {
    name = "coredns"
  }
  registry_credentials = {
    "r.example" = { username = "robot"`+strings.TrimSuffix(", "+tc.cred, ", ")+` }
  }
`),
					PlanOnly:    true,
					ExpectError: acctest.ErrorMatching(tc.want),
				}},
			})
		})
	}
}
