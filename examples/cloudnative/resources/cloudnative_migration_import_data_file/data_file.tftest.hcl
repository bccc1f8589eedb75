# `terraform test` / `tofu test`: creates the import job and data file of
# this example on the service (the sandbox in the project's tests), checks
# the signed upload it hands out, and deletes both.

run "data_file_has_a_signed_upload" {
  command = apply

  assert {
    condition     = cloudnative_migration_import_data_file.vms.import_job_id == "vm-inventory"
    error_message = "the data file belongs to the configured import job"
  }
  assert {
    condition     = startswith(nonsensitive(output.vms_upload_uri), "http")
    error_message = "the upload address is a URL"
  }
  assert {
    condition     = length(output.vms_upload_headers) > 0
    error_message = "the upload comes with the headers it was signed with"
  }
}
