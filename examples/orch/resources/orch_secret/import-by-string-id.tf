import {
  to = orch_secret.db_password
  id = "<model_uuid>:db-password"
}

# The import reads the secret's content into `value`; with `value_wo` in the
# configuration, the first apply after the import sends the write-only
# content (a new revision) and drops `value` from the state.
# terraform plan -generate-config-out writes `value = null # sensitive`:
# replace that line with
#   value_wo         = { password = var.db_password }
#   value_wo_version = 1
