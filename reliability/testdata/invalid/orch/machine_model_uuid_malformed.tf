# attribute: model_uuid
# expect: invalid uuid
resource "orch_machine" "bad" {
  model_uuid = "development"
  name       = "web"
  base       = "ubuntu@22.04"
}
