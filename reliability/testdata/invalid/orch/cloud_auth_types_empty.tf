# attribute: auth_types
# expect: at least 1
resource "orch_cloud" "bad" {
  name       = "lab"
  type       = "lxd"
  auth_types = []
}
