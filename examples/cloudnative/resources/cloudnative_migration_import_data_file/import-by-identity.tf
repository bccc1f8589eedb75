import {
  to = cloudnative_migration_import_data_file.vms
  identity = {
    project             = "my-project"
    location            = "us-central1"
    import_job_id       = "vm-inventory"
    import_data_file_id = "vm-export"
  }
}
