import {
  to = orch_hub_controller.east
  id = "east"
}
