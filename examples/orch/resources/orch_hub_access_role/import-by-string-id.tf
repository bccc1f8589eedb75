import {
  to = orch_hub_access_role.model_admins
  id = "<role_id>:assignee"
}
