import {
  to = orch_model.development
  id = "<uuid>"
}
