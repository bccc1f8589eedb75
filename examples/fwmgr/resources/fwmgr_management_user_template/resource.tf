# A user template: the settings a new user starts with (authentication, expiration, when and from where the user may connect, IKE encryption).
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_user_template" "example" {
  name                            = "myusertemplate"
  expiration_by_global_properties = false
  expiration_date                 = "2030-05-30"
}
