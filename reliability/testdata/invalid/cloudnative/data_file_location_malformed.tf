# attribute: location
# expect: must be 1 to 63 characters
resource "cloudnative_migration_import_data_file" "bad" {
  import_job_id       = "inventory-2025"
  import_data_file_id = "vm-export"
  format              = "IMPORT_JOB_FORMAT_RVTOOLS_CSV"
  location            = "us_central1"
}
