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
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	api "github.com/iacsuite/providers/internal/api/orch"
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// secretBackendConfig is a backend "b" and a model that stores its secrets
// in it when useIt.
func secretBackendConfig(name, typ, extra, config string, model string, useIt bool) string {
	backend := "internal"
	if useIt {
		backend = "${orch_secret_backend.b.name}"
	}
	return fmt.Sprintf(`
resource "orch_secret_backend" "b" {
  name         = %q
  backend_type = %q
%s
  config       = %s
}

resource "orch_model" "m" {
  name   = %q
  config = { secret-backend = %q }
}
`, name, typ, extra, config, model, backend)
}

const (
	vaultConfig  = `{ endpoint = "https://vault.example.com:8200", token = "s.root" }`
	vaultConfig2 = `{ endpoint = "https://vault.example.com:8200", token = "s.rotated", tls-server-name = "vault.example.com" }`
	k8sConfig    = `{ endpoint = "https://10.0.0.1:6443", namespace = "secrets" }`
)

func TestAccSecretBackend_lifecycle(t *testing.T) {
	accPreCheck(t)
	name, renamed, model := orchacc.UniqueName(t, "v"), orchacc.UniqueName(t, "v2"), orchacc.UniqueName(t, "m")
	backend := func(n string) api.SecretBackend {
		b, err := orchAPI.SecretBackend(context.Background(), n, true)
		require.NoError(t, err)
		return b
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: secretBackendConfig(name, "vault", `  token_rotate_interval = "24h"`, vaultConfig, model, true),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_secret_backend.b", tfjsonpath.New("id"), knownvalue.StringExact(name)),
					statecheck.ExpectSensitiveValue("orch_secret_backend.b", tfjsonpath.New("config")),
					statecheck.ExpectIdentity("orch_secret_backend.b", map[string]knownvalue.Check{"name": knownvalue.StringExact(name)}),
				},
				Check: func(*terraform.State) error {
					b := backend(name)
					assert.Equal(t, "24h0m0s", b.TokenRotateInterval)
					assert.Equal(t, "s.root", b.Config["token"])
					assert.Len(t, b.Models, 1, "the model stores its secrets in it")
					return nil
				},
			},
			// The same interval spelled as the controller answers it: nothing.
			{
				Config:           secretBackendConfig(name, "vault", `  token_rotate_interval = "24h"`, vaultConfig, model, true),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			// Every input changed once: the name (the model follows), the
			// interval and the configuration change in place.
			{
				Config: secretBackendConfig(renamed, "vault", `  token_rotate_interval = "1h"`, vaultConfig2, model, true),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_secret_backend.b", plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectIdentity("orch_secret_backend.b", map[string]knownvalue.Check{"name": knownvalue.StringExact(renamed)}),
				},
				Check: func(*terraform.State) error {
					b := backend(renamed)
					assert.Equal(t, "1h0m0s", b.TokenRotateInterval)
					assert.Equal(t, "vault.example.com", b.Config["tls-server-name"])
					assert.Len(t, b.Models, 1)
					return nil
				},
			},
			{
				Config:           secretBackendConfig(renamed, "vault", `  token_rotate_interval = "1h"`, vaultConfig2, model, true),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				ResourceName: "orch_secret_backend.b", ImportState: true, ImportStateId: renamed, ImportStateVerify: true,
			},
			// The model stops using it; then another type replaces it.
			{Config: secretBackendConfig(renamed, "vault", `  token_rotate_interval = "1h"`, vaultConfig2, model, false)},
			{
				Config: secretBackendConfig(renamed, "kubernetes", "", k8sConfig, model, false),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_secret_backend.b", plancheck.ResourceActionDestroyBeforeCreate),
				}},
				Check: func(*terraform.State) error {
					b := backend(renamed)
					assert.Equal(t, "kubernetes", b.BackendType)
					assert.Empty(t, b.TokenRotateInterval)
					return nil
				},
			},
			{
				Config:           secretBackendConfig(renamed, "kubernetes", "", k8sConfig, model, false),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}

// A backend a model stores its secrets in cannot be removed: the destroy
// fails naming the model, and the backend stays.
func TestAccSecretBackend_inUseIsNotRemoved(t *testing.T) {
	accPreCheck(t)
	name := orchacc.UniqueName(t, "")
	_, err := orchAPI.AddSecretBackend(context.Background(), api.CreateSecretBackendRequest{Name: name, BackendType: "vault", Config: map[string]string{"endpoint": "https://v.example.com"}})
	require.NoError(t, err)
	m := newModel(t, orchAPI, orchacc.UniqueName(t, "m"))
	t.Cleanup(func() { _ = orchAPI.RemoveSecretBackend(context.Background(), name) })
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: fmt.Sprintf(`
resource "orch_secret_backend" "b" {
  name         = %q
  backend_type = "vault"
  config       = { endpoint = "https://v.example.com" }
}
`, name),
				ImportState: true, ImportStateId: name, ResourceName: "orch_secret_backend.b", ImportStatePersist: true,
			},
			{
				PreConfig: func() {
					_, err := orchAPI.UpdateModel(context.Background(), m.UUID, api.UpdateModelRequest{Config: &map[string]string{"secret-backend": name}})
					require.NoError(t, err)
				},
				Config:      `provider "orch" {}`,
				ExpectError: regexp.MustCompile(`(?s)secret backend "` + name + `" is in use.*` + m.UUID),
			},
			{
				PreConfig: func() {
					_, err := orchAPI.UpdateModel(context.Background(), m.UUID, api.UpdateModelRequest{Config: &map[string]string{}})
					require.NoError(t, err)
				},
				Config: `provider "orch" {}`,
			},
		},
	})
}

// The write-only configuration (upstream's config_wo) never reaches the
// state; a new version sends it again.
func TestAccSecretBackend_writeOnly(t *testing.T) {
	accPreCheck(t)
	name := orchacc.UniqueName(t, "")
	cfg := func(token string, version int) string {
		return fmt.Sprintf(`
resource "orch_secret_backend" "b" {
  name              = %q
  backend_type      = "vault"
  config_wo         = { endpoint = "https://vault.example.com:8200", token = %q }
  config_wo_version = %d
}
`, name, token, version)
	}
	token := func() string {
		b, err := orchAPI.SecretBackend(context.Background(), name, true)
		require.NoError(t, err)
		return b.Config["token"]
	}
	noConfig := []statecheck.StateCheck{
		statecheck.ExpectKnownValue("orch_secret_backend.b", tfjsonpath.New("config"), knownvalue.Null()),
		statecheck.ExpectKnownValue("orch_secret_backend.b", tfjsonpath.New("config_wo"), knownvalue.Null()),
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: cfg("s.one", 1), ConfigStateChecks: noConfig, Check: func(*terraform.State) error { assert.Equal(t, "s.one", token()); return nil }},
			// A changed value alone is not seen (as upstream documents).
			{Config: cfg("s.two", 1), ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{Config: cfg("s.two", 2), ConfigStateChecks: noConfig, Check: func(*terraform.State) error { assert.Equal(t, "s.two", token()); return nil }},
			{
				ResourceName: "orch_secret_backend.b", ImportState: true, ImportStateId: name, ImportStateVerify: true,
				// An import reads the configuration into config; the version
				// is the configuration's alone.
				ImportStateVerifyIgnore: []string{"config", "config_wo_version"},
			},
		},
	})
}

// What the controller refuses is refused at plan, naming the attribute.
func TestAccSecretBackend_planTimeRules(t *testing.T) {
	accPreCheck(t)
	for name, tc := range map[string]struct{ body, want string }{
		"type":            {`backend_type = "aws"` + "\n" + `config = { endpoint = "https://v" }`, `backend_type value must be one of`},
		"name":            {`backend_type = "vault"` + "\n" + `config = { endpoint = "https://v" }`, `"internal" is reserved`},
		"missing config":  {`backend_type = "vault"`, `exactly one of config and\s+config_wo`},
		"both configs":    {`backend_type = "vault"` + "\n" + `config = { endpoint = "https://v" }` + "\n" + `config_wo = { endpoint = "https://v" }` + "\nconfig_wo_version = 1", `cannot be configured together`},
		"no wo version":   {`backend_type = "vault"` + "\n" + `config_wo = { endpoint = "https://v" }`, `config_wo_version`},
		"unknown key":     {`backend_type = "vault"` + "\n" + `config = { endpoint = "https://v", role = "x" }`, `config.role is not a key of a vault backend`},
		"no endpoint":     {`backend_type = "kubernetes"` + "\n" + `config_wo = { namespace = "x" }` + "\nconfig_wo_version = 1", `config_wo.endpoint is required for a kubernetes backend`},
		"bad endpoint":    {`backend_type = "vault"` + "\n" + `config = { endpoint = "vault:8200" }`, `config.endpoint must be an http or https URL`},
		"cert alone":      {`backend_type = "vault"` + "\n" + `config = { endpoint = "https://v", client-cert = "-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----\n" }`, `config.client-key is required with client-cert`},
		"short rotation":  {`backend_type = "vault"` + "\n" + `token_rotate_interval = "30s"` + "\n" + `config = { endpoint = "https://v" }`, `must be at least 1m0s`},
		"k8s rotation":    {`backend_type = "kubernetes"` + "\n" + `token_rotate_interval = "1h"` + "\n" + `config = { endpoint = "https://k" }`, `only a vault backend rotates its token`},
		"interval syntax": {`backend_type = "vault"` + "\n" + `token_rotate_interval = "daily"` + "\n" + `config = { endpoint = "https://v" }`, `must be a duration`},
	} {
		t.Run(name, func(t *testing.T) {
			backendName := "b-" + regexp.MustCompile(`[^a-z]`).ReplaceAllString(name, "")
			if name == "name" {
				backendName = "internal"
			}
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      fmt.Sprintf("resource \"orch_secret_backend\" \"b\" {\n  name = %q\n%s\n}\n", backendName, tc.body),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

func TestShortDuration(t *testing.T) {
	for in, want := range map[string]string{"1h0m0s": "1h", "24h0m0s": "24h", "1h30m0s": "1h30m", "1m30s": "1m30s", "10m0s": "10m", "0s": "0s", "": "", "2h0m5s": "2h0m5s"} {
		assert.Equal(t, want, shortDuration(in), in)
	}
}
