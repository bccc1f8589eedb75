# The data files of one import job of the provider's project and location.
list "cloudnative_migration_import_data_file" "inventory" {
  provider         = cloudnative
  include_resource = true

  config {
    import_job_id = "inventory"
  }
}
