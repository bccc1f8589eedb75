# attribute: import_job_id
# expect: must be 1 to 63 characters
resource "cloudnative_migration_import_job" "bad" {
  import_job_id = "jobs/inventory"
}
