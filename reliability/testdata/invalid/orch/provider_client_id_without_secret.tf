# Hub mode needs the client secret with the client ID.
# attribute: client_secret
# expect: needs the OAuth 2.0 client secret
provider "orch" {
  client_id = "ci"
}

resource "orch_model" "bad" {
  name = "development"
}
