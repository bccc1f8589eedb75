variable "user_password" {
  type      = string
  sensitive = true
}

resource "orch_model" "shared" {
  name = "access-model-example"
}

resource "orch_user" "auditor" {
  name     = "example-auditor"
  password = var.user_password
}

# The auditor sees the model and everything in it, but cannot change it.
resource "orch_access_model" "auditors" {
  model_uuid = orch_model.shared.uuid
  access     = "read"
  users      = [orch_user.auditor.name]
}
