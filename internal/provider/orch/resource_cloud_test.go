package orch

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/stretchr/testify/require"

	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

func cloudConfig(name, typ, authTypes, regions string) string {
	return fmt.Sprintf(`
resource "orch_cloud" "c" {
  name       = %q
  type       = %q
  auth_types = %s
  endpoint   = "https://10.0.0.1:8443"
  regions = %s
}
`, name, typ, authTypes, regions)
}

func TestAccCloud_lifecycle(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	name := orchacc.UniqueName(t, "")
	two := `[{ name = "east", endpoint = "https://10.0.1.1:8443" }, { name = "west" }]`
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: cloudConfig(name, "lxd", `["certificate"]`, two),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_cloud.c", tfjsonpath.New("regions").AtSliceIndex(0).AtMapKey("name"), knownvalue.StringExact("east")),
				},
			},
			{
				Config:           cloudConfig(name, "lxd", `["certificate"]`, two),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config: cloudConfig(name, "lxd", `["certificate", "interactive"]`, `[{ name = "east" }]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_cloud.c", plancheck.ResourceActionUpdate),
				}},
				Check: func(s *terraform.State) error {
					c, err := orchAPI.Cloud(context.Background(), name)
					require.NoError(t, err)
					require.Equal(t, []string{"certificate", "interactive"}, c.AuthTypes)
					require.Len(t, c.Regions, 1)
					return nil
				},
			},
			{
				Config:            cloudConfig(name, "lxd", `["certificate", "interactive"]`, `[{ name = "east" }]`),
				ResourceName:      "orch_cloud.c",
				ImportState:       true,
				ImportStateId:     name,
				ImportStateVerify: true,
			},
			{
				Config: cloudConfig(name, "maas", `["oauth1"]`, `[{ name = "east" }]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_cloud.c", plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
			{
				Config: cloudConfig(name, "maas", `["oauth1"]`, `[{ name = "east" }]`),
				PreConfig: func() {
					require.NoError(t, orchAPI.RemoveCloud(context.Background(), name))
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("orch_cloud.c", plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

func TestAccCloud_badInput(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	for name, tc := range map[string]struct{ config, want string }{
		"type":       {cloudConfig("c1", "kubernetes", `["certificate"]`, `[]`), `type value must be one of`},
		"auth types": {cloudConfig("c1", "lxd", `[]`, `[]`), `auth_types list must contain at least 1 elements`},
		"name":       {cloudConfig("-c1", "lxd", `["certificate"]`, `[]`), `name must be letters`},
		"repeated auth type": {cloudConfig("c1", "lxd", `["certificate", "certificate"]`, `[]`),
			`auth_types must not repeat a value; "certificate" is listed more than once`},
		// Refused at plan with upstream's messages, not by the controller at apply.
		"ca certificate not pem": {strings.Replace(cloudConfig("c1", "lxd", `["certificate"]`, `[]`), `type `, "ca_certificates = [\"not a certificate\"]\n  type ", 1),
			`(?s)ca_certificates\[0\]: certificate must be PEM-encoded and include BEGIN\s+CERTIFICATE`},
		"ca certificate unparsable": {strings.Replace(cloudConfig("c1", "lxd", `["certificate"]`, `[]`), `type `, "ca_certificates = [\"-----BEGIN CERTIFICATE-----\\nAAAA\\n-----END CERTIFICATE-----\"]\n  type ", 1),
			`failed to parse certificate`},
	} {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: orchacc.ProviderFactories,
				Steps:                    []resource.TestStep{{Config: tc.config, PlanOnly: true, ExpectError: regexp.MustCompile(tc.want)}},
			})
		})
	}
	// The controller checks the auth types against the cloud's type.
	t.Run("auth type of another cloud type", func(t *testing.T) {
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: orchacc.ProviderFactories,
			Steps: []resource.TestStep{{
				Config:      cloudConfig(orchacc.UniqueName(t, ""), "lxd", `["oauth1"]`, `[{ name = "r" }]`),
				ExpectError: regexp.MustCompile(`(?i)authTypes|auth type`),
			}},
		})
	})
}
