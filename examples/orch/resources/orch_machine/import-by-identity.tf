import {
  to = orch_machine.web
  identity = {
    model_uuid = "<model_uuid>"
    machine_id = "<machine_id>"
  }
}
