# The hub controller grants only administrator.
# attribute: access
# expect: value must be one of
resource "orch_hub_access_controller" "bad" {
  access = "can_addmodel"
  users  = ["alice"]
}
