import {
  to = orch_hub_access_role.model_admins
  identity = {
    role_id = "<role_id>"
    access  = "assignee"
  }
}
