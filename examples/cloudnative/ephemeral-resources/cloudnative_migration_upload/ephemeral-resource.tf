resource "cloudnative_migration_import_job" "uploads" {
  import_job_id = "vm-uploads"
}

resource "cloudnative_migration_import_data_file" "inventory" {
  import_job_id       = cloudnative_migration_import_job.uploads.import_job_id
  import_data_file_id = "inventory"
  format              = "IMPORT_JOB_FORMAT_MANUAL_CSV"
}

# A fresh upload address for this run only: in neither the plan nor the
# state, and revoked by the service when the run ends.
ephemeral "cloudnative_migration_upload" "inventory" {
  import_data_file = cloudnative_migration_import_data_file.inventory.name
  ttl_seconds      = 600
}

# Uploads inventory.csv once, when the data file is created (a new file
# uploads again). curl trusts the service's certificate through its usual
# trust store (CURL_CA_BUNDLE for a private CA, such as the sandbox's).
resource "terraform_data" "upload" {
  triggers_replace = [cloudnative_migration_import_data_file.inventory.name]

  provisioner "local-exec" {
    command = "curl --fail --silent --show-error -X PUT -H \"Content-Type: $CONTENT_TYPE\" -H \"x-cloudnative-content-length-range: $LENGTH_RANGE\" --data-binary @inventory.csv \"$UPLOAD_URI\""
    environment = {
      UPLOAD_URI   = ephemeral.cloudnative_migration_upload.inventory.signed_uri
      CONTENT_TYPE = ephemeral.cloudnative_migration_upload.inventory.headers["Content-Type"]
      LENGTH_RANGE = ephemeral.cloudnative_migration_upload.inventory.headers["x-cloudnative-content-length-range"]
    }
  }
}
