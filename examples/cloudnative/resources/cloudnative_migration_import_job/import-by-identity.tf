import {
  to = cloudnative_migration_import_job.inventory
  identity = {
    project       = "my-project"
    location      = "us-central1"
    import_job_id = "inventory-2025"
  }
}
