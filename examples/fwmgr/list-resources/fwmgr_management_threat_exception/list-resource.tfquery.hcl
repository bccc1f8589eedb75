# The threat-exceptions of a threat rule, in rulebase order. With the provider configured
# (context = "web_api") in a .tf file beside it:
#   terraform query                                   # lists them
#   terraform query -generate-config-out=generated.tf # writes their resource and import blocks
list "fwmgr_management_threat_exception" "all" {
  provider         = fwmgr
  include_resource = true

  config {
    layer     = "Standard Threat Prevention"
    rule_name = "Threat Rule 1"
  }
}
