# attribute: access
# expect: value must be one of
resource "orch_hub_access_cloud" "bad" {
  cloud_name = "localhost"
  access     = "admin"
  users      = ["alice"]
}
