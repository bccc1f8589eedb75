# Four parts.
# attribute: <credential_name>
# expect: not of the shape
import {
  to = orch_credential.bad
  id = "lab:localhost:false"
}

resource "orch_credential" "bad" {
  name       = "lab"
  auth_type  = "certificate"
  attributes = { client-cert = "x" }

  cloud {
    name = "localhost"
  }
}
