# The job ID part breaks the ID rule.
# attribute: {import_job_id}
# expect: import
import {
  to = cloudnative_migration_import_job.bad
  id = "projects/reliability/locations/us-central1/importJobs/Inventory_2025"
}

resource "cloudnative_migration_import_job" "bad" {
  import_job_id = "inventory-2025"
}
