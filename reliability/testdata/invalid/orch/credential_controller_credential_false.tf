# attribute: controller_credential
# expect: controller credential required
resource "orch_credential" "bad" {
  name                  = "lab"
  auth_type             = "certificate"
  attributes            = { client-cert = "x" }
  controller_credential = false

  cloud {
    name = "localhost"
  }
}
