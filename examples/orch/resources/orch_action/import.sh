terraform import orch_action.replication_password <model_uuid>:db:get-password:<action_id>
