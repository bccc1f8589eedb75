# Interfaces with BOOTP/DHCP relay configured.
data "fwmgr_os_show_bootp_interfaces" "example" {
  limit = 50
}

output "bootp_interfaces" {
  value = data.fwmgr_os_show_bootp_interfaces.example.objects[*].name
}
