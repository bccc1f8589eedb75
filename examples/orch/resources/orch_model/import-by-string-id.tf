import {
  to = orch_model.development
  id = "<model_uuid>"
}
