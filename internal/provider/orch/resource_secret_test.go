package orch

import (
	"context"
	"fmt"
	"regexp"
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
	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

func secretConfig(modelUUID, name, value string) string {
	return fmt.Sprintf(`
resource "orch_secret" "s" {
  model_uuid = %q
  name       = %q
  value      = { password = %q }
  info       = "database password"
}
`, modelUUID, name, value)
}

func TestAccSecret_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	var id string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: secretConfig(model.UUID, "db-password", "s3cret-one"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_secret.s", tfjsonpath.New("secret_uri"), knownvalue.StringRegexp(regexp.MustCompile(`^secret:[a-z0-9]{20}$`))),
				},
				Check: func(s *terraform.State) error {
					id, _ = orchacc.StateAttr(s, "orch_secret.s", "secret_id")
					got, err := orchAPI.Secret(context.Background(), model.UUID, id, true)
					require.NoError(t, err)
					require.Equal(t, map[string]string{"password": "s3cret-one"}, got.Value)
					return nil
				},
			},
			{
				Config:           secretConfig(model.UUID, "db-password", "s3cret-one"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			// A new value and name change in place; the value makes a new revision.
			{
				Config: secretConfig(model.UUID, "db-pass", "s3cret-two"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_secret.s", plancheck.ResourceActionUpdate),
				}},
				Check: func(s *terraform.State) error {
					got, err := orchAPI.Secret(context.Background(), model.UUID, id, true)
					require.NoError(t, err)
					require.Equal(t, "db-pass", got.Name)
					require.Equal(t, 2, got.Revision)
					return nil
				},
			},
			{
				Config:            secretConfig(model.UUID, "db-pass", "s3cret-two"),
				ResourceName:      "orch_secret.s",
				ImportState:       true,
				ImportStateId:     model.UUID + ":db-pass",
				ImportStateVerify: true,
			},
			// Another model replaces the secret.
			{
				Config: secretConfig(newModel(t, orchAPI, orchacc.UniqueName(t, "b")).UUID, "db-pass", "s3cret-two"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_secret.s", plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
		},
	})
}

func TestAccSecret_removedBehindTerraform(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: secretConfig(model.UUID, "token", "abc")},
			{
				Config: secretConfig(model.UUID, "token", "abc"),
				PreConfig: func() {
					s, err := orchAPI.SecretByName(context.Background(), model.UUID, "token")
					require.NoError(t, err)
					require.NoError(t, orchAPI.RemoveSecret(context.Background(), model.UUID, s.ID))
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_secret.s", plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

func TestAccSecret_badInput(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	const model = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
	for name, tc := range map[string]struct{ body, want string }{
		"empty value": {`name = "x"` + "\n" + `value = {}`, `value map must contain at least 1 elements`},
		"value key":   {`name = "x"` + "\n" + `value = { "A" = "b" }`, `must be lower-case letters, digits and single hyphens`},
		"name":        {`name = "Bad Name"` + "\n" + `value = { abc = "b" }`, `name must be lower-case`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      fmt.Sprintf("resource \"orch_secret\" \"s\" {\n model_uuid = %q\n%s\n}", model, tc.body),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
	t.Run("import", func(t *testing.T) {
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: orchacc.ProviderFactories,
			Steps: []resource.TestStep{{
				Config:        secretConfig(model, "x", "y"),
				ResourceName:  "orch_secret.s",
				ImportState:   true,
				ImportStateId: "x",
				ExpectError:   regexp.MustCompile(`(?s)is\s+not\s+of\s+the\s+shape\s+<model_uuid>:<secret_name>`),
			}},
		})
	})
}

// secretWOConfig gives the write-only content through an ephemeral
// variable, as users keep it out of their files: Terraform prints the
// literal values of a configuration in the plan's JSON (its
// "configuration"), and keeps no ephemeral variable's value anywhere.
func secretWOConfig(modelUUID string, version int) string {
	return fmt.Sprintf(`
variable "password" {
  type      = string
  ephemeral = true
  sensitive = true
}

resource "orch_secret" "s" {
  model_uuid       = %q
  name             = "wo-secret"
  value_wo         = { password = var.password }
  value_wo_version = %d
}
`, modelUUID, version)
}

func passwordVariable(v string) config.Variables {
	return config.Variables{"password": config.StringVariable(v)}
}

// A write-only value reaches the controller and is in neither the plan nor
// the state; a new content is sent only with a new version, which is then
// the plan's one change.
func TestAccSecret_writeOnly(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformWriteOnly, "write-only arguments")
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	const one, two, unseen = "wo-value-one-5e1f0a", "wo-value-two-7b93c2", "wo-value-unseen-04d8"
	content := func(want string, revision int) resource.TestCheckFunc {
		return func(*terraform.State) error {
			s, err := orchAPI.SecretByName(context.Background(), model.UUID, "wo-secret")
			require.NoError(t, err)
			got, err := orchAPI.Secret(context.Background(), model.UUID, s.ID, true)
			require.NoError(t, err)
			require.Equal(t, map[string]string{"password": want}, got.Value)
			require.Equal(t, revision, got.Revision)
			return nil
		}
	}
	nowhere := []statecheck.StateCheck{
		acctest.StateLacks(one, two, unseen),
		statecheck.ExpectKnownValue("orch_secret.s", tfjsonpath.New("value"), knownvalue.Null()),
		statecheck.ExpectKnownValue("orch_secret.s", tfjsonpath.New("value_wo"), knownvalue.Null()),
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:          secretWOConfig(model.UUID, 1),
				ConfigVariables: passwordVariable(one),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_secret.s", plancheck.ResourceActionCreate),
					acctest.PlanLacks(one),
				}},
				ConfigStateChecks: append(nowhere, statecheck.ExpectKnownValue("orch_secret.s", tfjsonpath.New("value_wo_version"), knownvalue.Int64Exact(1))),
				Check:             content(one, 1),
			},
			{
				Config:           secretWOConfig(model.UUID, 1),
				ConfigVariables:  passwordVariable(one),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			// A new content without a new version is not seen: Terraform
			// keeps nothing of it to compare with.
			{
				Config:           secretWOConfig(model.UUID, 1),
				ConfigVariables:  passwordVariable(unseen),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check:            content(one, 1),
			},
			// The new version rotates the content, with no other diff.
			{
				Config:          secretWOConfig(model.UUID, 2),
				ConfigVariables: passwordVariable(two),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					acctest.ExpectOnlyChanged("orch_secret.s", "value_wo_version"),
					acctest.PlanLacks(one, two),
				}},
				ConfigStateChecks: nowhere,
				Check:             content(two, 2),
			},
			// Back to value: it is sent and kept again.
			{
				Config: secretConfig(model.UUID, "wo-secret", "kept-value-3"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_secret.s", plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_secret.s", tfjsonpath.New("value"), acctest.StringMap(map[string]string{"password": "kept-value-3"})),
					statecheck.ExpectKnownValue("orch_secret.s", tfjsonpath.New("value_wo_version"), knownvalue.Null()),
				},
				Check: content("kept-value-3", 3),
			},
		},
	})
}

// An imported secret's content is read into value; the first apply with
// value_wo sends the write-only content and drops value from the state.
func TestAccSecret_importThenWriteOnly(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformWriteOnly, "write-only arguments")
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	const imported, wo = "imported-value-61ad", "wo-after-import-a90c"
	s, err := orchAPI.AddSecret(context.Background(), model.UUID, api.CreateSecretRequest{Name: "wo-secret", Value: map[string]string{"password": imported}})
	require.NoError(t, err)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:             secretWOConfig(model.UUID, 1),
				ConfigVariables:    passwordVariable(wo),
				ResourceName:       "orch_secret.s",
				ImportState:        true,
				ImportStateId:      model.UUID + ":wo-secret",
				ImportStatePersist: true,
			},
			{
				Config:          secretWOConfig(model.UUID, 1),
				ConfigVariables: passwordVariable(wo),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_secret.s", plancheck.ResourceActionUpdate),
					acctest.PlanLacks(wo),
				}},
				ConfigStateChecks: []statecheck.StateCheck{acctest.StateLacks(imported, wo)},
				Check: func(*terraform.State) error {
					got, err := orchAPI.Secret(context.Background(), model.UUID, s.ID, true)
					require.NoError(t, err)
					require.Equal(t, map[string]string{"password": wo}, got.Value)
					return nil
				},
			},
		},
	})
}

func TestAccSecret_valueOrValueWO(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformWriteOnly, "write-only arguments")
	t.Parallel()
	const model = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
	for name, tc := range map[string]struct{ body, want string }{
		"both":         {`value = { abc = "x" }` + "\n" + `value_wo = { abc = "y" }` + "\n" + `value_wo_version = 1`, `Exactly one of these attributes must be configured: [value,value_wo]`},
		"neither":      {``, `Exactly one of these attributes must be configured: [value,value_wo]`},
		"no version":   {`value_wo = { abc = "y" }`, `These attributes must be configured together: [value_wo,value_wo_version]`},
		"version only": {`value = { abc = "x" }` + "\n" + `value_wo_version = 1`, `These attributes must be configured together: [value_wo,value_wo_version]`},
		"wo key":       {`value_wo = { "A" = "y" }` + "\n" + `value_wo_version = 1`, `must be lower-case letters, digits and single hyphens`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      fmt.Sprintf("resource \"orch_secret\" \"s\" {\n model_uuid = %q\n name = \"x\"\n%s\n}", model, tc.body),
					PlanOnly:    true,
					ExpectError: acctest.ErrorMatching(tc.want),
				}},
			})
		})
	}
}

// The write-only value is in no TRACE log of Terraform and the provider
// (which run as separate processes here, as in production), through the
// create and a rotation.
func TestAccSecret_writeOnlyNotInTraceLog(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformWriteOnly, "write-only arguments")
	t.Parallel()
	ctx := context.Background()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	const one, two = "wo-trace-one-3c1e77", "wo-trace-two-9a0d42"
	run := acctest.NewPluginRun(t, "orch", secretWOConfig(model.UUID, 1))
	logs := run.MustRun(ctx, []string{"TF_LOG=TRACE", "TF_VAR_password=" + one}, "apply", "-auto-approve", "-input=false", "-no-color")
	run.SetConfig(secretWOConfig(model.UUID, 2))
	logs += run.MustRun(ctx, []string{"TF_LOG=TRACE", "TF_VAR_password=" + two}, "apply", "-auto-approve", "-input=false", "-no-color")
	s, err := orchAPI.SecretByName(ctx, model.UUID, "wo-secret")
	require.NoError(t, err)
	got, err := orchAPI.Secret(ctx, model.UUID, s.ID, true)
	require.NoError(t, err)
	require.Equal(t, map[string]string{"password": two}, got.Value)
	require.Equal(t, 2, got.Revision)
	require.Contains(t, logs, "value_wo", "the TRACE log shows the write-only argument's name, so it proves something")
	acctest.Lacks(t, "TRACE log", logs, one, two)
	acctest.Lacks(t, "state", run.MustRun(ctx, nil, "show", "-json"), one, two)
	run.MustRun(ctx, []string{"TF_VAR_password=" + two}, "destroy", "-auto-approve", "-input=false", "-no-color")
}

// TestAccSecret_withoutName: name is optional, as upstream's; a secret
// without one imports by its secret ID, and a name can be added and removed
// in place.
func TestAccSecret_withoutName(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	config := func(name string) string {
		n := ""
		if name != "" {
			n = fmt.Sprintf("  name       = %q\n", name)
		}
		return fmt.Sprintf("resource \"orch_secret\" \"s\" {\n  model_uuid = %q\n%s  value      = { password = \"s3cret\" }\n}\n", model.UUID, n)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config(""),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_secret.s", tfjsonpath.New("name"), knownvalue.Null()),
				},
			},
			{
				Config:           config(""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config:       config(""),
				ResourceName: "orch_secret.s",
				ImportState:  true,
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					id, _ := orchacc.StateAttr(s, "orch_secret.s", "secret_id")
					return model.UUID + ":" + id, nil
				},
				ImportStateVerify: true,
			},
			{
				Config: config("named"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_secret.s", plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_secret.s", tfjsonpath.New("name"), knownvalue.StringExact("named")),
				},
			},
			{
				Config: config(""),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_secret.s", tfjsonpath.New("name"), knownvalue.Null()),
				},
			},
		},
	})
}
