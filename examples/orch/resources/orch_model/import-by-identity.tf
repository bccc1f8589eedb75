import {
  to = orch_model.development
  identity = {
    uuid = "<uuid>"
  }
}
