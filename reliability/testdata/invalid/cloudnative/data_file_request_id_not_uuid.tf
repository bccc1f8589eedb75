# attribute: request_id
# expect: must be a valid uuid
resource "cloudnative_migration_import_data_file" "bad" {
  import_job_id       = "inventory-2025"
  import_data_file_id = "vm-export"
  format              = "IMPORT_JOB_FORMAT_RVTOOLS_CSV"
  request_id          = "retry-1"
}
