# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_service_icmp" "example" {
  name      = "Icmp1"
  icmp_code = 7
  icmp_type = 5
}

data "fwmgr_management_service_icmp" "example" {
  name = fwmgr_management_service_icmp.example.name
}

output "service_icmp_uid" {
  value = data.fwmgr_management_service_icmp.example.id
}
