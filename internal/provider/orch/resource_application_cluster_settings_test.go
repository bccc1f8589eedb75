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

// juju-external-hostname is no option of the charm but an application
// setting of cluster models, which upstream's configurations set on every
// exposed cluster application (ResourceApplication_WithConstraints on
// microk8s deploys the machine charm ubuntu-lite so). A machine model has no
// such setting: the plan says so, naming the key.
func TestAccApplication_clusterExternalHostname(t *testing.T) {
	accPreCheck(t)
	t.Parallel()
	k8s := newCaaSModel(t, orchacc.UniqueName(t, "k8s"))
	machines := newModel(t, orchAPI, orchacc.UniqueName(t, "iaas"))
	config := func(model, hostname string) string {
		return applicationConfig(model, `
  name  = "test-app"
  trust = true
  constraints = "arch=amd64"
  charm {
    name     = "ubuntu-lite"
    revision = 2
  }
  expose {}
  config = {
    juju-external-hostname = "`+hostname+`"
    status                 = "ready"
  }
`)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: orchacc.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config(k8s.UUID, "myhostname"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("config").AtMapKey("juju-external-hostname"), knownvalue.StringExact("myhostname")),
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("model_type"), knownvalue.StringExact("caas")),
				},
			},
			{
				Config: config(k8s.UUID, "other"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("orch_application.app", tfjsonpath.New("config").AtMapKey("juju-external-hostname"), knownvalue.StringExact("other")),
				},
			},
			{
				Config:      config(machines.UUID, "myhostname"),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Invalid configuration option.*config\["juju-external-hostname"\].*caas \(cluster\) models only`),
			},
		},
	})
}
