# attribute: operation_timeout
# expect: must be a positive
provider "cloudnative" {
  operation_timeout = "-5m"
}

resource "cloudnative_migration_import_job" "bad" {
  import_job_id = "inventory-2025"
}
