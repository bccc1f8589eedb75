import {
  to = orch_hub_controller.east
  identity = {
    name = "east"
  }
}
