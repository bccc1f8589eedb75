data "orch_storage_pool" "rootfs" {
  model_uuid = orch_model.development.uuid
  name       = "rootfs"
}
