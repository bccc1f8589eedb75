# The access token usually comes from CLOUDNATIVE_ACCESS_TOKEN; project and
# location from CLOUDNATIVE_PROJECT and CLOUDNATIVE_LOCATION.
provider "cloudnative" {
  project  = "my-project"
  location = "us-central1"
  # The import job of data files that name none (or CLOUDNATIVE_IMPORT_JOB_ID).
  import_job_id = "inventory-2025"
  # The local sandbox (`sandbox serve`); the default when not set.
  endpoint          = "https://127.0.0.1:18444"
  operation_timeout = "20m"
}
