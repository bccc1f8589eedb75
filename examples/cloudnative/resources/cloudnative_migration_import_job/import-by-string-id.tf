import {
  to = cloudnative_migration_import_job.inventory
  id = "projects/my-project/locations/us-central1/importJobs/inventory-2025"
}
