# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_user_template" "example" {
  name                            = "myusertemplate"
  expiration_by_global_properties = false
  expiration_date                 = "2030-05-30"
}

data "fwmgr_management_user_template" "example" {
  name = fwmgr_management_user_template.example.name
}

output "user_template_uid" {
  value = data.fwmgr_management_user_template.example.id
}
