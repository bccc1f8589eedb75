# The service keys of one port. With the provider configured in a .tf file
# beside it:
#   terraform query                                   # lists them
#   terraform query -generate-config-out=generated.tf # writes their resource and import blocks
list "netfab_service_key" "shared_port" {
  provider         = netfab
  include_resource = true

  config {
    product_uid = "5e3a3c3e-8a3b-4bb8-9c1e-0d5d2f0a7b61"
  }
}
