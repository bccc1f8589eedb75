import {
  to = orch_access_model.auditors
  identity = {
    model_uuid = "<model_uuid>"
    access     = "<access>"
  }
}
