# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_time" "example" {
  name = "time1"
}

data "fwmgr_management_time" "example" {
  name = fwmgr_management_time.example.name
}

output "time_uid" {
  value = data.fwmgr_management_time.example.id
}
