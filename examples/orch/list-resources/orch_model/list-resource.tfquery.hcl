# Every available model of the user "ops". With the provider configured in a
# .tf file beside it:
#   terraform query                                   # lists them
#   terraform query -generate-config-out=generated.tf # writes their resource and import blocks
list "orch_model" "ops" {
  provider         = orch
  include_resource = true

  config {
    owner  = "ops"
    status = "available"
  }
}
