package fwmgr

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/iacsuite/providers/internal/acctest"
)

// exceptionConfig is a threat layer with two rules, and an exception named
// by its rule by rule (an HCL attribute line, "" for none).
func exceptionConfig(rule string) string {
	return mgmtProvider + fmt.Sprintf(`
resource "fwmgr_management_threat_layer" "x" {
  name = "te_acc layer"
}

resource "fwmgr_management_threat_rule" "r1" {
  layer = fwmgr_management_threat_layer.x.name
  name  = "te_acc rule 1"
  position {
    top = "top"
  }
}

resource "fwmgr_management_threat_rule" "r2" {
  layer = fwmgr_management_threat_layer.x.name
  name  = "te_acc rule 2"
  position {
    bottom = "bottom"
  }
}

resource "fwmgr_management_threat_exception" "e" {
  layer = fwmgr_management_threat_layer.x.name
  name  = "te_acc exception"
  %s
  position {
    top = "top"
  }
}

data "fwmgr_management_threat_rule" "r1" {
  layer      = fwmgr_management_threat_layer.x.name
  uid        = fwmgr_management_threat_rule.r1.id
  depends_on = [fwmgr_management_threat_exception.e]
}
`, rule)
}

// A threat exception named by its rule's name: the rule's UID is answered,
// the rule lists the exception; naming another rule replaces it; one that
// names no rule is refused at plan.
func TestAccManagementThreatException(t *testing.T) {
	acctest.PreCheck(t)
	t.Parallel()
	resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: protoV6ProviderFactories, Steps: []resource.TestStep{
		{Config: exceptionConfig(`rule_name = fwmgr_management_threat_rule.r1.name`), Check: resource.ComposeAggregateTestCheckFunc(
			resource.TestCheckResourceAttrPair("fwmgr_management_threat_exception.e", "rule_uid", "fwmgr_management_threat_rule.r1", "id"),
			resource.TestCheckResourceAttr("fwmgr_management_threat_exception.e", "rule_name", "te_acc rule 1"),
			resource.TestCheckResourceAttr("fwmgr_management_threat_exception.e", "action", "Detect"),
			resource.TestCheckResourceAttr("data.fwmgr_management_threat_rule.r1", "exceptions.#", "1"),
			resource.TestCheckTypeSetElemAttrPair("data.fwmgr_management_threat_rule.r1", "exceptions.*", "fwmgr_management_threat_exception.e", "id"),
		)},
		{Config: exceptionConfig(`rule_name = fwmgr_management_threat_rule.r1.name`), PlanOnly: true},
		{Config: exceptionConfig(`rule_name = fwmgr_management_threat_rule.r2.name`),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("fwmgr_management_threat_exception.e", plancheck.ResourceActionReplace)}},
			Check: resource.TestCheckResourceAttrPair("fwmgr_management_threat_exception.e", "rule_uid", "fwmgr_management_threat_rule.r2", "id")},
	}})
	resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: protoV6ProviderFactories, Steps: []resource.TestStep{
		{Config: exceptionConfig(""), PlanOnly: true, ExpectError: regexp.MustCompile(`(?s)At least one of these attributes must be configured.*rule_uid,rule_name`)},
	}})
}
