# attribute: roles
# expect: uuid
resource "orch_hub_access_controller" "bad" {
  access = "administrator"
  roles  = ["operators"]
}
