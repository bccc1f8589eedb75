package orch

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/acctest"
	cliapi "github.com/iacsuite/providers/internal/api/orchcli"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/client/orchcli"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// A controller bootstrapped elsewhere (with the CLI directly, as another
// configuration or an operator would) is reached by a second provider
// block through the ephemeral orch_controller: the model it creates is on
// that controller, and the admin password is in neither plan nor state.
func TestAccControllerEphemeral_secondProviderBlock(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformEphemeral, "ephemeral resources in provider blocks")
	t.Parallel()
	ctx := context.Background()
	binary, _ := orchBinaryFor(t)
	det, err := orchcli.New(binary).Bootstrap(ctx, orchcli.BootstrapRequest{
		Name:       "acc-elsewhere",
		Cloud:      cliapi.CloudSpec{Name: "localhost", Type: "lxd", AuthTypes: []string{"certificate"}},
		Credential: cliapi.CredentialSpec{Name: "ops", AuthType: "certificate", Attributes: map[string]string{"client-cert": "c", "client-key": "k"}},
	})
	require.NoError(t, err)
	require.NotEmpty(t, det.Password)
	c, err := client.New(client.Config{Addresses: det.APIAddresses, Username: det.Username, Password: det.Password, CACertificate: det.CACert})
	require.NoError(t, err)
	config := fmt.Sprintf(`
provider "orch" {
  alias           = "boot"
  controller_mode = true
}

ephemeral "orch_controller" "elsewhere" {
  provider    = orch.boot
  name        = "acc-elsewhere"
  orch_binary = %q
}

provider "orch" {
  alias                = "elsewhere"
  controller_addresses = ephemeral.orch_controller.elsewhere.controller_addresses
  ca_certificate       = ephemeral.orch_controller.elsewhere.ca_certificate
  username             = ephemeral.orch_controller.elsewhere.username
  password             = ephemeral.orch_controller.elsewhere.password
}

resource "orch_model" "m" {
  provider   = orch.elsewhere
  name       = "on-elsewhere"
  credential = "ops"
}
`, binary)
	// Each provider block needs a provider process of its own (PluginRun):
	// in process, the blocks would share one provider server.
	run := acctest.NewPluginRun(t, "orch", config)
	trace := []string{"TF_LOG=TRACE"}
	logs := run.MustRun(ctx, trace, "apply", "-auto-approve", "-input=false", "-no-color")
	var uuid string
	for _, r := range run.StateResources(ctx) {
		if r.Address == "orch_model.m" {
			uuid, _ = r.AttributeValues["uuid"].(string)
		}
	}
	m, err := c.Model(ctx, uuid)
	require.NoError(t, err, "the model is on the controller bootstrapped elsewhere")
	require.Equal(t, "on-elsewhere", m.Name)
	_, err = orchAPI.Model(ctx, uuid)
	require.True(t, client.IsNotFound(err), "the model is not on the provider's usual controller: %v", err)
	logs += run.MustRun(ctx, trace, "plan", "-input=false", "-no-color", "-detailed-exitcode", "-out=second.tfplan")
	plan := run.MustRun(ctx, nil, "show", "-json", "second.tfplan")
	state := run.MustRun(ctx, nil, "show", "-json")
	require.Contains(t, logs, "ephemeral.orch_controller.elsewhere", "the TRACE log shows the ephemeral resource, so it proves something")
	acctest.Lacks(t, "TRACE log of apply and plan", logs, det.Password)
	acctest.Lacks(t, "plan", plan, det.Password)
	acctest.Lacks(t, "state", state, det.Password)
	run.MustRun(ctx, nil, "destroy", "-auto-approve", "-input=false", "-no-color")
	_, err = c.Model(ctx, uuid)
	require.True(t, client.IsNotFound(err), "destroy removed the model through the second provider block: %v", err)
}

func TestAccControllerEphemeral_refusals(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformEphemeral, "ephemeral resources")
	t.Parallel()
	binary, _ := orchBinaryFor(t)
	for name, tc := range map[string]struct{ config, want string }{
		"unknown controller": {fmt.Sprintf(`
provider "orch" {
  controller_mode = true
}

ephemeral "orch_controller" "c" {
  name        = "not-bootstrapped"
  orch_binary = %q
}
`, binary), `controller "not-bootstrapped" not found`},
		"not in controller mode": {fmt.Sprintf(`
ephemeral "orch_controller" "c" {
  name        = "any"
  orch_binary = %q
}
`, binary), `orch_controller needs controller_mode`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps:                    []resource.TestStep{{Config: tc.config, ExpectError: acctest.ErrorMatching(tc.want)}},
			})
		})
	}
}

// controller_uuid pins the controller: records of another controller of
// the same name (bootstrapped again since) are refused, naming both UUIDs;
// the right UUID opens.
func TestAccControllerEphemeral_controllerUUIDMismatch(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformEphemeral, "ephemeral resources")
	t.Parallel()
	binary, _ := orchBinaryFor(t)
	det, err := orchcli.New(binary).Bootstrap(context.Background(), orchcli.BootstrapRequest{
		Name:       "acc-uuid",
		Cloud:      cliapi.CloudSpec{Name: "localhost", Type: "lxd", AuthTypes: []string{"certificate"}},
		Credential: cliapi.CredentialSpec{Name: "ops", AuthType: "certificate", Attributes: map[string]string{"client-cert": "c", "client-key": "k"}},
	})
	require.NoError(t, err)
	const other = "5b0c2a7e-93d1-4f4e-8a61-0d2f3c4b5a69"
	require.NotEqual(t, other, det.UUID)
	config := func(uuid string) string {
		return fmt.Sprintf(`
provider "orch" {
  controller_mode = true
}

ephemeral "orch_controller" "c" {
  name            = "acc-uuid"
  orch_binary     = %q
  controller_uuid = %q
}
`, binary, uuid)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config(other),
				ExpectError: acctest.ErrorMatching("The orch CLI's records have controller acc-uuid with UUID " + det.UUID + ", not " + other +
					": it was bootstrapped again since. Give its new UUID, or leave controller_uuid out."),
			},
			{Config: config(det.UUID)},
		},
	})
}
