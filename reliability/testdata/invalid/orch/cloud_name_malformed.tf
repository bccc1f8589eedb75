# attribute: name
# expect: must be letters, digits
resource "orch_cloud" "bad" {
  name       = "-lab"
  type       = "lxd"
  auth_types = ["certificate"]
}
