data "orch_machine" "zero" {
  model_uuid = orch_model.development.uuid
  machine_id = "0"
}
