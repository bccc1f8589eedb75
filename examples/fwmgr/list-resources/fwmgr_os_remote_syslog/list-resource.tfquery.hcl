# The remote syslog servers of the device (those of member 1). With the provider configured (the OS API,
# the default context) in a .tf file beside it:
#   terraform query                                   # lists them
#   terraform query -generate-config-out=generated.tf # writes their resource and import blocks
list "fwmgr_os_remote_syslog" "all" {
  provider         = fwmgr
  include_resource = true

  config {
    member_id = "1"
  }
}
