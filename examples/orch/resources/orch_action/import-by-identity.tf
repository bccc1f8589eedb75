import {
  to = orch_action.replication_password
  identity = {
    model_uuid       = "<model_uuid>"
    application_name = "db"
    action_name      = "get-password"
    action_id        = "<action_id>"
  }
}

# Importing reads the action back; it does not run it again.
