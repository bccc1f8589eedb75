package orch

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/iacsuite/providers/internal/provider/orch/orchacc"
)

func TestAccDataSourceCharm(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				// Defaults: the charm's default channel, its current revision,
				// architecture amd64.
				Config: `data "orch_charm" "c" { charm = "juju-qa-test" }`,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.orch_charm.c", tfjsonpath.New("channel"), knownvalue.StringExact("latest/stable")),
					statecheck.ExpectKnownValue("data.orch_charm.c", tfjsonpath.New("revision"), knownvalue.Int64Exact(20)),
					statecheck.ExpectKnownValue("data.orch_charm.c", tfjsonpath.New("architecture"), knownvalue.StringExact("amd64")),
					statecheck.ExpectKnownValue("data.orch_charm.c", tfjsonpath.New("resources"),
						knownvalue.MapExact(map[string]knownvalue.Check{"foo-file": knownvalue.StringExact("2")})),
				},
			},
			{
				Config: `
data "orch_charm" "c" {
  charm    = "postgresql"
  channel  = "14/stable"
  revision = 429
  base     = "ubuntu@22.04"
}`,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.orch_charm.c", tfjsonpath.New("revision"), knownvalue.Int64Exact(429)),
					statecheck.ExpectKnownValue("data.orch_charm.c", tfjsonpath.New("provides").AtMapKey("db"), knownvalue.StringExact("pgsql")),
					statecheck.ExpectKnownValue("data.orch_charm.c", tfjsonpath.New("requires"), knownvalue.MapSizeExact(0)),
				},
			},
		},
	})
}

func TestAccDataSourceCharm_revisionNeedsChannel(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      "data \"orch_charm\" \"c\" {\n  charm    = \"postgresql\"\n  revision = 429\n}",
			ExpectError: regexp.MustCompile(`(?s)Attribute "channel" must be specified when "revision" is\s+specified`),
		}},
	})
}
