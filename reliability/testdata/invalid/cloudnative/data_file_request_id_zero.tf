# The all-zero UUID is rejected as a requestId.
# attribute: request_id
# expect: all-zero
resource "cloudnative_migration_import_data_file" "bad" {
  import_job_id       = "inventory-2025"
  import_data_file_id = "vm-export"
  format              = "IMPORT_JOB_FORMAT_RVTOOLS_CSV"
  request_id          = "00000000-0000-0000-0000-000000000000"
}
