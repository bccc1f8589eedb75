# Global BGP configuration: AS, cluster ID, confederation, routing domain, dampening, graceful restart, ping.
data "fwmgr_os_show_configuration_bgp" "example" {}

output "configuration_bgp" {
  value = data.fwmgr_os_show_configuration_bgp.example.as
}
