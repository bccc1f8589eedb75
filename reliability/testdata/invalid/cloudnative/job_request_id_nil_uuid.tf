# attribute: request_id
# expect: all-zero
resource "cloudnative_migration_import_job" "bad" {
  import_job_id = "inventory-2025"
  request_id    = "00000000-0000-0000-0000-000000000000"
}
