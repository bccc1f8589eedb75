# Hardware asset inventory of the device: system, disks, memory, network cards, power supplies, LOM, TPM and accelerator cards, as key/value lists.
data "fwmgr_os_show_asset" "example" {}

output "asset" {
  value = data.fwmgr_os_show_asset.example.system
}
