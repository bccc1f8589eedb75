# The import jobs of the provider's project in one location. With the provider
# configured in a .tf file beside it:
#   terraform query                                   # lists them
#   terraform query -generate-config-out=generated.tf # writes their resource and import blocks
list "cloudnative_migration_import_job" "frankfurt" {
  provider         = cloudnative
  include_resource = true

  config {
    location = "europe-west3"
    state    = "IMPORT_JOB_STATE_PENDING"
  }
}
