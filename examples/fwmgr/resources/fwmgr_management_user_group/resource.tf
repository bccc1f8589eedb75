# A group of users (and of other user groups), usable in access roles and in remote access communities in place of its members.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_user_group" "example" {
  name  = "myusergroup"
  email = "myusergroup@email.com"
}
