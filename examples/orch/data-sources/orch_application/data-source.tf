data "orch_application" "mysql" {
  model_uuid = orch_model.development.uuid
  name       = "mysql"
}
