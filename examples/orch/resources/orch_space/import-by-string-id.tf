import {
  to = orch_space.public
  id = "<model_uuid>:<name>"
}
