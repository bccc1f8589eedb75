# attribute: model_uuid
# expect: invalid uuid
data "orch_secret" "bad" {
  model_uuid = "prod"
  name       = "db-password"
}
