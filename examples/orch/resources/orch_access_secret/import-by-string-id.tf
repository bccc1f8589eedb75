import {
  to = orch_access_secret.db_password
  id = "<model_uuid>:<secret_id>"
}
