variable "model_uuid" {
  type = string
}

# A full backup on the database's leader, whenever invoked:
#   terraform apply -invoke=action.orch_run_action.backup
action "orch_run_action" "backup" {
  config {
    model_uuid       = var.model_uuid
    application_name = "db"
    action_name      = "create-backup"
    units            = ["db/leader"]
    args = {
      type = "full"
    }
    timeout = "30m"
  }
}

# Or every time the application's configuration changes.
resource "orch_application" "db" {
  model_uuid = var.model_uuid
  name       = "db"
  config = {
    profile = "production"
  }

  charm {
    name    = "postgresql"
    channel = "14/stable"
  }

  lifecycle {
    action_trigger {
      events  = [after_update]
      actions = [action.orch_run_action.backup]
    }
  }
}
