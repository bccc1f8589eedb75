# Upload details are an output. The message is the framework's own; it names the attribute through the source line Terraform shows.
# named-in: source
# attribute: upload_file_info
# expect: read-only
resource "cloudnative_migration_import_data_file" "bad" {
  import_job_id       = "inventory-2025"
  import_data_file_id = "vm-export"
  format              = "IMPORT_JOB_FORMAT_RVTOOLS_CSV"
  upload_file_info    = { signed_uri = "https://example.com/x" }
}
