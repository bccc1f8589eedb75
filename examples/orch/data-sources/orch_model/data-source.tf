data "orch_model" "production" {
  name  = "production"
  owner = "admin"
}
