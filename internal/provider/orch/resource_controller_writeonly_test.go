package orch

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/config"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/client/orchcli"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

func controllerWOConfig(binary, name string, keyVersion, adminVersion int) string {
	return fmt.Sprintf(`
provider "orch" {
  controller_mode = true
}

variable "client_key" {
  type      = string
  ephemeral = true
  sensitive = true
}

variable "admin_secret" {
  type      = string
  ephemeral = true
  sensitive = true
}

resource "orch_controller" "c" {
  name        = %q
  orch_binary = %q
  cloud = {
    name       = "localhost"
    type       = "lxd"
    auth_types = ["certificate"]
  }
  cloud_credential = {
    name                  = "ops"
    auth_type             = "certificate"
    attributes_wo         = { client-cert = "cert-data", client-key = var.client_key }
    attributes_wo_version = %d
  }
  admin_secret_wo         = var.admin_secret
  admin_secret_wo_version = %d
}
`, name, binary, keyVersion, adminVersion)
}

func controllerWOVariables(key, admin string) config.Variables {
	return config.Variables{"client_key": config.StringVariable(key), "admin_secret": config.StringVariable(admin)}
}

// controllerHolds checks that the controller the CLI describes takes the
// admin password admin (and no longer refused) and holds the credential
// key key.
func controllerHolds(t *testing.T, binary, name, admin, key string, refused ...string) {
	t.Helper()
	ctx := context.Background()
	det, err := orchcli.New(binary).ShowController(ctx, name)
	require.NoError(t, err)
	require.Equal(t, admin, det.Password, "the CLI's records have the admin password")
	c, err := client.New(client.Config{Addresses: det.APIAddresses, Username: det.Username, Password: admin, CACertificate: det.CACert})
	require.NoError(t, err)
	_, err = c.Login(ctx)
	require.NoError(t, err, "the controller takes the admin password")
	cred, err := c.Credential(ctx, "localhost", "admin", "ops")
	require.NoError(t, err)
	require.Equal(t, map[string]string{"client-cert": "cert-data", "client-key": key}, cred.Attributes)
	for _, old := range refused {
		o, err := client.New(client.Config{Addresses: det.APIAddresses, Username: det.Username, Password: old, CACertificate: det.CACert})
		require.NoError(t, err)
		_, err = o.Login(ctx)
		require.Error(t, err, "an old admin password still logs in")
	}
}

// The cloud credential's attributes and the admin password, given
// write-only, reach the controller (through the CLI) and are in neither the
// plan, the state nor the TRACE log; a new version of either changes it in
// place with no other diff.
func TestAccController_writeOnly(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformWriteOnly, "write-only arguments")
	t.Parallel()
	ctx := context.Background()
	binary, data := orchBinaryFor(t)
	const name, res = "acc-wo", "orch_controller.c"
	const key1, key2, admin1, admin2, unseen = "wo-client-key-one-61b0", "wo-client-key-two-2f9d", "wo-admin-one-8a4c", "wo-admin-two-c71e", "wo-unseen-value-3d5a"
	nowhere := func(extra ...string) []statecheck.StateCheck {
		return []statecheck.StateCheck{
			acctest.StateLacks(append([]string{key1, key2, admin1, admin2, unseen}, extra...)...),
			statecheck.ExpectKnownValue(res, tfjsonpath.New("password"), knownvalue.Null()),
			statecheck.ExpectKnownValue(res, tfjsonpath.New("admin_secret_wo"), knownvalue.Null()),
			statecheck.ExpectKnownValue(res, tfjsonpath.New("cloud_credential").AtMapKey("attributes"), knownvalue.Null()),
			statecheck.ExpectKnownValue(res, tfjsonpath.New("cloud_credential").AtMapKey("attributes_wo"), knownvalue.Null()),
		}
	}
	holds := func(admin, key string, refused ...string) resource.TestCheckFunc {
		return func(*terraform.State) error {
			controllerHolds(t, binary, name, admin, key, refused...)
			return nil
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		CheckDestroy:             func(*terraform.State) error { return controllerGone(data, name) },
		Steps: []resource.TestStep{
			{
				Config:          controllerWOConfig(binary, name, 1, 1),
				ConfigVariables: controllerWOVariables(key1, admin1),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(res, plancheck.ResourceActionCreate), acctest.PlanLacks(key1, admin1),
				}},
				ConfigStateChecks: nowhere(),
				Check:             holds(admin1, key1),
			},
			// New values without new versions are not seen.
			{
				Config:           controllerWOConfig(binary, name, 1, 1),
				ConfigVariables:  controllerWOVariables(unseen, unseen),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check:            holds(admin1, key1),
			},
			// A new admin version changes the password in place, nothing else.
			{
				Config:          controllerWOConfig(binary, name, 1, 2),
				ConfigVariables: controllerWOVariables(key1, admin2),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					acctest.ExpectOnlyChanged(res, "admin_secret_wo_version"), acctest.PlanLacks(key1, admin1, admin2),
				}},
				ConfigStateChecks: nowhere(),
				Check:             holds(admin2, key1, admin1),
			},
			// A new credential version updates the credential in place.
			{
				Config:          controllerWOConfig(binary, name, 2, 2),
				ConfigVariables: controllerWOVariables(key2, admin2),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					acctest.ExpectOnlyChanged(res, "cloud_credential"), acctest.PlanLacks(key1, key2, admin2),
				}},
				ConfigStateChecks: nowhere(),
				Check:             holds(admin2, key2),
			},
			{
				Config:           controllerWOConfig(binary, name, 2, 2),
				ConfigVariables:  controllerWOVariables(key2, admin2),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})

	// The TRACE logs of Terraform and of the provider (a process of its own)
	// have neither the values of the bootstrap nor those of a rotation.
	const key3, key4, admin3, admin4 = "wo-client-key-three-0e7b", "wo-client-key-four-94ac", "wo-admin-three-5b2f", "wo-admin-four-e813"
	const traced = "acc-wo-trace"
	run := acctest.NewPluginRun(t, "orch", controllerWOConfig(binary, traced, 1, 1))
	vars := func(key, admin string) []string {
		return []string{"TF_LOG=TRACE", "TF_VAR_client_key=" + key, "TF_VAR_admin_secret=" + admin}
	}
	logs := run.MustRun(ctx, vars(key3, admin3), "apply", "-auto-approve", "-input=false", "-no-color")
	run.SetConfig(controllerWOConfig(binary, traced, 2, 2))
	logs += run.MustRun(ctx, vars(key4, admin4), "apply", "-auto-approve", "-input=false", "-no-color")
	controllerHolds(t, binary, traced, admin4, key4, admin3)
	require.Contains(t, logs, "admin_secret_wo", "the TRACE log shows the write-only argument's name, so it proves something")
	acctest.Lacks(t, "TRACE log", logs, key3, key4, admin3, admin4)
	acctest.Lacks(t, "state", run.MustRun(ctx, nil, "show", "-json"), key3, key4, admin3, admin4)
	run.MustRun(ctx, vars(key4, admin4), "destroy", "-auto-approve", "-input=false", "-no-color")
}

func TestAccController_writeOnlyRefusals(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformWriteOnly, "write-only arguments")
	t.Parallel()
	binary, _ := orchBinaryFor(t)
	cred := func(body string) string {
		return `cloud_credential = { name = "ops", auth_type = "certificate"` + body + ` }`
	}
	for name, tc := range map[string]struct{ body, want string }{
		"both attributes":    {cred(`, attributes = { k = "a" }, attributes_wo = { k = "b" }, attributes_wo_version = 1`), `cloud_credential: give exactly one of attributes (kept in the state) and attributes_wo`},
		"neither attributes": {cred(``), `cloud_credential: give exactly one of attributes (kept in the state) and attributes_wo`},
		"no version":         {cred(`, attributes_wo = { k = "b" }`), `cloud_credential: attributes_wo and attributes_wo_version go together`},
		"two admin passwords": {cred(`, attributes = { k = "a" }`) + "\n" + `bootstrap_config = { "admin-secret" = "long-enough-1" }` + "\n" +
			`admin_secret_wo = "long-enough-2"` + "\n" + `admin_secret_wo_version = 1`, `admin_secret_wo and bootstrap_config["admin-secret"] both set the admin password`},
		"admin no version": {cred(`, attributes = { k = "a" }`) + "\n" + `admin_secret_wo = "long-enough-2"`, `These attributes must be configured together: [admin_secret_wo,admin_secret_wo_version]`},
		"short admin":      {cred(`, attributes = { k = "a" }`) + "\n" + `admin_secret_wo = "short"` + "\n" + `admin_secret_wo_version = 1`, `string length must be at least 8`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config: fmt.Sprintf(`
provider "orch" {
  controller_mode = true
}

resource "orch_controller" "c" {
  orch_binary = %q
  cloud = {
    name       = "localhost"
    type       = "lxd"
    auth_types = ["certificate"]
  }
  %s
}
`, binary, tc.body),
					PlanOnly:    true,
					ExpectError: acctest.ErrorMatching(tc.want),
				}},
			})
		})
	}
}
