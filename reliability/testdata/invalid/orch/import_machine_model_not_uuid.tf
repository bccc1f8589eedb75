# The first part is the model UUID.
# attribute: <model_uuid>
# expect: not of the shape
import {
  to = orch_machine.bad
  id = "development:0"
}

resource "orch_machine" "bad" {
  model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  name       = "web"
  base       = "ubuntu@22.04"
}
