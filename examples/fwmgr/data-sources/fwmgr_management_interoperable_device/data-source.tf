# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_interoperable_device" "example" {
  name         = "NewInteroperableDevice"
  ipv4_address = "192.0.2.50"
}

data "fwmgr_management_interoperable_device" "example" {
  name = fwmgr_management_interoperable_device.example.name
}

output "interoperable_device_uid" {
  value = data.fwmgr_management_interoperable_device.example.id
}
