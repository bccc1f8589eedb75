# Only values that stay as they are after the apply, so that a second plan is
# empty. upload_file_info is null while a data file is still being created (a
# create that outlived operation_timeout), hence the try().

output "import_job" {
  value = {
    name  = cloudnative_migration_import_job.inventory.name
    state = cloudnative_migration_import_job.inventory.state
  }
}

output "data_file" {
  value = {
    name  = cloudnative_migration_import_data_file.vms.name
    state = cloudnative_migration_import_data_file.vms.state
  }
}

output "upload_uri_expires" {
  description = "When the signed upload address expires."
  value       = try(cloudnative_migration_import_data_file.vms.upload_file_info.uri_expiration_time, null)
}

output "data_file_name" {
  value = cloudnative_migration_import_data_file.vms.name
}

# The upload: a PUT of the content to upload_signed_uri with exactly these
# headers, one "Name: value" a line.
output "upload_header_lines" {
  value = join("\n", [for k, v in try(cloudnative_migration_import_data_file.vms.upload_file_info.headers, {}) : "${k}: ${v}"])
}

output "upload_signed_uri" {
  description = "The signed upload address: a credential until it expires."
  value       = try(cloudnative_migration_import_data_file.vms.upload_file_info.signed_uri, null)
  sensitive   = true
}
