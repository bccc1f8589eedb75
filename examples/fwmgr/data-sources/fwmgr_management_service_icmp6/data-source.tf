# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_service_icmp6" "example" {
  name      = "Icmp6-1"
  icmp_code = 7
  icmp_type = 5
}

data "fwmgr_management_service_icmp6" "example" {
  name = fwmgr_management_service_icmp6.example.name
}

output "service_icmp6_uid" {
  value = data.fwmgr_management_service_icmp6.example.id
}
