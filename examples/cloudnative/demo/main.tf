# An import job and one data file in it. Creating the data file returns a
# signed address to upload its content to (scripts/demo.sh uploads a CSV file
# there with curl).

resource "cloudnative_migration_import_job" "inventory" {
  import_job_id = "demo-inventory"
  display_name  = "Demo inventory"

  labels = {
    environment = "demo"
  }
}

resource "cloudnative_migration_import_data_file" "vms" {
  import_job_id       = cloudnative_migration_import_job.inventory.import_job_id
  import_data_file_id = "vm-export"
  display_name        = "RVTools export"
  format              = "IMPORT_JOB_FORMAT_RVTOOLS_CSV"
}
