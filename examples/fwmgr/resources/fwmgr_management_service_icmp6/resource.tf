# An ICMPv6 service: ICMPv6 messages of one type and code (as IANA lists them).
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_service_icmp6" "example" {
  name      = "Icmp6-1"
  icmp_code = 7
  icmp_type = 5
}
