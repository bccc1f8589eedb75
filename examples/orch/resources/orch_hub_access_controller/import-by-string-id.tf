import {
  to = orch_hub_access_controller.administrators
  id = "hub:administrator"
}
