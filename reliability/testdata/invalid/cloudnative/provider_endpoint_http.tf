# attribute: endpoint
# expect: must be an https:// base address
provider "cloudnative" {
  endpoint = "http://127.0.0.1:18444"
}

resource "cloudnative_migration_import_job" "bad" {
  import_job_id = "inventory-2025"
}
