import {
  to = orch_secret.db_password
  id = "<model_uuid>:db-password"
}

# terraform plan -generate-config-out writes `value = null # sensitive`: the
# secret's content is sensitive and never written into configuration. Replace
# that line with the content, e.g.
#   value = { password = var.db_password }
