resource "cloudnative_migration_import_job" "inventory" {
  import_job_id = "inventory-2025"
  display_name  = "Inventory of the Frankfurt data centre"

  labels = {
    wave = "1"
  }
}
