package orch

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"
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
	model := newModel(t, orchAPI, uniqueName(t, ""))
	var id string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: secretConfig(model.UUID, "db-password", "s3cret-one"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_secret.s", tfjsonpath.New("secret_uri"), knownvalue.StringRegexp(regexp.MustCompile(`^secret:[a-z0-9]{20}$`))),
				},
				Check: func(s *terraform.State) error {
					id, _ = stateAttr(s, "orch_secret.s", "secret_id")
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
				Config: secretConfig(newModel(t, orchAPI, uniqueName(t, "b")).UUID, "db-pass", "s3cret-two"),
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
	model := newModel(t, orchAPI, uniqueName(t, ""))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
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
				ProtoV6ProviderFactories: protoV6ProviderFactories,
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
			ProtoV6ProviderFactories: protoV6ProviderFactories,
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
