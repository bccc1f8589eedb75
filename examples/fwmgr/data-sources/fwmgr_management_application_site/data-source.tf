# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_application_site_category" "new_application_site_category_1" {
  name        = "New Application Site Category 1"
  description = "My Application Site category"
}

resource "fwmgr_management_application_site" "example" {
  name                               = "New Application Site 1"
  additional_categories              = ["Instant Chat", "Supports Streaming", fwmgr_management_application_site_category.new_application_site_category_1.name]
  description                        = "My Application Site"
  primary_category                   = "Social Networking"
  url_list                           = ["www.cnet.com", "www.stackoverflow.com"]
  urls_defined_as_regular_expression = false
}

data "fwmgr_management_application_site" "example" {
  name = fwmgr_management_application_site.example.name
}

output "application_site_uid" {
  value = data.fwmgr_management_application_site.example.id
}
