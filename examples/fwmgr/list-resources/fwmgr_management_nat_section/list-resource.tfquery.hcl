# The nat-sections of a package, in rulebase order. With the provider configured
# (context = "web_api") in a .tf file beside it:
#   terraform query                                   # lists them
#   terraform query -generate-config-out=generated.tf # writes their resource and import blocks
list "fwmgr_management_nat_section" "all" {
  provider         = fwmgr
  include_resource = true

  config {
    package = "Standard"
  }
}
