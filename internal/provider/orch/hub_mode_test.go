package orch

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
	"github.com/iacsuite/providers/internal/sandbox/sandboxtest"
)

// Security and mode rules of hub mode.

func TestAccHubMode_wrongClientSecretIsRefused(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      orchacc.HubProvider(orchacc.HubAddress, "", hubapi.DefaultAdminClientID, "not-the-secret-1234") + `resource "orch_hub_group" "g" { name = "never" }`,
			ExpectError: regexp.MustCompile(`(?s)refused the client credentials of\s+"hub-admin"\s+\(invalid_client\)`),
		}},
	})
}

// A token the hub holds expired is refused; the provider, which keeps one
// token per process, obtains a new one and goes on.
func TestAccHubMode_expiredTokenIsReplaced(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	clk := &testClock{now: time.Now()}
	address, _ := orchacc.ServeHub(sandboxtest.TB(t), clk.Now)
	provider := orchacc.HubProvider(address, "", hubapi.DefaultAdminClientID, orchacc.HubAdminSecret)
	group := func(name string) string {
		return provider + fmt.Sprintf("resource \"orch_hub_group\" \"g\" {\n  name = %q\n}\n", name)
	}
	// The provider's tokens of this hub (hubclient.SharedTokens, keyed as
	// the provider keys them), once the provider has made them.
	var tokens *hubclient.Tokens
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: group("before"),
				Check: func(*terraform.State) error {
					tokens = hubclient.SharedTokens(hubclient.SharedTokensKey([]string{address}, os.Getenv(EnvCACert)), "https://hub", hubapi.DefaultAdminClientID, orchacc.HubAdminSecret, nil)
					assert.Equal(t, 1, tokens.Grants(), "one token for every call of the first apply")
					// The hub's clock passes the token's expiry (an hour).
					clk.mu.Lock()
					clk.now = clk.now.Add(2 * time.Hour)
					clk.mu.Unlock()
					return nil
				},
			},
			{
				Config: group("after"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_hub_group.g", tfjsonpath.New("name"), knownvalue.StringExact("after")),
				},
				Check: func(*terraform.State) error {
					assert.Equal(t, 2, tokens.Grants(), "the refused token was replaced once")
					return nil
				},
			},
		},
	})
}

// A service account without a grant cannot create a model on a cloud; it
// can once orch_hub_access_cloud grants can_addmodel; the model lands on
// its target controller; and a revoked grant holds from the next request.
//
// The administrator's configuration (the grant) and the service account's
// (the models) are separate runs: one configuration cannot hold two
// configurations of a provider served in the test process.
func TestAccHubMode_cloudAccessAndTargetController(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	id, secret := orchacc.NewServiceAccount(t, orchacc.HubAdmin, "ci")
	name := orchacc.UniqueName(t, "")
	ci := orchacc.HubProvider(orchacc.HubAddress, "", id, secret)
	grant := orchacc.AdminProvider() + fmt.Sprintf(`
resource "orch_hub_access_cloud" "ci" {
  cloud_name       = "localhost"
  access           = "can_addmodel"
  service_accounts = [%q]
}
`, id)
	model := func(target string) string {
		return ci + fmt.Sprintf(`
resource "orch_model" "m" {
  name              = %q
  target_controller = %q
  cloud {
    name = "localhost"
  }
}
`, name, target)
	}
	modelOn := func(c *client.Client) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			uuid, err := orchacc.StateAttr(s, "orch_model.m", "uuid")
			require.NoError(t, err)
			m, err := c.Model(context.Background(), uuid)
			require.NoError(t, err, "the model is on the target controller")
			assert.Equal(t, name, m.Name)
			return nil
		}
	}
	refused := func() {
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: orchacc.ProviderFactories,
			Steps: []resource.TestStep{{
				Config:      model("west"),
				ExpectError: regexp.MustCompile(`(?s)has no can_addmodel access to the\s+cloud\s+"localhost"`),
			}},
		})
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				PreConfig: refused,
				Config:    grant,
				Check: func(*terraform.State) error {
					resource.Test(t, resource.TestCase{
						ProtoV6ProviderFactories: orchacc.ProviderFactories,
						Steps: []resource.TestStep{
							{
								Config: model("west"),
								ConfigStateChecks: []statecheck.StateCheck{
									statecheck.ExpectKnownValue("orch_model.m", tfjsonpath.New("owner"), knownvalue.StringExact(id+"@serviceaccount")),
								},
								Check: modelOn(orchacc.WestAPI),
							},
							{Config: model("west"), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
							{ResourceName: "orch_model.m", ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"target_controller", "cloud"}},
							// Another target controller replaces the model.
							{
								Config:           model("east"),
								ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("orch_model.m", plancheck.ResourceActionDestroyBeforeCreate)}},
								Check:            modelOn(orchAPI),
							},
							// Without target_controller in state (as after an import),
							// naming a controller records it, if it is the model's.
							{Config: strings.Replace(model("east"), `target_controller = "east"`, "", 1)},
							{Config: model("west"), ExpectError: regexp.MustCompile(`(?s)The model is on another controller.*is on the controller\s+east,\s+not\s+west`)},
							{Config: model("east"), Check: modelOn(orchAPI)},
						},
					})
					return nil
				},
			},
			// The grant goes; from the next request on, no model can be added.
			{
				Config: orchacc.AdminProvider(),
				Check: func(*terraform.State) error {
					refused()
					return nil
				},
			},
		},
	})
}

func TestAccHubMode_modeRules(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	for name, tc := range map[string]struct{ config, want string }{
		// Direct mode (the environment's username and password).
		"hub resource in direct mode": {
			config: `resource "orch_hub_group" "g" { name = "devs" }`,
			want:   `(?s)orch_hub_group needs hub mode.*set client_id and\s+client_secret`,
		},
		"hub data source in direct mode": {
			config: `data "orch_hub_role" "r" { name = "ops" }`,
			want:   `(?s)data.orch_hub_role needs hub mode`,
		},
		"target_controller in direct mode": {
			config: `resource "orch_model" "m" {
  name              = "m"
  target_controller = "west"
}`,
			// upstream's key phrase, which users search for
			want: `(?s)target_controller needs hub mode.*The\s+following\s+field\(s\)\s+can\s+only\s+be\s+set\s+when\s+using\s+JAAS.*\[target_controller\]`,
		},
		// A controller's clouds are not managed through the hub, but for
		// container clusters on a cloud the hub knows.
		"cloud in hub mode": {
			config: orchacc.AdminProvider() + `resource "orch_cloud" "c" {
  name       = "private"
  type       = "manual"
  auth_types = ["empty"]
  endpoint   = "https://10.0.0.1:8443"
}`,
			want: `(?s)orch_cloud is not available in hub mode:.*adds\s+only\s+container-cluster\s+clouds.*orch_cluster_cloud`,
		},
		"credential in hub mode": {
			config: orchacc.AdminProvider() + `resource "orch_credential" "c" {
  name      = "cred"
  auth_type = "certificate"
  cloud {
    name = "localhost"
  }
}`,
			want: `(?s)orch_credential is not available in hub mode:.*does\s+not\s+store\s+credentials`,
		},
		// Controller access and users are the controller's; the hub grants
		// access with its own resources. Upstream's key phrase is kept.
		"model access in hub mode": {
			config: orchacc.AdminProvider() + `resource "orch_access_model" "a" {
  model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  access     = "read"
  users      = ["bob"]
}`,
			want: `(?s)orch_access_model is not available in hub mode:.*This\s+resource\s+is\s+not\s+supported\s+with\s+JAAS.*orch_hub_access_model`,
		},
		"offer access in hub mode": {
			config: orchacc.AdminProvider() + `resource "orch_access_offer" "a" {
  offer_url = "admin/db.mysql"
  consume   = ["bob"]
}`,
			want: `(?s)orch_access_offer is not available in hub mode:.*This\s+resource\s+is\s+not\s+supported\s+with\s+JAAS.*orch_hub_access_offer`,
		},
		"user in hub mode": {
			config: orchacc.AdminProvider() + `resource "orch_user" "u" {
  name     = "bob"
  password = "a-long-enough-password"
}`,
			want: `(?s)orch_user is not available in hub mode:.*This\s+resource\s+is\s+not\s+supported\s+with\s+JAAS.*identity\s+provider`,
		},
		"cluster cloud without parent_cloud_name in hub mode": {
			config: orchacc.AdminProvider() + `resource "orch_cluster_cloud" "k" {
  name = "k8s"
}`,
			// upstream's phrase, which users search for, then the hub's name
			want: `(?s)Field\s+.parent_cloud_name.\s+must\s+be\s+specified\s+when\s+applying\s+to\s+a\s+JAAS\s+\(the\s+hub:\s+hub\s+mode\):.*places\s+the\s+cluster\s+cloud.*controller\s+that\s+has\s+its\s+parent\s+cloud`,
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				// At plan time: nothing is applied.
				Steps: []resource.TestStep{{Config: tc.config, PlanOnly: true, ExpectError: regexp.MustCompile(tc.want)}},
			})
		})
	}
}
