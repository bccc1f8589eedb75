# <model_uuid>:<machine_id>[:<machine_name>].
# attribute: <machine_id>
# expect: not of the shape
import {
  to = orch_machine.bad
  id = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
}

resource "orch_machine" "bad" {
  model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  name       = "web"
  base       = "ubuntu@22.04"
}
