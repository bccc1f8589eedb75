import {
  to = orch_hub_role.model_admins
  identity = {
    uuid = "<uuid>"
  }
}
