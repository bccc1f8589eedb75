# A custom application or site for Application and URL Filtering: the URLs (plain or regular expressions) or the application signature that identify it, and the categories it falls in.
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
