# attribute: name
# expect: must be letters, digits
resource "orch_credential" "bad" {
  name       = "lab creds"
  auth_type  = "certificate"
  attributes = { client-cert = "x" }

  cloud {
    name = "localhost"
  }
}
