resource "orch_offer" "mysql" {
  model_uuid       = orch_model.development.uuid
  application_name = orch_application.mysql.name
  endpoints        = ["mysql"]
}
