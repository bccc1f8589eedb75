# The last BGP state, event and error of every peer.
data "fwmgr_os_show_bgp_errors" "example" {
  limit = 50
}

output "bgp_errors" {
  value = data.fwmgr_os_show_bgp_errors.example.objects[*].last_error
}
