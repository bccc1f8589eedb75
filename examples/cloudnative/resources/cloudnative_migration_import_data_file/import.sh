terraform import cloudnative_migration_import_data_file.vms projects/my-project/locations/us-central1/importJobs/vm-inventory/importDataFiles/vm-export
