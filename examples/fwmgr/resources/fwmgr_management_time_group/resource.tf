# A time group: time objects taken together, so that a rule applies during any of them.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_time_group" "example" {
  name = "timeGroup-1"
}
