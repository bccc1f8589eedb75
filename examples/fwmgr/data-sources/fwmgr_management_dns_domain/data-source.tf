# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_dns_domain" "example" {
  name          = ".www.example.com"
  is_sub_domain = false
}

data "fwmgr_management_dns_domain" "example" {
  name = fwmgr_management_dns_domain.example.name
}

output "dns_domain_uid" {
  value = data.fwmgr_management_dns_domain.example.id
}
