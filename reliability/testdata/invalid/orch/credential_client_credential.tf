# attribute: client_credential
# expect: client credentials are not supported
resource "orch_credential" "bad" {
  name              = "lab"
  auth_type         = "certificate"
  attributes        = { client-cert = "x" }
  client_credential = true

  cloud {
    name = "localhost"
  }
}
