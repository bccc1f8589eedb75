import {
  to = orch_hub_role.model_admins
  id = "<role_uuid>"
}
