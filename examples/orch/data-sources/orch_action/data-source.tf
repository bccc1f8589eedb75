resource "orch_model" "fortunes" {
  name = "action-fortunes"
}

resource "orch_application" "qa" {
  model_uuid = orch_model.fortunes.uuid
  name       = "qa"

  charm {
    name = "juju-qa-test"
  }
}

resource "orch_action" "fortune" {
  model_uuid       = orch_model.fortunes.uuid
  application_name = orch_application.qa.name
  action_name      = "fortune"
  unit             = "qa/leader"
  args = {
    length = "long"
  }
}

# The result of an action by its ID: one run by a resource, by the
# orch_run_action action, or outside Terraform.
data "orch_action" "fortune" {
  model_uuid = orch_model.fortunes.uuid
  action_id  = orch_action.fortune.action_id
}

output "fortune" {
  value = jsondecode(data.orch_action.fortune.output).fortune
}
