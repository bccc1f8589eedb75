# attribute: asset_source
# expect: must be projects/{project}/locations/{location}/sources/{source}
resource "cloudnative_migration_import_job" "bad" {
  import_job_id = "inventory-2025"
  asset_source  = "sources/vcenter"
}
