# A time object: when a rule applies.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_time" "example" {
  name = "time1"
}
