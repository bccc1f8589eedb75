# A DNS domain: the addresses a domain name resolves to, for rules on traffic to a domain.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_dns_domain" "example" {
  name          = ".www.example.com"
  is_sub_domain = false
}
