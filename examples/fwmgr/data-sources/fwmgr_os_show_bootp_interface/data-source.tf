# BOOTP/DHCP relay settings of one interface.
data "fwmgr_os_show_bootp_interface" "example" {
  name = "eth2"
}

output "bootp_interface" {
  value = data.fwmgr_os_show_bootp_interface.example.relay_to
}
