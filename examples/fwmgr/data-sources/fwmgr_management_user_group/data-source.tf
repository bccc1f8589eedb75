# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_user_group" "example" {
  name  = "myusergroup"
  email = "myusergroup@email.com"
}

data "fwmgr_management_user_group" "example" {
  name = fwmgr_management_user_group.example.name
}

output "user_group_uid" {
  value = data.fwmgr_management_user_group.example.id
}
