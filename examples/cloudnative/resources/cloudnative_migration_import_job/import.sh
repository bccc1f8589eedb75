terraform import cloudnative_migration_import_job.inventory projects/my-project/locations/us-central1/importJobs/inventory-2025
