import {
  to = orch_action.replication_password
  id = "<model_uuid>:db:get-password:<action_id>"
}

# Importing reads the action back; it does not run it again. The unit is
# the one the action was enqueued on ("db/leader" stays so).
