# attribute: model_uuid
# expect: invalid uuid
data "orch_machine" "bad" {
  model_uuid = "x"
  machine_id = "0"
}
