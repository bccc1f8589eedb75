resource "orch_credential" "lab" {
  name      = "lab"
  auth_type = "certificate"

  cloud {
    name = orch_cloud.lab.name
  }

  attributes = {
    client-cert = file("client.crt")
    client-key  = file("client.key")
  }
}
