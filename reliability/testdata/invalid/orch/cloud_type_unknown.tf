# attribute: type
# expect: value must be one of
resource "orch_cloud" "bad" {
  name       = "lab"
  type       = "vmware-ish"
  auth_types = ["certificate"]
}
