# attribute: orch_hub_access_controller
# expect: needs hub mode
resource "orch_hub_access_controller" "bad" {
  access = "administrator"
  users  = ["alice"]
}
