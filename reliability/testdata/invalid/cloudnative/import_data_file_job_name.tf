# A job name is not a file name.
# attribute: {import_data_file_id}
# expect: import
import {
  to = cloudnative_migration_import_data_file.bad
  id = "projects/reliability/locations/us-central1/importJobs/inventory-2025"
}

resource "cloudnative_migration_import_data_file" "bad" {
  import_job_id       = "inventory-2025"
  import_data_file_id = "vm-export"
  format              = "IMPORT_JOB_FORMAT_RVTOOLS_CSV"
}
