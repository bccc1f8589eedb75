resource "orch_model" "storage" {
  name = "storage"
}

# rootfs is one of the pools every machine model has.
data "orch_storage_pool" "rootfs" {
  model_uuid = orch_model.storage.uuid
  name       = "rootfs"
}

output "rootfs_id" {
  value = data.orch_storage_pool.rootfs.id
}
