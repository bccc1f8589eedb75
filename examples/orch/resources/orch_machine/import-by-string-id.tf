import {
  to = orch_machine.web
  id = "<model_uuid>:<machine_id>:<name>"
}
