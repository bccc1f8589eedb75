package orch

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

func accessSecretConfig(modelUUID, apps string) string {
	return fmt.Sprintf(`
resource "orch_application" "a" {
  model_uuid = %[1]q
  name       = "ubuntu-a"
  charm {
    name = "ubuntu-lite"
  }
}
resource "orch_application" "b" {
  model_uuid = %[1]q
  name       = "ubuntu-b"
  charm {
    name = "ubuntu-lite"
  }
}
resource "orch_secret" "s" {
  model_uuid = %[1]q
  name       = "shared"
  value      = { token = "abc" }
}
resource "orch_access_secret" "s" {
  model_uuid   = %[1]q
  secret_id    = orch_secret.s.secret_id
  applications = %[2]s
}
`, modelUUID, apps)
}

func granted(t *testing.T, s *terraform.State, modelUUID string) []string {
	t.Helper()
	id, err := orchacc.StateAttr(s, "orch_secret.s", "secret_id")
	require.NoError(t, err)
	sec, err := orchAPI.Secret(context.Background(), modelUUID, id, false)
	require.NoError(t, err)
	return sec.Applications
}

func TestAccAccessSecret_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: accessSecretConfig(model.UUID, `[orch_application.a.name]`),
				Check: func(s *terraform.State) error {
					require.Equal(t, []string{"ubuntu-a"}, granted(t, s, model.UUID))
					return nil
				},
			},
			{
				Config:           accessSecretConfig(model.UUID, `[orch_application.a.name]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config: accessSecretConfig(model.UUID, `[orch_application.a.name, orch_application.b.name]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_access_secret.s", plancheck.ResourceActionUpdate),
				}},
				Check: func(s *terraform.State) error {
					require.ElementsMatch(t, []string{"ubuntu-a", "ubuntu-b"}, granted(t, s, model.UUID))
					return nil
				},
			},
			{
				Config:            accessSecretConfig(model.UUID, `[orch_application.a.name, orch_application.b.name]`),
				ResourceName:      "orch_access_secret.s",
				ImportState:       true,
				ImportStateIdFunc: orchacc.ImportID("orch_access_secret.s", "model_uuid", "secret_id"),
				ImportStateVerify: true,
			},
			// By the secret's name, as upstream documents the import.
			{
				Config:            accessSecretConfig(model.UUID, `[orch_application.a.name, orch_application.b.name]`),
				ResourceName:      "orch_access_secret.s",
				ImportState:       true,
				ImportStateId:     model.UUID + ":shared",
				ImportStateVerify: true,
			},
			// A grant revoked behind Terraform's back is planned again.
			{
				Config: accessSecretConfig(model.UUID, `[orch_application.a.name, orch_application.b.name]`),
				PreConfig: func() {
					s, err := orchAPI.SecretByName(context.Background(), model.UUID, "shared")
					require.NoError(t, err)
					_, err = orchAPI.SetSecretAccess(context.Background(), model.UUID, s.ID, []string{"ubuntu-a"})
					require.NoError(t, err)
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_access_secret.s", plancheck.ResourceActionUpdate),
				}},
			},
			// Another secret replaces the resource.
			{
				Config: strings.Replace(accessSecretConfig(model.UUID, `[orch_application.a.name]`),
					"secret_id    = orch_secret.s.secret_id", "secret_id    = orch_secret.other.secret_id", 1) + `
resource "orch_secret" "other" {
  model_uuid = orch_secret.s.model_uuid
  name       = "other"
  value      = { token = "xyz" }
}
`,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_access_secret.s", plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
		},
	})
}

func TestAccAccessSecret_badInput(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	const model = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      fmt.Sprintf("resource \"orch_access_secret\" \"s\" {\n model_uuid = %q\n secret_id = \"x\"\n applications = [\"Bad_App\"]\n}", model),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)must be lower-case letters, digits and\s+hyphens`),
			},
			{
				Config:        fmt.Sprintf("resource \"orch_access_secret\" \"s\" {\n model_uuid = %q\n secret_id = \"x\"\n applications = [\"a\"]\n}", model),
				ResourceName:  "orch_access_secret.s",
				ImportState:   true,
				ImportStateId: "only-a-secret",
				ExpectError:   regexp.MustCompile(`(?s)is\s+not\s+of\s+the\s+shape\s+<model_uuid>:<secret_name>\s+or\s+<model_uuid>:<secret_id>`),
			},
		},
	})
}
