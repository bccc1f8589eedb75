# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_application_site_category" "example" {
  name        = "New Application Site Category 1"
  description = "My Application Site category"
}

data "fwmgr_management_application_site_category" "example" {
  name = fwmgr_management_application_site_category.example.name
}

output "application_site_category_uid" {
  value = data.fwmgr_management_application_site_category.example.id
}
