# attribute: auth_types
# expect: must not repeat a value
resource "orch_cloud" "bad" {
  name       = "lab"
  type       = "lxd"
  auth_types = ["certificate", "certificate"]
}
