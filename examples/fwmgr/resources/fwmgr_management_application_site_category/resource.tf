# A custom category of applications and sites, for Application and URL Filtering rules and as an application site's primary or additional category.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_application_site_category" "example" {
  name        = "New Application Site Category 1"
  description = "My Application Site category"
}
