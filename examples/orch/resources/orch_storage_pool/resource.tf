resource "orch_model" "data" {
  name = "storage-pool-example"
}

# A pool of the lxd storage provider, with a ZFS pool of its own, for the
# storage directives of the model's applications ("fast,10G").
resource "orch_storage_pool" "fast" {
  model_uuid       = orch_model.data.uuid
  name             = "fast"
  storage_provider = "lxd"
  attributes = {
    "zfs.pool_name" = "fast"
  }
}
