# displayName is at most 256 characters.
# attribute: display_name
# expect: at most 256
resource "cloudnative_migration_import_data_file" "bad" {
  import_job_id       = "inventory-2025"
  import_data_file_id = "vm-export"
  format              = "IMPORT_JOB_FORMAT_RVTOOLS_CSV"
  display_name        = "ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd"
}
