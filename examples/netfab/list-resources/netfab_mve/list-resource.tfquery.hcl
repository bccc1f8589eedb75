# Every live MVE of the account at one location. With the provider configured
# in a .tf file beside it:
#   terraform query                                   # lists them
#   terraform query -generate-config-out=generated.tf # writes their resource and import blocks
# The service never answers an MVE's vendor_config: add it to each generated
# resource block; the first apply records it in place.
list "netfab_mve" "sydney" {
  provider         = netfab
  include_resource = true

  config {
    location_id         = 1
    provisioning_status = "LIVE"
  }
}
