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
	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

// credentialConfig adds a credential on a cloud of the test's own: a second
// credential of admin on a shared cloud would make models that name none
// ambiguous for the other tests.
func credentialConfig(name, key string) string {
	return fmt.Sprintf(`
resource "orch_cloud" "own" {
  name       = "cloud-%[1]s"
  type       = "lxd"
  auth_types = ["certificate"]
}
resource "orch_credential" "c" {
  name      = %[1]q
  auth_type = "certificate"
  cloud {
    name = orch_cloud.own.name
  }
  attributes = {
    client-cert = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"
    client-key  = %[2]q
  }
}
`, name, key)
}

func TestAccCredential_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := orchacc.UniqueName(t, "")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: credentialConfig(name, "key-one")},
			{
				Config:           credentialConfig(name, "key-one"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config: credentialConfig(name, "key-two"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_credential.c", plancheck.ResourceActionUpdate),
				}},
				Check: func(*terraform.State) error {
					c, err := orchAPI.Credential(context.Background(), "cloud-"+name, "admin", name)
					require.NoError(t, err)
					require.Equal(t, "key-two", c.Attributes["client-key"])
					return nil
				},
			},
			{
				Config:            credentialConfig(name, "key-two"),
				ResourceName:      "orch_credential.c",
				ImportState:       true,
				ImportStateId:     name + ":cloud-" + name + ":false:true",
				ImportStateVerify: true,
			},
			{
				Config: credentialConfig(name+"-b", "key-two"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_credential.c", plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
			{
				Config: credentialConfig(name+"-b", "key-two"),
				PreConfig: func() {
					require.NoError(t, orchAPI.RemoveCredential(context.Background(), "cloud-"+name+"-b", "admin", name+"-b"))
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_credential.c", plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

func TestAccCredential_badInput(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	for name, tc := range map[string]struct{ config, want string }{
		"client credential": {`resource "orch_credential" "c" {
  name = "c"
  auth_type = "certificate"
  client_credential = true
  cloud { name = "localhost" }
}`, `client_credential = true would store the credential on the client`},
		"no cloud": {`resource "orch_credential" "c" {
  name = "c"
  auth_type = "certificate"
}`, `(?s)cloud.*(at least 1|must have a configuration value)`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps:                    []resource.TestStep{{Config: tc.config, PlanOnly: true, ExpectError: regexp.MustCompile(tc.want)}},
			})
		})
	}
	for _, id := range []string{"c:localhost:false", "c:localhost:no:true", ":localhost:false:true"} {
		t.Run("import "+id, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:        credentialConfig("c", "k"),
					ResourceName:  "orch_credential.c",
					ImportState:   true,
					ImportStateId: id,
					ExpectError:   regexp.MustCompile(`(?s)is\s+not\s+of\s+the\s+shape\s+<credential_name>:<cloud_name>:<is_client_credential>:<is_controller_credential>`),
				}},
			})
		})
	}
	// The controller checks the attributes against the auth type (on an
	// lxd cloud none of certificate's is required, as upstream's controller
	// accepts; userpass needs both).
	t.Run("missing attribute", func(t *testing.T) {
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: orchacc.ProviderFactories,
			Steps: []resource.TestStep{{
				Config: fmt.Sprintf(`resource "orch_cloud" "own" {
  name       = "cloud-%[1]s"
  type       = "openstack"
  auth_types = ["userpass"]
  endpoint   = "https://keystone.example.com:5000/v3"
}
resource "orch_credential" "c" {
  name = %[1]q
  auth_type = "userpass"
  cloud { name = orch_cloud.own.name }
  attributes = { username = "x" }
}`, orchacc.UniqueName(t, "")),
				ExpectError: regexp.MustCompile(`attributes.password`),
			}},
		})
	})
}

// credentialWOConfig gives the key write-only, through an ephemeral
// variable.
func credentialWOConfig(name string, version int) string {
	return fmt.Sprintf(`
variable "client_key" {
  type      = string
  ephemeral = true
  sensitive = true
}
resource "orch_cloud" "own" {
  name       = "cloud-%[1]s"
  type       = "lxd"
  auth_types = ["certificate"]
}
resource "orch_credential" "c" {
  name      = %[1]q
  auth_type = "certificate"
  cloud {
    name = orch_cloud.own.name
  }
  attributes_wo = {
    client-cert = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"
    client-key  = var.client_key
  }
  attributes_wo_version = %[2]d
}
`, name, version)
}

// Write-only attributes reach the controller, are in neither plan nor
// state, and are sent again, alone in the plan, when their version changes.
func TestAccCredential_writeOnly(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformWriteOnly, "write-only arguments")
	t.Parallel()
	name := orchacc.UniqueName(t, "")
	const one, two = "wo-client-key-one-4e2b", "wo-client-key-two-81cf"
	key := func(want string) resource.TestCheckFunc {
		return func(*terraform.State) error {
			c, err := orchAPI.Credential(context.Background(), "cloud-"+name, "admin", name)
			require.NoError(t, err)
			require.Equal(t, want, c.Attributes["client-key"])
			return nil
		}
	}
	vars := func(v string) config.Variables { return config.Variables{"client_key": config.StringVariable(v)} }
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:            credentialWOConfig(name, 1),
				ConfigVariables:   vars(one),
				ConfigPlanChecks:  resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{acctest.PlanLacks(one)}},
				ConfigStateChecks: []statecheck.StateCheck{acctest.StateLacks(one), statecheck.ExpectKnownValue("orch_credential.c", tfjsonpath.New("attributes"), knownvalue.Null())},
				Check:             key(one),
			},
			{
				Config:           credentialWOConfig(name, 1),
				ConfigVariables:  vars(two),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check:            key(one),
			},
			{
				Config:          credentialWOConfig(name, 2),
				ConfigVariables: vars(two),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					acctest.ExpectOnlyChanged("orch_credential.c", "attributes_wo_version"),
					acctest.PlanLacks(one, two),
				}},
				ConfigStateChecks: []statecheck.StateCheck{acctest.StateLacks(one, two)},
				Check:             key(two),
			},
		},
	})
}

func TestAccCredential_attributesOrAttributesWO(t *testing.T) {
	accPreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformWriteOnly, "write-only arguments")
	t.Parallel()
	for name, tc := range map[string]struct{ body, want string }{
		"both":       {`attributes = { a = "x" }` + "\n" + `attributes_wo = { a = "y" }` + "\n" + `attributes_wo_version = 1`, `These attributes cannot be configured together: [attributes,attributes_wo]`},
		"no version": {`attributes_wo = { a = "y" }`, `These attributes must be configured together: [attributes_wo,attributes_wo_version]`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      fmt.Sprintf("resource \"orch_credential\" \"c\" {\n name = \"x\"\n auth_type = \"certificate\"\n cloud {\n name = \"localhost\"\n }\n%s\n}", tc.body),
					PlanOnly:    true,
					ExpectError: acctest.ErrorMatching(tc.want),
				}},
			})
		})
	}
}
