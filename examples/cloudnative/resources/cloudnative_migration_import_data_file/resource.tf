resource "cloudnative_migration_import_job" "inventory" {
  import_job_id = "vm-inventory"
}

resource "cloudnative_migration_import_data_file" "vms" {
  import_job_id       = cloudnative_migration_import_job.inventory.import_job_id
  import_data_file_id = "vm-export"
  display_name        = "RVTools export, March"
  format              = "IMPORT_JOB_FORMAT_RVTOOLS_CSV"
}

# Upload the content to the signed address with exactly the headers it was
# signed with (the vms_upload_headers output), before it expires, e.g.:
#   curl --fail -X PUT --upload-file vms.csv \
#     -H "Content-Type: text/csv" \
#     -H "x-cloudnative-content-length-range: 0,33554432" \
#     "$(terraform output -raw vms_upload_uri)"
output "vms_upload_uri" {
  value     = cloudnative_migration_import_data_file.vms.upload_file_info.signed_uri
  sensitive = true
}

output "vms_upload_headers" {
  value = cloudnative_migration_import_data_file.vms.upload_file_info.headers
}
