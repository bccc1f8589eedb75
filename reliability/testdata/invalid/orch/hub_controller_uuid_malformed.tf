# attribute: uuid
# expect: uuid
resource "orch_hub_controller" "bad" {
  uuid          = "east"
  api_addresses = ["10.0.0.5:17070"]
  username      = "admin"
  password      = "controller-password"
}
