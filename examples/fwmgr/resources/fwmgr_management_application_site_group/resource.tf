# A group of applications, sites and categories, usable in an Application and URL Filtering rule in place of its members.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_application_site_category" "new_application_site_category_1" {
  name        = "New Application Site Category 1"
  description = "My Application Site category"
}

resource "fwmgr_management_application_site" "new_application_site_1" {
  name                               = "New Application Site 1"
  additional_categories              = ["Instant Chat", "Supports Streaming", fwmgr_management_application_site_category.new_application_site_category_1.name]
  description                        = "My Application Site"
  primary_category                   = "Social Networking"
  url_list                           = ["www.cnet.com", "www.stackoverflow.com"]
  urls_defined_as_regular_expression = false
}

resource "fwmgr_management_application_site_group" "example" {
  name    = "New Application Site Group 1"
  members = ["Facebook", "Social Networking", fwmgr_management_application_site.new_application_site_1.name, fwmgr_management_application_site_category.new_application_site_category_1.name]
}
