import {
  to = orch_space.public
  identity = {
    id = "<model_uuid>:<name>"
  }
}
