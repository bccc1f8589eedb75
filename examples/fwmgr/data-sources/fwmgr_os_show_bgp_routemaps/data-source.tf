# The import and export route maps of every BGP group and peer.
data "fwmgr_os_show_bgp_routemaps" "example" {
  limit = 50
}

output "bgp_routemaps" {
  value = data.fwmgr_os_show_bgp_routemaps.example.objects[*].as
}
