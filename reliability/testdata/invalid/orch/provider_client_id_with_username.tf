# Hub mode (client credentials) and direct mode (username and password)
# exclude each other.
# attribute: username
# expect: client_id
provider "orch" {
  client_id     = "ci"
  client_secret = "ci-client-secret-0123456789"
  username      = "admin"
}

resource "orch_model" "bad" {
  name = "development"
}
