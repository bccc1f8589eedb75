# The last two parts are true or false.
# attribute: <is_client_credential>
# expect: not of the shape
import {
  to = orch_credential.bad
  id = "lab:localhost:no:yes"
}

resource "orch_credential" "bad" {
  name       = "lab"
  auth_type  = "certificate"
  attributes = { client-cert = "x" }

  cloud {
    name = "localhost"
  }
}
