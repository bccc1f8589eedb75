import {
  to = orch_secret.db_password
  identity = {
    model_uuid = "<model_uuid>"
    secret_id  = "<secret_id>"
  }
}

# terraform plan -generate-config-out writes `value = null # sensitive`: the
# secret's content is sensitive and never written into configuration. Replace
# that line with the content, e.g.
#   value = { password = var.db_password }
