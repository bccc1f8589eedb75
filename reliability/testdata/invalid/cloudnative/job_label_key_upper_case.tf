# attribute: labels
# expect: must be 1 to 63 lowercase letters
resource "cloudnative_migration_import_job" "bad" {
  import_job_id = "inventory-2025"
  labels        = { Wave = "1" }
}
