# attribute: location
# expect: must be 1 to 63 characters
provider "cloudnative" {
  location = "-us"
}

resource "cloudnative_migration_import_job" "bad" {
  import_job_id = "inventory-2025"
}
