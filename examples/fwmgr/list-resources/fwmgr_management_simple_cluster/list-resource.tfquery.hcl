# The simple-cluster objects whose name, comments or addresses contain a text. With the provider
# configured (context = "web_api") in a .tf file beside it:
#   terraform query                                   # lists them
#   terraform query -generate-config-out=generated.tf # writes their resource and import blocks
list "fwmgr_management_simple_cluster" "all" {
  provider         = fwmgr
  include_resource = true

  config {
    filter = "cluster1"
  }
}
