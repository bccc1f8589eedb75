# One interface of any type.
data "fwmgr_os_show_interface" "example" {
  name = "eth1"
}

output "interface" {
  value = data.fwmgr_os_show_interface.example.ipv4_address
}
