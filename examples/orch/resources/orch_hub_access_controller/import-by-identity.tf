import {
  to = orch_hub_access_controller.administrators
  identity = {
    access = "administrator"
  }
}
