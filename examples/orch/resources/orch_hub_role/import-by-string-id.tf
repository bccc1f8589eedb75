import {
  to = orch_hub_role.model_admins
  id = "<uuid>"
}
