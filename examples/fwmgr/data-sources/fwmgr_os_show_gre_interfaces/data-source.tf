# GRE tunnel interfaces.
data "fwmgr_os_show_gre_interfaces" "example" {}

output "gre_interfaces" {
  value = data.fwmgr_os_show_gre_interfaces.example.objects[*].name
}
