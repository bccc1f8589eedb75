import {
  to = orch_access_secret.db_password
  identity = {
    model_uuid = "<model_uuid>"
    secret_id  = "<secret_id>"
  }
}
