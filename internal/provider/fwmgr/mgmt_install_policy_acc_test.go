package fwmgr

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/iacsuite/providers/internal/acctest"
	api "github.com/iacsuite/providers/internal/api/fwmgr"
)

// Installing policy through the action, as users write it: an
// action_trigger on a resource that depends on the rules, so that it fires
// once they are all in place. Each test has a package and a layer of its
// own, so that the rules of tests running beside it (all in the shared
// sandbox) are not part of what it verifies.

// installPolicyConfig is a package named pkg with its own access layer,
// installable on targets (HCL list), a host, the given rules (HCL of
// fwmgr_management_access_rule resources, in layer
// fwmgr_management_access_layer.l), and the install action fired after
// every rule exists.
func installPolicyConfig(pkg, targets, rules, actionTargets string) string {
	return mgmtProvider + fmt.Sprintf(`
resource "fwmgr_management_access_layer" "l" {
  name = "%[1]s layer"
}

resource "fwmgr_management_package" "p" {
  name                 = %[1]q
  access               = true
  threat_prevention    = false
  access_layers        = [fwmgr_management_access_layer.l.name]
  installation_targets = %[2]s
}

resource "fwmgr_management_host" "web" {
  name         = "%[1]s web"
  ipv4_address = "192.0.2.71"
}

%[3]s

action "fwmgr_management_install_policy" "install" {
  config {
    policy_package = fwmgr_management_package.p.name
    targets        = %[4]s
  }
}

resource "terraform_data" "after_rules" {
  input = [for r in fwmgr_management_access_rule.r : r.id]
  lifecycle {
    action_trigger {
      events  = [after_create, after_update]
      actions = [action.fwmgr_management_install_policy.install]
    }
  }
}
`, pkg, targets, rules, actionTargets)
}

// installedPolicy is the access policy show-gateways-and-servers answers
// for the gateway, from a login of the test's own.
func installedPolicy(t *testing.T, gateway string) api.InstalledPolicy {
	t.Helper()
	var page struct {
		Objects []struct {
			Name   string              `json:"name"`
			Policy api.InstalledPolicy `json:"policy"`
		} `json:"objects"`
	}
	newMgmtLogin(t, shared).post(t, "show-gateways-and-servers", map[string]any{"details-level": "full"}, &page, http.StatusOK)
	for _, o := range page.Objects {
		if o.Name == gateway {
			return o.Policy
		}
	}
	t.Fatalf("show-gateways-and-servers has no %q", gateway)
	return api.InstalledPolicy{}
}

// The rules apply, the action installs the package on its target, and the
// gateway shows the package installed.
func TestAccMgmtInstallPolicyAction(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformActions, "actions")
	rules := `
resource "fwmgr_management_access_rule" "r" {
  count       = 2
  layer       = fwmgr_management_access_layer.l.name
  name        = ["web", "ssh"][count.index]
  position {
    top = "top"
  }
  destination = [fwmgr_management_host.web.name]
  service     = [["https", "ssh"][count.index]]
  action      = "Accept"
}
`
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: installPolicyConfig("install-ok", `["corporate-gateway"]`, rules, `["corporate-gateway"]`),
			Check: func(*terraform.State) error {
				p := installedPolicy(t, "corporate-gateway")
				if !p.AccessPolicyInstalled || p.AccessPolicyName != "install-ok" || p.AccessPolicyInstallationDate == nil {
					return fmt.Errorf("corporate-gateway's installed policy is %+v, want install-ok with its time", p)
				}
				return nil
			},
		}},
	})
}

// A rule below one that matches all it matches is hidden: the action
// fails with the server's verification message, naming both rules.
func TestAccMgmtInstallPolicyActionFailsVerification(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformActions, "actions")
	rules := `
resource "fwmgr_management_access_rule" "r" {
  count       = 2
  layer       = fwmgr_management_access_layer.l.name
  name        = ["1 web", "2 web https"][count.index]
  position {
    top    = count.index == 0 ? "top" : null
    bottom = count.index == 1 ? "bottom" : null
  }
  destination = [fwmgr_management_host.web.name]
  service     = count.index == 0 ? [] : ["https"]
  action      = count.index == 0 ? "Accept" : "Drop"
}
`
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      installPolicyConfig("install-hidden", `["corporate-gateway"]`, rules, `["corporate-gateway"]`),
			ExpectError: acctest.ErrorMatching(`rule 2 ("2 web https") of layer "install-hidden layer" is hidden by rule 1 ("1 web")`),
		}},
	})
}

// A target that is not one of the package's installation targets (the
// package names only branch-gateway) is refused for that target, with the
// server's message.
func TestAccMgmtInstallPolicyActionTargetOutsideThePackage(t *testing.T) {
	acctest.PreCheck(t)
	acctest.RequireTerraform(t, acctest.TerraformActions, "actions")
	rules := `
resource "fwmgr_management_access_rule" "r" {
  count    = 1
  layer    = fwmgr_management_access_layer.l.name
  name     = "web"
  position {
    top = "top"
  }
  service  = ["https"]
  action   = "Accept"
}
`
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      installPolicyConfig("install-elsewhere", `["branch-gateway"]`, rules, `["corporate-gateway"]`),
			ExpectError: acctest.ErrorMatching(`corporate-gateway: policy package "install-elsewhere" is not installed on "corporate-gateway": the gateway is not one of the package's installation targets`),
		}},
	})
}
