package orch

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// The ephemeral orch_secret hands a secret's content, for one run, to a
// provider block (the admin password of a second provider configuration)
// and to a write-only argument (another secret's value_wo); neither the
// plan nor the state holds any of it.
func TestAccSecretEphemeral_providerBlockAndWriteOnly(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformEphemeral, "ephemeral resources in write-only arguments")
	t.Parallel()
	ctx := context.Background()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	const content = "copied-content-2f8a61"
	src, err := orchAPI.AddSecret(ctx, model.UUID, api.CreateSecretRequest{Name: "source", Value: map[string]string{"token": content}})
	require.NoError(t, err)
	const wrong = "wrong-password-8d03b7"
	admin, err := orchAPI.AddSecret(ctx, model.UUID, api.CreateSecretRequest{Name: "admin", Value: map[string]string{"password": wrong}})
	require.NoError(t, err)
	other := orchacc.UniqueName(t, "other")
	config := fmt.Sprintf(`
ephemeral "orch_secret" "admin" {
  model_uuid = %[1]q
  name       = "admin"
}

# A second provider configuration whose password is the secret's content.
provider "orch" {
  alias                = "other"
  controller_addresses = %[2]q
  username             = "admin"
  password             = ephemeral.orch_secret.admin.value["password"]
}

resource "orch_model" "other" {
  provider = orch.other
  name     = %[3]q
}

ephemeral "orch_secret" "source" {
  model_uuid = %[1]q
  secret_id  = %[4]q
}

resource "orch_secret" "copy" {
  model_uuid       = %[1]q
  name             = "copy"
  value_wo         = ephemeral.orch_secret.source.value
  value_wo_version = 1
}
`, model.UUID, controllerAddress, other, src.URI)
	// Each provider block needs a provider process of its own (PluginRun):
	// in process, the blocks would share one provider server.
	run := acctest.NewPluginRun(t, "orch", config)
	trace := []string{"TF_LOG=TRACE"}
	// The second provider block logs in with what the secret holds: first a
	// wrong password, which the controller refuses, then the right one.
	out, err := run.Run(ctx, nil, "apply", "-auto-approve", "-input=false", "-no-color")
	require.Error(t, err, "a wrong password in the secret is refused:\n%s", out)
	require.Contains(t, out, "orch_model.other")
	require.Contains(t, out, `login as "admin"`)
	require.Contains(t, out, `invalid username or password`)
	logs := out
	_, err = orchAPI.UpdateSecret(ctx, model.UUID, admin.ID, api.UpdateSecretRequest{Value: &map[string]string{"password": orchacc.AdminPassword}})
	require.NoError(t, err)
	logs += run.MustRun(ctx, trace, "apply", "-auto-approve", "-input=false", "-no-color")
	copied, err := orchAPI.SecretByName(ctx, model.UUID, "copy")
	require.NoError(t, err)
	got, err := orchAPI.Secret(ctx, model.UUID, copied.ID, true)
	require.NoError(t, err)
	require.Equal(t, map[string]string{"token": content}, got.Value, "the write-only argument got the ephemeral content")
	var uuid string
	for _, r := range run.StateResources(ctx) {
		if r.Address == "orch_model.other" {
			uuid, _ = r.AttributeValues["uuid"].(string)
		}
	}
	_, err = orchAPI.Model(ctx, uuid)
	require.NoError(t, err, "the second provider block created its model")
	logs += run.MustRun(ctx, trace, "plan", "-input=false", "-no-color", "-detailed-exitcode", "-out=second.tfplan")
	plan := run.MustRun(ctx, nil, "show", "-json", "second.tfplan")
	state := run.MustRun(ctx, nil, "show", "-json")
	require.Contains(t, logs, "ephemeral.orch_secret.source", "the TRACE log shows the ephemeral resource, so it proves something")
	acctest.Lacks(t, "TRACE log of apply and plan", logs, content, orchacc.AdminPassword, wrong)
	acctest.Lacks(t, "plan", plan, content, orchacc.AdminPassword, wrong)
	acctest.Lacks(t, "state", state, content, orchacc.AdminPassword, wrong)
	run.MustRun(ctx, nil, "destroy", "-auto-approve", "-input=false", "-no-color")
}

func TestAccSecretEphemeral_refusals(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformEphemeral, "ephemeral resources")
	t.Parallel()
	model := newModel(t, orchAPI, orchacc.UniqueName(t, ""))
	for name, tc := range map[string]struct{ body, want string }{
		"both":    {`name = "a"` + "\n" + `secret_id = "b"`, `Exactly one of these attributes must be configured: [name,secret_id]`},
		"neither": {``, `Exactly one of these attributes must be configured: [name,secret_id]`},
		"missing": {`name = "no-such-secret"`, `Could not read secret no-such-secret`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      fmt.Sprintf("ephemeral \"orch_secret\" \"s\" {\n model_uuid = %q\n%s\n}", model.UUID, tc.body),
					ExpectError: acctest.ErrorMatching(tc.want),
				}},
			})
		})
	}
}
