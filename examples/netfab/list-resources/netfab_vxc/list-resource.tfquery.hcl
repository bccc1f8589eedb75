# Every live VXC of the account whose A end is at one location. With the
# provider configured in a .tf file beside it:
#   terraform query                                   # lists them
#   terraform query -generate-config-out=generated.tf # writes their resource and import blocks
list "netfab_vxc" "sydney" {
  provider         = netfab
  include_resource = true

  config {
    location_id         = 1
    provisioning_status = "LIVE"
  }
}
