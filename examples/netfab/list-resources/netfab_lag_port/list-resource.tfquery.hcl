# Every LAG port of the account at one location (plain ports are not listed).
# With the provider configured in a .tf file beside it:
#   terraform query                                   # lists them
#   terraform query -generate-config-out=generated.tf # writes their resource and import blocks
list "netfab_lag_port" "sydney" {
  provider         = netfab
  include_resource = true

  config {
    location_id = 1
  }
}
