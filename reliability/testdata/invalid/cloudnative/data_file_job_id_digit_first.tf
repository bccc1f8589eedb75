# attribute: import_job_id
# expect: start with a letter
resource "cloudnative_migration_import_data_file" "bad" {
  import_job_id       = "2025-inventory"
  import_data_file_id = "vm-export"
  format              = "IMPORT_JOB_FORMAT_RVTOOLS_CSV"
}
