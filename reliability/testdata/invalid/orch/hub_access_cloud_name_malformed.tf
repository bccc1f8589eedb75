# attribute: cloud_name
# expect: must be a cloud name
resource "orch_hub_access_cloud" "bad" {
  cloud_name = "my cloud"
  access     = "can_addmodel"
  users      = ["alice"]
}
