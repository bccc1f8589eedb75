# A model imports by its UUID.
# attribute: <model_uuid>
# expect: not of the shape
import {
  to = orch_model.bad
  id = "development"
}

resource "orch_model" "bad" {
  name = "development"
}
