# <model_uuid>:<secret_name>.
# attribute: <model_uuid>
# expect: not of the shape
import {
  to = orch_secret.bad
  id = "prod:db-password"
}

resource "orch_secret" "bad" {
  model_uuid = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e"
  name       = "db-password"
  value      = { password = "s3cret-value" }
}
