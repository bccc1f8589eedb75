# attribute: labels
# expect: at least 1
resource "cloudnative_migration_import_job" "bad" {
  import_job_id = "inventory-2025"
  labels        = {}
}
