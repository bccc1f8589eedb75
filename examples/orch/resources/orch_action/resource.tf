resource "orch_model" "backups" {
  name = "action-backups"
}

resource "orch_application" "db" {
  model_uuid = orch_model.backups.uuid
  name       = "db"
  units      = 2

  charm {
    name    = "postgresql"
    channel = "14/stable"
  }
}

# Runs get-password on the leader once, when created; the result is kept.
resource "orch_action" "replication_password" {
  model_uuid       = orch_model.backups.uuid
  application_name = orch_application.db.name
  action_name      = "get-password"
  unit             = "${orch_application.db.name}/leader"

  args = {
    username = "replication"
  }
}

# The output is a JSON string: jsondecode() reads values from it.
output "replication_password" {
  value     = jsondecode(orch_action.replication_password.output).password
  sensitive = true
}
