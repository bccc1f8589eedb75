# The only input the seed states as required.
# attribute: import_data_file_id
# expect: is required
resource "cloudnative_migration_import_data_file" "bad" {
  import_job_id = "inventory-2025"
  format        = "IMPORT_JOB_FORMAT_RVTOOLS_CSV"
}
