variable "db_password" {
  type      = string
  sensitive = true
}

resource "orch_model" "blog" {
  name = "blog-secrets"
}

resource "orch_application" "wordpress" {
  model_uuid = orch_model.blog.uuid
  name       = "wordpress"

  charm {
    name = "wordpress"
  }
}

resource "orch_secret" "db_password" {
  model_uuid = orch_model.blog.uuid
  name       = "db-password"
  value = {
    password = var.db_password
  }
}

# The applications that may read the secret.
resource "orch_access_secret" "db_password" {
  model_uuid   = orch_model.blog.uuid
  secret_id    = orch_secret.db_password.secret_id
  applications = [orch_application.wordpress.name]
}
